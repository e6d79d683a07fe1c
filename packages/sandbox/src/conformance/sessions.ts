// The rules of a checkout, on fresh orders: one session per order however many ask at once, its view
// (types, nulls, timestamps), the status route's caching (no-store, ETag and 304), the status stream's
// framing (`retry:`, events named `session`, `id:` the version, the end after a final view), "paid"
// brought by the provider's webhook (forged ones refused before, webhooks.ts), and "paid" found by the
// backend alone with the webhook held back.
import { SessionView, claimPath, renewPath, sessionPath } from '@pay-elements/protocol';
import type { Answer, OpenStream } from './backend.js';
import {
  SESSION_TIMES,
  createSession,
  looseSession,
  expectStream,
  nextView,
  openSessionStream,
  readSession,
  sessionView,
  sleep,
  waitForSession,
  type Context,
} from './context.js';
import { expect, expectError, expectStatus } from './report.js';
import { viewProblems } from './views.js';
import { WEBHOOK_RULES, webhookRefusals } from './webhooks.js';

/** A session event's data, checked as a polled view would be, field by field. */
export function sessionEventView(data: unknown): SessionView {
  const problems = viewProblems(SessionView, data, SESSION_TIMES);
  expect(problems.length === 0, `a \`session\` event's data: ${problems.join('; ')}`);
  return data as SessionView;
}

/** A session event's data read for its status (its fields are the first event's rule). */
export const looseEvent = (data: unknown): SessionView => looseSession(data, 'a `session` event');

/** The amount as the bank takes it (a number of major units, exact to the cent). */
const bankAmount = (amount: string): number => Number(amount);

/** Pays a session's account as the shopper's bank would, the exact amount. */
export async function pay(ctx: Context, view: SessionView): Promise<void> {
  await ctx.emulator.transfer({
    account_number: view.account.account_number,
    amount: bankAmount(view.amount),
  });
}

/**
 * The emulator's newest `virtual_account.credited` delivery, once attempted (within `ms`): the
 * webhook of the transfer just made.
 */
async function latestCredit(ctx: Context, ms: number) {
  const deadline = Date.now() + ms;
  for (;;) {
    const credit = (await ctx.emulator.webhooks()).find((d) => d.type === 'virtual_account.credited');
    if (credit && credit.attempts > 0) return credit;
    expect(
      Date.now() < deadline,
      credit
        ? `the emulator did not manage to deliver the webhook ${credit.id} within ${Math.round(ms / 1000)} s`
        : "the emulator sent no webhook: start it with PAY_SANDBOX_WEBHOOK_URL set to the backend's webhook route",
    );
    await sleep(250);
  }
}

/** What the rules need of a view, or null when it has not even that. */
function looseOrNull(answer: Answer): SessionView | null {
  try {
    return looseSession(answer.json, answer.what);
  } catch {
    return null;
  }
}

export const A_RULES = {
  create: 'one session per order: concurrent creates answer one session, one of them 201',
  view: 'session view: every field of its type, optional ones absent (not null), paid_at null until paid, RFC 3339 times',
  again: 'create again: the same session, 200',
  noStore: 'status: Cache-Control no-store',
  etag: 'status: an ETag, and 304 for the version held',
  // claim (1.1): "I've sent the money"
  claim:
    'claim: POST /sessions/{id}/claim answers the view, still pending (a claim pays nothing), claimed_at an RFC 3339 time (null or absent before)',
  claimAgain: 'claim again: the same view, the same claimed_at; the status route shows it too',
  pendingRenew: 'renew while pending: 409 conflict',
  retry: 'stream: a `retry:` hint',
  named: 'stream: events named `session` (the elements read no other)',
  id: "stream: each event's `id:` is the view's version (its ETag without quotes)",
  data: 'stream: the first event is the current view',
  paid: "paid by webhook: the bank's webhook is accepted (2xx) and the view says paid, paid_at set",
  pushed: 'stream: "paid" is pushed',
  ended: 'stream: the backend ends it after a final view',
  held: 'stream: 204 when the final view is the one held (Last-Event-ID)',
  paidAgain: 'create after paid: the paid session, 200',
  paidRenew: 'renew once paid: 409 conflict',
  paidClaim: 'claim once paid: 409 conflict',
} as const;

