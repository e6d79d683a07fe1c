import * as z from 'zod/mini';
import { Amount, Currency, Timestamp } from './common.js';
import { streamGet, tokenOf, viewGet, type RouteDeclaration } from './route-parts.js';

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

/** An invoice's view by its signed token, and its stream. (route-table.ts gathers every module's.) */
export const invoiceRouteTable = {
  invoice: {
    method: 'GET',
    path: '/invoices/:token',
    summary: 'An invoice, by its token',
    ...viewGet(InvoiceViewModel, tokenOf('invoice'), 'no such invoice, or a bad token'),
    readme:
      '200 invoice view (below), `Cache-Control: no-store`, `server_time`, ETag / 304 as for sessions; 404 `not_found` for an unknown invoice, a number alone or a tampered token (no provider call)',
  },
  invoiceEvents: {
    method: 'GET',
    path: '/invoices/:token/events',
    summary: "An invoice's status as Server-Sent Events",
    ...streamGet(
      'invoice',
      'InvoiceViewModel',
      tokenOf('invoice'),
      'The stream ends once the invoice is `paid` or `cancelled`.',
    ),
    readme: '`text/event-stream`: the invoice view, then one event per change, ended once paid or cancelled',
  },
} as const satisfies Record<string, RouteDeclaration>;
