// What the dashboard reads from the emulator (the fields it shows). The control API's own views are
// the emulator's types, imported for their shape only (nothing of the server is bundled).
export type { AccountOverview as Account } from '../../src/resources/virtual-accounts.js';
export type { DeliveryView as Delivery } from '../../src/webhooks.js';
export type { Fault } from '../../src/faults.js';

export interface Customer {
  id: string;
  email: string;
  first_name: string;
  last_name: string;
  country_code: string;
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

export interface Page<T> {
  items: T[];
}