/** The whole life of a session paid through the provider's webhook, on a fresh order. */
export async function paidByWebhook(ctx: Context, orderId: string): Promise<SessionView | null> {
  const { report, backend } = ctx;
  const fresh = await createdOnce(ctx, orderId);
  if (!fresh) {
    report.notChecked(
      [...Object.values(A_RULES).slice(1), ...Object.values(WEBHOOK_RULES)],
      'no session to check',
    );
    return null;
  }
  const session = await newSessionView(ctx, fresh);
  if (!session) {
    report.notChecked(
      [...Object.values(A_RULES).slice(2), ...Object.values(WEBHOOK_RULES)],
      "the session view is not the protocol's",
    );
    return null;
  }
  await report.rule(A_RULES.again, async () => {
    const again = await createSession(ctx, orderId);
    expectStatus(again, 200);
    const second = looseSession(again.json, again.what);
    expect(second.id === session.id, `a second create answered session ${second.id}, not ${session.id}`);
    expect(
      second.account.account_number === session.account.account_number,
      'a second create answered another account number',
    );
  });
  // claimed first, so that the version the stream's rules hold to is the claimed one
  await claimRules(ctx, session);
  const etag = await statusCaching(ctx, session);
  await report.rule(A_RULES.pendingRenew, async () =>
    expectError(await backend.ask(renewPath(session.id), { body: {} }), 409, 'conflict'),
  );
  if (!(await webhookRefusals(ctx, session))) {
    const rest = Object.values(A_RULES).slice(Object.values(A_RULES).indexOf(A_RULES.pendingRenew) + 1);
    report.notChecked(rest, 'a forged webhook paid the session before the bank did');
    return session;
  }
  await streamAndPay(ctx, session, etag);
  await report.rule(A_RULES.paidAgain, async () => {
    const again = await createSession(ctx, orderId);
    expectStatus(again, 200);
    const paid = looseSession(again.json, again.what);
    expect(
      paid.id === session.id && paid.status === 'paid',
      `the order answered session ${paid.id}, ${paid.status}, not ${session.id}, paid`,
    );
  });
  await report.rule(A_RULES.paidRenew, async () =>
    expectError(await backend.ask(renewPath(session.id), { body: {} }), 409, 'conflict'),
  );
  await report.rule(A_RULES.paidClaim, async () =>
    expectError(await backend.ask(claimPath(session.id), { body: {} }), 409, 'conflict'),
  );
  return session;
}

/** "I've sent the money" on a pending session: its view, claimed once, and the same view again. */
async function claimRules(ctx: Context, session: SessionView): Promise<void> {
  const { report, backend } = ctx;
  let claimedAt: string | null = null;
  await report.rule(A_RULES.claim, async () => {
    expect(
      session.claimed_at === undefined || session.claimed_at === null,
      `the new session's claimed_at is ${JSON.stringify(session.claimed_at)}, not null or absent`,
    );
    const answer = await backend.ask(claimPath(session.id), { body: {} });
    expectStatus(answer, 200);
    const claimed = sessionView(answer);
    expect(claimed.id === session.id, `the claim answered session ${claimed.id}, not ${session.id}`);
    expect(claimed.status === 'pending', `the claim answered status ${claimed.status}, not pending`);
    expect(
      typeof claimed.claimed_at === 'string' && !Number.isNaN(Date.parse(claimed.claimed_at)),
      `the claim answered claimed_at ${JSON.stringify(claimed.claimed_at)}, not a time`,
    );
    claimedAt = claimed.claimed_at ?? null;
  });
  if (claimedAt === null) return report.notChecked([A_RULES.claimAgain], 'the first claim failed');
  await report.rule(A_RULES.claimAgain, async () => {
    const answer = await backend.ask(claimPath(session.id), { body: {} });
    expectStatus(answer, 200);
    const again = looseSession(answer.json, answer.what);
    expect(
      again.claimed_at === claimedAt,
      `a second claim answered claimed_at ${JSON.stringify(again.claimed_at)}, not ${claimedAt}`,
    );
    const { view } = await readSession(ctx, session.id);
    expect(
      view.claimed_at === claimedAt,
      `the status route answered claimed_at ${JSON.stringify(view.claimed_at)}, not ${claimedAt}`,
    );
  });
}

