// Every resource of the spec, field for field. Records are parsed with these at the client's edge;
// the emulator builds its answers to the same shapes.
import * as z from 'zod';
import { CurrencyCode, DecimalString, Timestamp } from './common.js';

// ── Customer ────────────────────────────────────────────────────────────────────────────────
export const CustomerDocument = z.object({
  docs: z.array(z.unknown()).nullable(),
  number: z.string(),
  country: z.string(),
  id_type: z.string(),
  valid_until: z.string(),
  provider: z.number().int(),
  additional: z.record(z.string(), z.unknown()).nullable(),
  gender: z.string(),
});
export const CustomerAddress = z.object({
  street: z.string(),
  city: z.string(),
  state: z.string(),
  country: z.string(),
  postal_code: z.string(),
  document: z.object({
    id_type: z.string(),
    issue_country: z.string(),
    urls: z.array(z.string()).nullable(),
  }),
});
export const CustomerMeta = z.object({
  date_of_birth: z.string(),
  employment_status: z.string(),
  expected_monthly_income: z.string(),
  primary_purpose: z.string(),
  source_of_funds: z.string(),
  most_recent_occupation: z.string(),
  providers: z.array(z.unknown()).nullable(),
  document: CustomerDocument,
  address: CustomerAddress,
});
export const Customer = z.object({
  id: z.string(),
  email: z.string(),
  first_name: z.string(),
  last_name: z.string(),
  country_code: z.string(),
  phone: z.string(),
  dial_code: z.string(),
  created_at: Timestamp,
  updated_at: Timestamp,
  status: z.string(),
  meta: CustomerMeta,
});
export type Customer = z.infer<typeof Customer>;

// ── Wallet ──────────────────────────────────────────────────────────────────────────────────
export const Wallet = z.object({
  id: z.string(),
  currency: CurrencyCode,
  balance: DecimalString,
  status: z.string(),
});
export type Wallet = z.infer<typeof Wallet>;

// ── Virtual accounts ────────────────────────────────────────────────────────────────────────
export const PermanentVirtualAccount = z.object({
  recommended: z.boolean(),
  default: z.boolean(),
  account_number: z.string(),
  account_name: z.string(),
  bank_name: z.string(),
  bank_code: z.string(),
  meta: z.object({
    id: z.string(),
    provider: z.number().int(),
    currency: z.string(),
    account_type: z.string(),
    issued: z.boolean(),
    disabled: z.boolean(),
    ach_routing_number: z.string(),
    rtp_routing_number: z.string(),
    wire_routing_number: z.string(),
    swift_code: z.string(),
    bank_address: z.string(),
  }),
});
export type PermanentVirtualAccount = z.infer<typeof PermanentVirtualAccount>;

export const CreatedAccount = z.object({
  account_number: z.string(),
  account_name: z.string(),
  bank_name: z.string(),
  bank_code: z.string(),
  ach_routing_number: z.string(),
  rtp_routing_number: z.string(),
  wire_routing_number: z.string(),
  swift_code: z.string(),
  bank_address: z.string(),
});
export const VirtualAccountCreation = z.object({
  customer_id: z.string(),
  reference: z.string(),
  currency: z.string(),
  email: z.string(),
  first_name: z.string(),
  last_name: z.string(),
  created_on: Timestamp,
  accounts: z.array(CreatedAccount),
});
export type VirtualAccountCreation = z.infer<typeof VirtualAccountCreation>;

/** Single-use (dynamic) account. Note `account_no`, a number `amount`, a lower-case `currency`. */
export const DynamicAccount = z.object({
  account_name: z.string(),
  account_no: z.string(),
  amount: z.number(),
  currency: CurrencyCode,
  bank_name: z.string(),
  reference: z.string(),
  email: z.string(),
  expires_at: Timestamp,
  payment_session_id: z.string(),
  usage: z.string(),
  created_at: Timestamp,
  customer_id: z.string(),
});
export type DynamicAccount = z.infer<typeof DynamicAccount>;

// ── Invoice ─────────────────────────────────────────────────────────────────────────────────
export const InvoiceItem = z.object({
  name: z.string(),
  unit_price: z.number(),
  quantity: z.number(),
  currency: CurrencyCode,
  total: z.number(),
});
export type InvoiceItem = z.infer<typeof InvoiceItem>;

export const ChargeKind = z.enum(['discount', 'tax', 'fee', 'shipping']);
export type ChargeKind = z.infer<typeof ChargeKind>;
export const Charge = z.object({
  amount: z.string(),
  type: z.enum(['flat', 'percentage']),
  enabled: z.boolean(),
});
export type Charge = z.infer<typeof Charge>;
export const Charges = z.object({
  discount: Charge.optional(),
  tax: Charge.optional(),
  fee: Charge.optional(),
  shipping: Charge.optional(),
});
export type Charges = z.infer<typeof Charges>;

