import * as z from 'zod/mini';
import { Amount, Currency, Timestamp } from './common.js';

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
