// What the backend's webhook route (POST {base}/webhooks) must not believe: a credit paying the pending
// session that is unsigned, signed with another secret, signed ten minutes ago, or sent under a
// webhook-id already processed. Each is refused (4xx) or acknowledged and ignored (2xx), and the
// session stays pending, read afterwards. The runner signs as the emulator does (Standard Webhooks,
// --webhook-secret), and first checks that a correctly signed event is acknowledged: otherwise it is
// not talking to the webhook route, and every refusal would hold for nothing. The backend answers
// before the runner reads the session: "answer 2xx once it is recorded" (docs/protocol.md).
import { signWebhook } from '@pay-elements/api';
import { webhooksPath, type SessionView } from '@pay-elements/protocol';
import { randomBytes, randomInt, randomUUID } from 'node:crypto';
import type { Answer } from './backend.js';
import { readSession, type Context } from './context.js';
import { expect } from './report.js';

export const WEBHOOK_RULES = {
  signed:
    "webhook: an event signed with the emulator's secret is acknowledged (2xx), a credit of an account the backend did not open",
  unsigned: 'forged webhook, unsigned: refused (4xx) or ignored, the session stays pending',
  otherSecret:
    'forged webhook, signed with another secret: refused (4xx) or ignored, the session stays pending',
  stale:
    'forged webhook, correctly signed ten minutes ago: refused (4xx) or ignored, the session stays pending',
  replay:
    'replayed webhook-id: an id already processed, sent again signed anew, is not processed again, the session stays pending',
} as const;

/** How old the stale event's timestamp is: twice the protocol's five minutes. */
const STALE_SECONDS = 600;

/** The account a credit goes to, as the emulator's event names it. */
interface Credited {
  account_number: string;
  account_reference: string;
  customer_id: string;
  currency: string;
}

/** A `virtual_account.credited` event as the emulator sends it, for a transfer the bank never took. */
function creditEvent(id: string, to: Credited, amount: string): string {
  const at = new Date().toISOString();
  const transaction = {
    id: `txn_pay-conformance-${randomUUID()}`,
    ref: `TRF-PAY-CONFORMANCE-${randomInt(1e9)}`,
    amount,
    fee: '0.00',
    type: 'transfer',
    status: 'success',
    entry: 'credit',
    message: 'Transfer from pay-conformance (forged: no bank sent it)',
    created_at: at,
    wallet: { id: 'wal_pay-conformance', currency: to.currency },
    payment_transfer: {
      account_number: to.account_number,
      account_reference: to.account_reference,
      customer_id: to.customer_id,
      sender_account_name: 'pay-conformance',
      sender_bank_name: 'pay-conformance',
    },
  };
  return JSON.stringify({
    id,
    type: 'virtual_account.credited',
    created_at: at,
    data: { transaction, ...to, amount },
  });
}

const newEventId = () => `evt_pay-conformance-${randomUUID()}`;
const unixNow = () => Math.floor(Date.now() / 1000);

/** The credit-webhook refusals, asked about `session`, pending (the runner has not paid it). */
export async function webhookRefusals(ctx: Context, session: SessionView): Promise<boolean> {
  const { report, backend, webhookSecret } = ctx;
  const rules = Object.values(WEBHOOK_RULES);
  const account = (await ctx.emulator.accounts()).find(
    (a) => a.account_number === session.account.account_number,
  );
  if (!account) {
    report.notChecked(rules, `the emulator has no account ${session.account.account_number}`);
    return true;
  }
  // the account as the bank knows it (the view's own fields are the view rule's business)
  const toSession: Credited = {
    account_number: account.account_number,
    account_reference: account.reference,
    customer_id: account.customer_id,
    currency: account.currency,
  };
  const amount = account.amount ?? session.amount;
  const send = (body: string, headers: Record<string, string>) =>
    backend.ask(webhooksPath, { body, headers });
  const signed = (id: string, body: string, timestamp = unixNow(), secret = webhookSecret) =>
    send(body, signWebhook({ secret, id, timestamp, body }));

  // the id the replay sends again: a credit of an account no backend opened, acknowledged and ignored
  const seenId = newEventId();
  const elsewhere: Credited = {
    ...toSession,
    account_number: String(randomInt(1e9, 1e10)),
    account_reference: `pay-conformance-${randomUUID()}`,
  };
  const acknowledged = await report.rule(WEBHOOK_RULES.signed, async () => {
    const answer = await signed(seenId, creditEvent(seenId, elsewhere, amount));
    expect(
      answer.status >= 200 && answer.status < 300,
      `${answer.what} answered ${answer.status} to an event signed with the emulator's secret (the runner's --webhook-secret, which the backend must verify with), not a 2xx: the refusals below would hold for nothing`,
    );
  });
  if (!acknowledged) {
    report.notChecked(rules.slice(1), 'the webhook route acknowledged no correctly signed event');
    return true;
  }

  const forgeries: [rule: string, what: string, answer: () => Promise<Answer>][] = [
    [
      WEBHOOK_RULES.unsigned,
      'an unsigned credit (webhook-id and webhook-timestamp, no webhook-signature)',
      () => {
        const id = newEventId();
        const headers = { 'webhook-id': id, 'webhook-timestamp': String(unixNow()) };
        return send(creditEvent(id, toSession, amount), headers);
      },
    ],
    [
      WEBHOOK_RULES.otherSecret,
      'a credit signed with another secret',
      () => {
        const id = newEventId();
        const other = `whsec_${randomBytes(32).toString('base64')}`;
        return signed(id, creditEvent(id, toSession, amount), unixNow(), other);
      },
    ],
    [
      WEBHOOK_RULES.stale,
      `a credit signed correctly, stamped ${STALE_SECONDS / 60} minutes ago`,
      () => {
        const id = newEventId();
        return signed(id, creditEvent(id, toSession, amount), unixNow() - STALE_SECONDS);
      },
    ],
    [
      WEBHOOK_RULES.replay,
      `a credit signed correctly now, under the webhook-id ${seenId} already processed`,
      () => signed(seenId, creditEvent(seenId, toSession, amount)),
    ],
  ];
  for (const [index, [rule, what, answer]] of forgeries.entries()) {
    const held = await report.rule(rule, async () => {
      const got = await answer();
      expect(
        got.status >= 200 && got.status < 500 && (got.status < 300 || got.status >= 400),
        `${got.what}: ${what} answered ${got.status}, not a refusal (4xx) or an acknowledgement (2xx)`,
      );
      const { view } = await readSession(ctx, session.id);
      expect(
        view.status === 'pending',
        `after ${what} the session is "${view.status}", not "pending": the backend took a payment no bank made`,
      );
    });
    if (held) continue;
    const { view } = await readSession(ctx, session.id);
    if (view.status === 'pending') continue;
    report.notChecked(
      forgeries.slice(index + 1).map(([later]) => later),
      `a forged webhook made the session ${view.status}`,
    );
    return false;
  }
  return true;
}
