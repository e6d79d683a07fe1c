import * as z from 'zod/mini';
import { Amount, Currency, Timestamp } from './common.js';

// ── Invoices ────────────────────────────────────────────────────────────────────────────────
export const InvoiceStatus = z.enum(['pending', 'paid', 'overdue', 'cancelled']);
export type InvoiceStatus = z.infer<typeof InvoiceStatus>;

export const InvoiceLine = z.object({
  name: z.string(),
  unit_price: Amount,
  quantity: z.number(),
  total: Amount,
});
export type InvoiceLine = z.infer<typeof InvoiceLine>;

export const InvoiceChargeView = z.object({
  kind: z.enum(['discount', 'tax', 'fee', 'shipping']),
  type: z.enum(['flat', 'percentage']),
  /** the rate as given: "7.5" for 7.5 %, or the flat amount */
  rate: Amount,
  /** the computed effect on the total: negative for a discount */
  amount: Amount,
});
export type InvoiceChargeView = z.infer<typeof InvoiceChargeView>;

export const InvoiceViewModel = z.object({
  number: z.string(),
  status: InvoiceStatus,
  currency: Currency,
  items: z.array(InvoiceLine),
  charges: z.array(InvoiceChargeView),
  subtotal: Amount,
  total: Amount,
  note: z.string(),
  due_date: z.nullable(Timestamp),
  created_at: Timestamp,
  payment_details: z.object({
    account_name: z.string(),
    account_number: z.string(),
    bank_name: z.string(),
    currency: Currency,
    swift_code: z.string(),
  }),
  hosted_url: z.optional(z.string()),
  /** once paid, with receipts on: the receipt's page (`/receipts/{token}`) */
  receipt_url: z.optional(z.string()),
  server_time: Timestamp,
});
export type InvoiceViewModel = z.infer<typeof InvoiceViewModel>;
