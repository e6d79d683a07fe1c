import * as z from 'zod/mini';
import { Amount, Currency, Timestamp } from './common.js';
import { streamGet, tokenOf, viewGet, type RouteDeclaration } from './route-parts.js';

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

/** A customer's own accounts by the customer's token, and their stream. (route-table.ts gathers every module's.) */
export const fundingRouteTable = {
  funding: {
    method: 'GET',
    path: '/funding/:token',
    summary: "A customer's own accounts and latest deposits, by the customer's token",
    ...viewGet(FundingView, tokenOf('customer'), 'a bad or expired token'),
    readme:
      "with `funding` on: 200 a customer's accounts and latest deposits (*Customers' own accounts*), `no-store`, ETag / 304; 404 for a bad, tampered or expired token",
  },
  fundingEvents: {
    method: 'GET',
    path: '/funding/:token/events',
    summary: "A customer's accounts and deposits as Server-Sent Events",
    ...streamGet(
      'funding',
      'FundingView',
      tokenOf('customer'),
      'It does not end by itself: deposits may come at any time.',
    ),
    readme: '`text/event-stream`: the funding view, then one event per deposit',
  },
} as const satisfies Record<string, RouteDeclaration>;
