import * as z from 'zod/mini';
import { Amount, Currency, Timestamp } from './common.js';

// ── A customer's own accounts (funding) ───────────────────────────────────────────────────────
/**
 * One of a customer's permanent accounts: where anyone may pay into the customer's balance at the
 * merchant, any amount, any time. USD accounts carry the US routing numbers, a SWIFT code and the
 * bank's address, for transfers from abroad.
 */
export const FundingAccount = z.object({
  currency: Currency,
  account_name: z.string(),
  account_number: z.string(),
  bank_name: z.string(),
  bank_code: z.string(),
  /** ACH, RTP and wire routing numbers (USD accounts) */
  routing: z.optional(z.object({ ach: z.string(), rtp: z.string(), wire: z.string() })),
  swift_code: z.optional(z.string()),
  bank_address: z.optional(z.string()),
});
export type FundingAccount = z.infer<typeof FundingAccount>;

/** A credit received into one of the customer's accounts. */
export const FundingDeposit = z.object({
  /** the provider's transaction id: one deposit each */
  id: z.string(),
  amount: Amount,
  currency: Currency,
  received_at: Timestamp,
  /** the account it was paid into */
  account_number: z.string(),
});
export type FundingDeposit = z.infer<typeof FundingDeposit>;

/** What the browser is shown of a customer's accounts: never the customer's id. */
export const FundingView = z.object({
  accounts: z.array(FundingAccount),
  /** the latest deposits, newest first */
  deposits: z.array(FundingDeposit),
  /** the listed deposits added up, one per currency */
  totals: z.array(z.object({ currency: Currency, amount: Amount })),
  server_time: Timestamp,
});
export type FundingView = z.infer<typeof FundingView>;