/** Four creates at once for a fresh order: one session, one 201; the answer that made it. */
async function createdOnce(ctx: Context, orderId: string): Promise<Answer | null> {
  let answers: Answer[] = [];
  const created = await ctx.report.rule(A_RULES.create, async () => {
    answers = await Promise.all([1, 2, 3, 4].map(() => createSession(ctx, orderId)));
    for (const answer of answers) expectStatus(answer, 200, 201);
    const ids = new Set(answers.map((a) => (a.json as { id?: unknown } | undefined)?.id));
    expect(
      ids.size === 1,
      `4 concurrent creates for order ${orderId} answered ${ids.size} sessions: ${[...ids].join(', ')}`,
    );
    const fresh = answers.filter((a) => a.status === 201).length;
    expect(
      fresh === 1,
      `4 concurrent creates for a fresh order answered ${fresh} times 201, not once (--order must be a fresh order)`,
    );
  });
  return created ? (answers.find((a) => a.status === 201) ?? answers[0]!) : null;
}

/** A new session's view held to its type; what the other rules need of it, or null without that. */
async function newSessionView(ctx: Context, fresh: Answer): Promise<SessionView | null> {
  let view: SessionView | null = null;
  await ctx.report.rule(A_RULES.view, () => {
    view = sessionView(fresh);
    expect(view.status === 'pending', `a new session's "status" is "${view.status}", not "pending"`);
    expect(
      view.paid_at === null,
      `a pending session's "paid_at" is ${JSON.stringify(view.paid_at)}, not null`,
    );
    expect(
      Date.parse(view.expires_at) > Date.parse(view.created_at),
      `"expires_at" (${view.expires_at}) is not after "created_at" (${view.created_at})`,
    );
  });
  // the other rules go on with what they need of the view, if it has that
  return view ?? looseOrNull(fresh);
}

/** The status route's caching: no-store, an ETag and 304 for it; the ETag ('' without one). */
async function statusCaching(ctx: Context, session: SessionView): Promise<string> {
  const { report, backend } = ctx;
  let etag = '';
  await report.rule(A_RULES.noStore, async () => {
    const { answer } = await readSession(ctx, session.id);
    const cache = answer.headers.get('cache-control') ?? '';
    expect(/\bno-store\b/i.test(cache), `${answer.what}: Cache-Control is "${cache}", not no-store`);
  });
  await report.rule(A_RULES.etag, async () => {
    const { answer } = await readSession(ctx, session.id);
    etag = answer.headers.get('etag') ?? '';
    expect(etag !== '', `${answer.what} has no ETag header`);
    const held = await backend.ask(sessionPath(session.id), { headers: { 'if-none-match': etag } });
    expect(held.status === 304, `${held.what} with If-None-Match: ${etag} answered ${held.status}, not 304`);
    expect(held.text === '', `${held.what}: a 304 has no body`);
    const other = await backend.ask(sessionPath(session.id), {
      headers: { 'if-none-match': '"pay-conformance"' },
    });
    expect(
      other.status === 200,
      `${other.what} with an If-None-Match of another version answered ${other.status}, not 200`,
    );
  });
  return etag;
}

/** The status stream of a pending session, then the payment, pushed on it and answered by polls. */
async function streamAndPay(ctx: Context, session: SessionView, etag: string): Promise<void> {
  const stream = await openSessionStream(ctx, session.id);
  try {
    await streamOpening(ctx, stream, session, etag);
    const finalId = await paymentPushed(ctx, stream, session);
    await streamEnding(ctx, stream, session, finalId);
  } finally {
    await stream.close();
  }
}

