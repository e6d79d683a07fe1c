// The kit events of a checkout session: when each is told, and its data's fields (their words are
// the README's and docs/any-backend.md's, made from here).
import * as z from 'zod';
import type { EventCatalogue } from '../../flow.js';

const text = z.string();
const maybe = z.string().nullable();

const session = {
  session_id: text,
  order_id: text,
  customer_id: text,
  amount: text,
  currency: text,
};

export const sessionEvents = {
  'session.paid': {
    when: 'a checkout was paid',
    data: z.object({
      ...session,
      paid_at: maybe,
      transaction_id: maybe,
      transaction_ref: maybe.describe("the transaction's `ref`: the transfer reference the shopper is shown"),
      reference: text,
      title: maybe,
      order_reference: maybe,
      merchant_name: maybe,
      merchant_logo_url: maybe,
      account_name: text,
      account_number: text,
      bank_name: text,
    }),
  },
  'session.expired': {
    when: "a checkout's account expired unpaid (the shopper can still get a new one)",
    note: 'once for each account it had',
    data: z.object({ ...session, reference: text, expires_at: text }),
  },
  'session.claimed': {
    when: 'the shopper said "I\'ve sent the money" (`POST /pay/sessions/{id}/claim`)',
    note: 'once a session; it pays nothing: `session.paid` follows when the transfer arrives',
    data: z.object({ ...session, reference: text, expires_at: text, claimed_at: maybe }),
  },
} as const satisfies EventCatalogue;
