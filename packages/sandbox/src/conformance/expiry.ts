// Expiry and renewal, in real time, on an order whose account lives a minute: the backend decides
// `expired` (and pushes it), a renewal gives the same session a new account (one, however many ask),
// the order answers that session, and the new account pays. A backend cannot share the emulator's
// clock (its webhook check would refuse events signed after a jump), so the runner waits.
import { renewPath, type SessionView } from '@pay-elements/protocol';
import {
  createSession,
  nextView,
  openSessionStream,
  readSession,
  looseSession,
  waitForSession,
  type Context,
} from './context.js';
import { expect, expectStatus } from './report.js';
import { looseEvent, pay } from './sessions.js';

/** The longest account life the expiry rules wait for, ms. */
const LONGEST_MS = 2 * 60_000;

export const EXPIRY_RULES = {
  short: 'expiry order: its account lives at most 2 minutes (expires_at − created_at)',
  pushed: 'expiry: "expired" is pushed on the stream once the account has expired',
  view: 'expiry: the view says "expired" once the account has expired',
  renew: 'renew: a new account for the expired session (same id, pending, a new account and expiry)',
  once: 'renew: concurrent renewals open one account',
  order: 'create after renewal: the order answers its renewed session, 200',
  pays: 'renewed account pays',
} as const;

/**
 * The expiry rules on a fresh order with a short-lived account. The renewed account is paid only once
 * `mayPay` resolves (the other orders' rules read the emulator's webhook log meanwhile).
 */
export async function expiryAndRenewal(
  ctx: Context,
  orderId: string,
  mayPay: Promise<unknown>,
): Promise<void> {
  const { report } = ctx;
  const rules = Object.values(EXPIRY_RULES);
  const session = await shortLived(ctx, orderId);
  if (!session) return report.notChecked(rules.slice(1), 'no short-lived session to check');
  // the backend's clock: the wait ends at its expires_at however the clocks differ
  const skew = Date.parse(session.server_time) - Date.now();
  if (!(await expires(ctx, session, skew)))
    return report.notChecked(rules.slice(3), 'the session never expired');
  const renewed = await renewal(ctx, session, skew);
  if (!renewed) return report.notChecked(rules.slice(4), 'no renewed session');
  await renewsOnce(ctx, session, renewed);
  await orderAnswersRenewed(ctx, orderId, session, renewed);
  await mayPay;
  await report.rule(EXPIRY_RULES.pays, async () => {
    await pay(ctx, renewed);
    const view = await waitForSession(ctx, session.id, ctx.limits.watchMs, (v) => v.status !== 'pending');
    expect(
      view?.status === 'paid',
      `the renewed session is "${view?.status ?? 'pending'}" after its new account was paid`,
    );
  });
}

/** The order's session, if its account lives at most the longest the rules wait for. */
async function shortLived(ctx: Context, orderId: string): Promise<SessionView | null> {
  let first: SessionView | null = null;
  await ctx.report.rule(EXPIRY_RULES.short, async () => {
    const answer = await createSession(ctx, orderId);
    expectStatus(answer, 201);
    const view = looseSession(answer.json, answer.what);
    const life = Date.parse(view.expires_at) - Date.parse(view.created_at);
    expect(
      life <= LONGEST_MS,
      `order ${orderId}'s account lives ${Math.round(life / 1000)} s: give an order whose account lives one minute, or --skip-expiry`,
    );
    first = view;
  });
  return first;
}

/** `expired` pushed on the stream, then read in the view; whether the view said it. */
async function expires(ctx: Context, session: SessionView, skew: number): Promise<boolean> {
  const { report } = ctx;
  const stream = await openSessionStream(ctx, session.id);
  try {
    const untilExpiry = Date.parse(session.expires_at) - (Date.now() + skew);
    await report.rule(EXPIRY_RULES.pushed, async () => {
      const { view } = await nextView(
        stream,
        'session',
        looseEvent,
        (v) => v.status !== 'pending',
        Math.max(0, untilExpiry) + ctx.limits.expiryGraceMs,
      );
      expect(view.status === 'expired', `the stream pushed "${view.status}", not "expired"`);
    });
  } finally {
    await stream.close();
  }
  let expired = false;
  await report.rule(EXPIRY_RULES.view, async () => {
    const left = Date.parse(session.expires_at) - (Date.now() + skew);
    const view = await waitForSession(
      ctx,
      session.id,
      Math.max(0, left) + ctx.limits.expiryGraceMs,
      (v) => v.status !== 'pending',
    );
    expect(
      view?.status === 'expired',
      `the session is "${view?.status ?? 'pending'}" after its account expired, not "expired"`,
    );
    expired = true;
  });
  return expired;
}

/** The expired session renewed: the same id, pending, a new account that has not expired. */
async function renewal(ctx: Context, session: SessionView, skew: number): Promise<SessionView | null> {
  let renewed: SessionView | null = null;
  await ctx.report.rule(EXPIRY_RULES.renew, async () => {
    const answer = await ctx.backend.ask(renewPath(session.id), { body: {} });
    expectStatus(answer, 200, 201);
    const view = looseSession(answer.json, answer.what);
    expect(view.id === session.id, `the renewal answered session ${view.id}, not ${session.id}`);
    expect(view.status === 'pending', `the renewed session is "${view.status}", not "pending"`);
    expect(
      view.account.account_number !== session.account.account_number || view.reference !== session.reference,
      'the renewal answered the expired account (the same account number and reference)',
    );
    expect(
      Date.parse(view.expires_at) > Date.now() + skew,
      `the renewed account's "expires_at" (${view.expires_at}) has passed`,
    );
    renewed = view;
  });
  return renewed;
}

/** Renewing a renewed session again, three at once, keeps the one account. */
async function renewsOnce(ctx: Context, session: SessionView, current: SessionView): Promise<void> {
  await ctx.report.rule(EXPIRY_RULES.once, async () => {
    const answers = await Promise.all(
      [1, 2, 3].map(() => ctx.backend.ask(renewPath(session.id), { body: {} })),
    );
    for (const answer of answers) expectStatus(answer, 200, 201, 409);
    const { view } = await readSession(ctx, session.id);
    expect(
      view.account.account_number === current.account.account_number,
      `renewing a session already renewed changed its account (${current.account.account_number} → ${view.account.account_number})`,
    );
    for (const answer of answers.filter((a) => a.status !== 409)) {
      const other = looseSession(answer.json, answer.what);
      expect(
        other.account.account_number === current.account.account_number,
        'concurrent renewals answered two accounts',
      );
    }
  });
}

/** Creating the order's session again answers the renewed one, 200. */
async function orderAnswersRenewed(
  ctx: Context,
  orderId: string,
  session: SessionView,
  current: SessionView,
): Promise<void> {
  await ctx.report.rule(EXPIRY_RULES.order, async () => {
    const answer = await createSession(ctx, orderId);
    expectStatus(answer, 200);
    const view = looseSession(answer.json, answer.what);
    expect(view.id === session.id, `the order answered session ${view.id}, not its renewed ${session.id}`);
    expect(
      view.account.account_number === current.account.account_number,
      'the order answered another account than the renewed one',
    );
  });
}