/** The stream's first event: after a `retry:` hint, named `session`, the current view, its version. */
async function streamOpening(
  ctx: Context,
  stream: OpenStream,
  session: SessionView,
  etag: string,
): Promise<void> {
  const { report, backend } = ctx;
  let hint = false;
  let first: { view: SessionView; id: string | null; data: unknown } | null = null;
  await report.rule(A_RULES.named, async () => {
    const reader = expectStream(stream);
    // the items before the first event: the `retry:` hint among them
    for (;;) {
      const item = await reader.next(ctx.limits.payMs);
      expect(
        item !== null && item.kind !== 'end',
        `${stream.answer.what} sent no event (the current view first)`,
      );
      if (item.kind === 'retry') hint = true;
      if (item.kind !== 'event') continue;
      expect(
        item.event.name === 'session',
        item.event.name === ''
          ? `${stream.answer.what} sent an event without a name (\`data:\` without \`event: session\`): the elements ignore it`
          : `${stream.answer.what} sent an event named "${item.event.name}", not "session"`,
      );
      let data: unknown;
      try {
        data = JSON.parse(item.event.data);
      } catch {
        throw new Error(`a \`session\` event's data is not JSON: ${item.event.data.slice(0, 200)}`);
      }
      first = { view: looseEvent(data), id: item.event.id, data };
      return;
    }
  });
  await report.rule(A_RULES.retry, () =>
    expect(hint, `${stream.answer.what} sent no \`retry:\` line before its first event`),
  );
  await report.rule(A_RULES.data, () => {
    expect(first, 'no `session` event to check');
    sessionEventView(first.data);
    expect(
      first.view.id === session.id && first.view.status === 'pending',
      `the first event is session ${first.view.id}, ${first.view.status}`,
    );
  });
  await report.rule(A_RULES.id, async () => {
    expect(first, 'no `session` event to check');
    expect(first.id !== null && first.id !== '', `${stream.answer.what}: the event has no \`id:\``);
    expect(
      `"${first.id}"` === etag,
      `the event's id is ${first.id}, the ETag ${etag}: the element sends the id back as If-None-Match`,
    );
    const held = await backend.ask(sessionPath(session.id), {
      headers: { 'if-none-match': `"${first.id}"` },
    });
    expect(
      held.status === 304,
      `${held.what} with If-None-Match: "${first.id}" answered ${held.status}, not 304`,
    );
  });
}

/** The bank pays: "paid" pushed on the stream, the webhook taken, the view paid; the final event's id. */
async function paymentPushed(ctx: Context, stream: OpenStream, session: SessionView): Promise<string | null> {
  const { report } = ctx;
  let finalId: string | null = null;
  await report.rule(A_RULES.pushed, async () => {
    await pay(ctx, session);
    const { view, event } = await nextView(
      stream,
      'session',
      looseEvent,
      (v) => v.status !== 'pending',
      ctx.limits.payMs,
    );
    expect(view.status === 'paid', `the stream pushed "${view.status}", not "paid"`);
    finalId = event.id;
  });
  await report.rule(A_RULES.paid, async () => {
    const credit = await latestCredit(ctx, ctx.limits.payMs);
    expect(
      credit.delivered &&
        credit.last_status !== null &&
        credit.last_status >= 200 &&
        credit.last_status < 300,
      `the backend answered the webhook ${credit.id} with ${credit.last_status ?? credit.last_error ?? 'nothing'}, not a 2xx`,
    );
    const paid = await waitForSession(ctx, session.id, ctx.limits.payMs, (v) => v.status !== 'pending');
    expect(
      paid?.status === 'paid',
      `the session is "${paid?.status ?? 'pending'}" ${Math.round(ctx.limits.payMs / 1000)} s after the webhook, not "paid"`,
    );
    expect(paid.paid_at !== null, '"paid_at" is null once paid');
  });
  return finalId;
}