export const PaymentSchedule = z.object({
  type: z.string(),
  due_date: Timestamp,
  send_date: Timestamp.optional(),
  payment_methods: z.array(z.object({ id: z.string(), value: z.string() })).optional(),
  reminders: z.boolean().optional(),
  reminder_timing: z.object({ type: z.string(), days: z.number().int() }).optional(),
});
export type PaymentSchedule = z.infer<typeof PaymentSchedule>;

export const InvoicePaymentDetails = z.object({
  account_name: z.string(),
  account_number: z.string(),
  bank_name: z.string(),
  currency: z.string(),
  swift_code: z.string(),
});
export const Invoice = z.object({
  id: z.string(),
  invoice_number: z.string(),
  items: z.array(InvoiceItem),
  subtotal: DecimalString,
  total: DecimalString,
  charges: Charges,
  note: z.string(),
  status: z.string(),
  payment_schedule: PaymentSchedule,
  created_at: Timestamp,
});
export type Invoice = z.infer<typeof Invoice>;
/** An invoice fetched by number: the record plus `payment_details`. */
export const InvoiceView = Invoice.extend({ payment_details: InvoicePaymentDetails });
export type InvoiceView = z.infer<typeof InvoiceView>;

// ── Transaction ─────────────────────────────────────────────────────────────────────────────
/**
 * `payment_transfer` contents are not shown by the spec. The emulator fills these fields on the
 * credits it records for inbound transfers to virtual accounts (see the choices table); a real
 * provider may send others, which are kept.
 */
export const PaymentTransfer = z.looseObject({
  account_number: z.string().optional(),
  account_reference: z.string().optional(),
  customer_id: z.string().optional(),
  sender_account_name: z.string().optional(),
  sender_bank_name: z.string().optional(),
  bank_code: z.string().optional(),
});
export const Transaction = z.object({
  id: z.string(),
  ref: z.string(),
  amount: DecimalString,
  fee: DecimalString,
  type: z.string(),
  status: z.string(),
  entry: z.string(),
  message: z.string(),
  created_at: Timestamp,
  wallet: z.record(z.string(), z.unknown()),
  payment_transfer: PaymentTransfer,
});
export type Transaction = z.infer<typeof Transaction>;

// ── Payment link ────────────────────────────────────────────────────────────────────────────
export const PaymentLink = z.object({
  id: z.string(),
  title: z.string(),
  description: z.string(),
  amount: z.number(),
  url: z.string(),
  status: z.number().int(),
  expires_at: Timestamp,
  created_at: Timestamp,
  updated_at: Timestamp,
});
export type PaymentLink = z.infer<typeof PaymentLink>;

// ── Cards ───────────────────────────────────────────────────────────────────────────────────
export const CardEvent = z.object({
  event_id: z.string(),
  amount: DecimalString,
  merchant_name: z.string(),
  created_at: Timestamp,
  description: z.string(),
  type: z.string(),
  currency: CurrencyCode,
  status: z.string(),
  meta: z.record(z.string(), z.unknown()),
});
export type CardEvent = z.infer<typeof CardEvent>;

export const CardWithdrawal = z.object({
  customer: z.object({
    id: z.string(),
    first_name: z.string(),
    last_name: z.string(),
    email: z.string(),
  }),
  card_id: z.string(),
  transaction_reference: z.string(),
  transaction_status: z.string(),
  currency: CurrencyCode,
  amount: DecimalString,
});
export type CardWithdrawal = z.infer<typeof CardWithdrawal>;

export const CardSecret = z.object({ number: z.string(), cvv: z.string() });
export type CardSecret = z.infer<typeof CardSecret>;

// ── Banks ───────────────────────────────────────────────────────────────────────────────────
export const Bank = z.object({ name: z.string(), code: z.string() });
export type Bank = z.infer<typeof Bank>;
export const BankSuggestion = z.object({ bank_code: z.string(), bank_name: z.string() });
export type BankSuggestion = z.infer<typeof BankSuggestion>;

// ── Payment ─────────────────────────────────────────────────────────────────────────────────
export const PaymentResult = z.object({
  transaction_ref: z.string(),
  status: z.string(),
  from_amount: z.number(),
  to_amount: z.number(),
  from_currency: CurrencyCode,
  to_currency: CurrencyCode,
  method: z.string(),
  created_at: Timestamp,
});
export type PaymentResult = z.infer<typeof PaymentResult>;

/** `data` of freeze / unfreeze: an empty object. */
export const Empty = z.object({}).strict();
