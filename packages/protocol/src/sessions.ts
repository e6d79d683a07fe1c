import * as z from 'zod/mini';
import { isHttpUrl, orderLimits } from './wire.js';
import { Amount, Currency, Timestamp } from './common.js';

// ── Sessions ────────────────────────────────────────────────────────────────────────────────
export const SessionStatus = z.enum(['pending', 'paid', 'expired']);
export type SessionStatus = z.infer<typeof SessionStatus>;

export const CreateSessionRequest = z.object({
  order_id: z.string().check(z.minLength(1), z.maxLength(orderLimits.orderId)),
});
export type CreateSessionRequest = z.infer<typeof CreateSessionRequest>;

export const SessionAccount = z.object({
  account_name: z.string(),
  account_number: z.string(),
  bank_name: z.string(),
});
export type SessionAccount = z.infer<typeof SessionAccount>;

/** An absolute http(s) URL the merchant supplies: its logo, the way back to its shop. */
export const HttpUrl = z
  .string()
  .check(z.maxLength(2048), z.refine(isHttpUrl, { error: 'must be an absolute http(s) URL' }));

/** Who asks for the money, as the merchant names itself on the hosted checkout. */
export const SessionMerchant = z.object({
  name: z.string().check(z.minLength(1), z.maxLength(120)),
  /** a square-ish image shown beside the name */
  logo_url: z.optional(HttpUrl),
});
export type SessionMerchant = z.infer<typeof SessionMerchant>;

/** What the money is for, as the merchant describes the order (not the provider's account reference). */
export const SessionOrder = z.object({
  /** "Ankara tote bag", "Order of 3 items" */
  title: z.string().check(z.minLength(1), z.maxLength(orderLimits.title)),
  /** the merchant's own order number, "#1001" */
  reference: z.optional(z.string().check(z.minLength(1), z.maxLength(orderLimits.reference))),
});
export type SessionOrder = z.infer<typeof SessionOrder>;

/**
 * The display fields of a session: supplied by the merchant's backend (`resolveOrder`, kit options),
 * never by the browser. Each is optional; a page shows what it is given.
 */
export const SessionDisplay = z.object({
  merchant: z.optional(SessionMerchant),
  order: z.optional(SessionOrder),
  /** the merchant's page to go back to (the order, the shop) */
  return_url: z.optional(HttpUrl),
});
export type SessionDisplay = z.infer<typeof SessionDisplay>;

export const SessionView = z.object({
  id: z.string(),
  status: SessionStatus,
  amount: Amount,
  currency: Currency,
  account: SessionAccount,
  /** the provider's reference of the current account */
  reference: z.string(),
  created_at: Timestamp,
  expires_at: Timestamp,
  paid_at: z.nullable(Timestamp),
  /**
   * When the shopper said "I've sent the money" (`POST /sessions/{id}/claim`): null until then.
   * Added in 1.1, so optional: a 1.0 backend leaves it out, which reads as not claimed.
   */
  claimed_at: z.optional(z.nullable(Timestamp)),
  server_time: Timestamp,
  /** where the shopper can finish on another device, if the merchant hosts a checkout page */
  checkout_url: z.optional(z.string()),
  merchant: z.optional(SessionMerchant),
  order: z.optional(SessionOrder),
  return_url: z.optional(HttpUrl),
  /** once paid, with receipts on: the receipt's page (`/receipts/{token}`) */
  receipt_url: z.optional(z.string()),
});
export type SessionView = z.infer<typeof SessionView>;