/** After the final view the backend ends the stream, and answers 204 to a reconnect holding it. */
async function streamEnding(
  ctx: Context,
  stream: OpenStream,
  session: SessionView,
  finalId: string | null,
): Promise<void> {
  const { report } = ctx;
  await report.rule(A_RULES.ended, async () => {
    const reader = expectStream(stream);
    for (;;) {
      const item = await reader.next(5000);
      expect(item !== null, `${stream.answer.what} was still open 5 s after the final view`);
      if (item.kind === 'end') return;
      expect(
        item.kind !== 'event' || item.event.name === 'session',
        'an event without a name after the final view',
      );
    }
  });
  await report.rule(A_RULES.held, async () => {
    const { answer } = await readSession(ctx, session.id);
    const version = (answer.headers.get('etag') ?? '').replace(/^W\//, '').replace(/"/g, '');
    expect(
      finalId === null || finalId === version,
      `the final event's id ${String(finalId)} is not the ETag ${version}`,
    );
    const again = await openSessionStream(ctx, session.id, version);
    await again.close();
    expect(
      again.answer.status === 204,
      `${again.answer.what} with Last-Event-ID of the final view answered ${again.answer.status}, not 204 (EventSource would reconnect forever)`,
    );
  });
}

export const B_RULES = {
  created: 'second order: a new session, 201',
  watcher: 'paid by the watcher alone: with the webhook held back, the backend finds the transfer itself',
  pushed: 'stream: "paid" found by the watcher is pushed',
  late: 'late webhook: accepted (2xx) after the watcher, and nothing changes',
} as const;

/** A session paid while the provider's webhooks are held back: the backend must find it itself. */
export async function paidByWatcher(ctx: Context, orderId: string): Promise<void> {
  const { report } = ctx;
  let session: SessionView | null = null;
  await report.rule(B_RULES.created, async () => {
    const answer = await createSession(ctx, orderId);
    expectStatus(answer, 201);
    session = looseSession(answer.json, answer.what);
  });
  if (!session) return report.notChecked(Object.values(B_RULES).slice(1), 'no session to check');
  const view: SessionView = session;
  const stream = await openSessionStream(ctx, view.id);
  let paidAt: string | null = null;
  try {
    await ctx.emulator.pauseWebhooks();
    try {
      let pushed: ReturnType<typeof nextView<SessionView>> = Promise.reject(new Error('the transfer failed'));
      pushed.catch(() => undefined);
      await report.rule(B_RULES.watcher, async () => {
        await pay(ctx, view);
        pushed = nextView(stream, 'session', looseEvent, (v) => v.status !== 'pending', ctx.limits.watchMs);
        pushed.catch(() => undefined);
        const paid = await waitForSession(ctx, view.id, ctx.limits.watchMs, (v) => v.status !== 'pending');
        expect(
          paid?.status === 'paid',
          `the session is "${paid?.status ?? 'pending'}" ${Math.round(ctx.limits.watchMs / 1000)} s after the transfer, its webhook held back: the backend must ask the provider (GET /v1/transactions)`,
        );
        paidAt = paid.paid_at;
      });
      await report.rule(B_RULES.pushed, async () => {
        const { view: last } = await pushed;
        expect(last.status === 'paid', `the stream pushed "${last.status}", not "paid"`);
      });
    } finally {
      await ctx.emulator.resumeWebhooks();
    }
    await report.rule(B_RULES.late, async () => {
      const credit = await latestCredit(ctx, ctx.limits.payMs);
      expect(
        credit.delivered &&
          credit.last_status !== null &&
          credit.last_status >= 200 &&
          credit.last_status < 300,
        `the backend answered the late webhook ${credit.id} with ${credit.last_status ?? credit.last_error ?? 'nothing'}, not a 2xx`,
      );
      const { view: after } = await readSession(ctx, view.id);
      expect(
        after.status === 'paid' && after.paid_at === paidAt,
        `after the late webhook the session is ${after.status}, paid_at ${after.paid_at}, not as before (${paidAt})`,
      );
    });
  } finally {
    await stream.close();
  }
}
