import * as z from 'zod/mini';
import { Amount, Currency, Timestamp } from './common.js';

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
