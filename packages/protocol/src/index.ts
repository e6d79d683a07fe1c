// The widget ⇄ backend contract (DESIGN.md, "Widget endpoints"). zod/mini keeps it small in the
// browser; the kit and the elements both import these and neither redefines a shape.
import * as z from 'zod/mini';

/** A decimal amount on the wire: "5000.00". Never a float. */
export const Amount = z.string().check(z.regex(/^-?\d+(\.\d+)?$/));
/** Upper-case ISO 4217 code. */
export const Currency = z.string().check(z.regex(/^[A-Z]{3}$/));
/** An ISO 8601 timestamp string. */
export const Timestamp = z.string().check(z.minLength(1));

// ── Sessions ────────────────────────────────────────────────────────────────────────────────
export const SessionStatus = z.enum(['pending', 'paid', 'expired']);
export type SessionStatus = z.infer<typeof SessionStatus>;

export const CreateSessionRequest = z.object({
  order_id: z.string().check(z.minLength(1), z.maxLength(128)),
});
export type CreateSessionRequest = z.infer<typeof CreateSessionRequest>;

export const SessionAccount = z.object({
  account_name: z.string(),
  account_number: z.string(),
  bank_name: z.string(),
});
export type SessionAccount = z.infer<typeof SessionAccount>;

export const SessionView = z.object({
  id: z.string(),
  status: SessionStatus,
  amount: Amount,
  currency: Currency,
  account: SessionAccount,
  reference: z.string(),
  created_at: Timestamp,
  expires_at: Timestamp,
  paid_at: z.nullable(Timestamp),
  server_time: Timestamp,
  /** where the shopper can finish on another device, if the merchant hosts a checkout page */
  checkout_url: z.optional(z.string()),
});
export type SessionView = z.infer<typeof SessionView>;

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
  server_time: Timestamp,
});
export type InvoiceViewModel = z.infer<typeof InvoiceViewModel>;

// ── Payment links ───────────────────────────────────────────────────────────────────────────
export const LinkStatus = z.enum(['active', 'inactive', 'expired']);
export type LinkStatus = z.infer<typeof LinkStatus>;
export const LinkView = z.object({
  id: z.string(),
  title: z.string(),
  description: z.string(),
  amount: Amount,
  currency: z.optional(Currency),
  url: z.string(),
  status: LinkStatus,
  expires_at: z.nullable(Timestamp),
  created_at: Timestamp,
});
export type LinkView = z.infer<typeof LinkView>;

// ── Banks ───────────────────────────────────────────────────────────────────────────────────
export const BankEntry = z.object({ code: z.string(), name: z.string() });
export type BankEntry = z.infer<typeof BankEntry>;
export const BankList = z.object({ banks: z.array(BankEntry) });
export type BankList = z.infer<typeof BankList>;
export const SuggestBanksRequest = z.object({
  account_number: z.string().check(z.regex(/^\d{6,20}$/)),
});
export type SuggestBanksRequest = z.infer<typeof SuggestBanksRequest>;
export const BankSuggestions = z.object({
  suggestions: z.array(z.object({ bank_code: z.string(), bank_name: z.string() })),
});
export type BankSuggestions = z.infer<typeof BankSuggestions>;

// ── Errors ──────────────────────────────────────────────────────────────────────────────────
export const errorCodes = [
  'invalid_request',
  'not_found',
  'conflict',
  'method_not_allowed',
  'payload_too_large',
  'unsupported_media_type',
  'rate_limited',
  'upstream_unavailable',
  'internal',
] as const;
export const ErrorCode = z.enum(errorCodes);
export type ErrorCode = z.infer<typeof ErrorCode>;

export const ErrorBody = z.object({
  error: z.object({
    code: ErrorCode,
    message: z.string(),
    fields: z.optional(z.record(z.string(), z.array(z.string()))),
  }),
});
export type ErrorBody = z.infer<typeof ErrorBody>;

/** The HTTP status each error code travels with. */
export const statusOfErrorCode: Record<ErrorCode, number> = {
  invalid_request: 400,
  not_found: 404,
  conflict: 409,
  method_not_allowed: 405,
  payload_too_large: 413,
  unsupported_media_type: 415,
  rate_limited: 429,
  upstream_unavailable: 503,
  internal: 500,
};

/** Route paths under the kit's base path, shared so that neither side spells them twice. */
export const routes = {
  sessions: '/sessions',
  session: (id: string) => `/sessions/${encodeURIComponent(id)}`,
  renew: (id: string) => `/sessions/${encodeURIComponent(id)}/renew`,
  invoice: (number: string) => `/invoices/${encodeURIComponent(number)}`,
  link: (id: string) => `/links/${encodeURIComponent(id)}`,
  banks: (country: string) => `/banks/${encodeURIComponent(country)}`,
  suggest: '/banks/suggest',
  webhooks: '/webhooks',
} as const;
