import * as z from 'zod/mini';
import { Amount, Currency, Timestamp } from './common.js';
import { SessionAccount, SessionMerchant } from './sessions.js';
import { etagHeader, failure, tokenOf, type RouteDeclaration } from './route-parts.js';

// ── Receipts ────────────────────────────────────────────────────────────────────────────────
/** What a receipt is for: a checkout session, or an invoice. */
export const ReceiptKind = z.enum(['session', 'invoice']);
export type ReceiptKind = z.infer<typeof ReceiptKind>;

/**
 * A receipt for a payment the kit confirmed: who was paid, what for, how much, when, the transfer,
 * the account it went into, and the receipt's own number (`R-000042`, one sequence per merchant).
 * Read by its signed token, like an invoice; it never changes once made.
 */
export const ReceiptView = z.object({
  /** the receipt's number: `R-` and at least six digits, in the order payments were confirmed */
  number: z.string().check(z.minLength(1), z.maxLength(40)),
  kind: ReceiptKind,
  merchant: z.optional(SessionMerchant),
  /** what was paid for: the order's title, the invoice's first item or its number */
  title: z.optional(z.string().check(z.maxLength(200))),
  /** the merchant's own reference: its order number, or the invoice number */
  reference: z.optional(z.string().check(z.maxLength(128))),
  amount: Amount,
  currency: Currency,
  paid_at: Timestamp,
  /** the provider's reference of the transfer that paid (its transaction id) */
  transfer_reference: z.string(),
  /** the account the money was paid into */
  account: SessionAccount,
  /** when the receipt was made */
  issued_at: Timestamp,
});
export type ReceiptView = z.infer<typeof ReceiptView>;

/** A receipt by its signed token. (route-table.ts gathers every module's.) */
export const receiptRouteTable = {
  receipt: {
    method: 'GET',
    path: '/receipts/:token',
    summary: 'A receipt, by its token (from `receipt_url`)',
    parameters: [tokenOf('receipt')],
    answers: {
      200: { description: 'The receipt.', headers: etagHeader, body: ReceiptView },
      404: failure(404, '`not_found`: no such receipt, or a bad token.'),
    },
    readme:
      '200 the receipt of a paid session or invoice (*Receipts*), ETag / 304; 404 for a bad or tampered token or a receipt not made yet (no provider call)',
  },
} as const satisfies Record<string, RouteDeclaration>;
