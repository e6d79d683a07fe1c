// What the dashboard reads from the emulator (the fields it shows).
export interface Customer {
  id: string;
  email: string;
  first_name: string;
  last_name: string;
  country_code: string;
}

export interface Account {
  account_number: string;
  account_name: string;
  bank_name: string;
  kind: 'single_use' | 'permanent';
  customer_id: string;
  currency: string;
  amount: string | null;
  state: 'open' | 'paid' | 'expired' | 'permanent';
  expires_at: string | null;
}

export interface Transaction {
  id: string;
  amount: string;
  entry: string;
  type: string;
  status: string;
  message: string;
  created_at: string;
  wallet: { id?: string; currency?: string };
}

export interface Delivery {
  id: string;
  type: string;
  url: string;
  attempts: number;
  delivered: boolean;
  last_status: number | null;
  last_error: string | null;
  next_attempt_at: string | null;
  endpoint_disabled: boolean;
}

export interface Fault {
  id: string;
  path_prefix: string;
  method: string | null;
  status: number | null;
  times: number | null;
  until: string | null;
}

export interface Page<T> {
  items: T[];
}
