// The sessions flow: a checkout's single-use account for one order's exact amount, paid exactly once.
// Its routes (create, status, renew, the status stream), the credits that pay a session (by its
// account reference and the one rule, `creditPays`), what the watcher reads for it (back to the
// oldest pending session, and for those past their expiry back to their creation before any is
// called expired), onPaid owed in the outbox, and the `session.paid` / `session.expired` events.
import type { Transaction } from '@pay-elements/api';
import type * as z from 'zod';
import type { CreditCheck, CreditContext, CreditOutcome, Flow, Kit } from '../../flow.js';
import { toIso } from '../../provider/credits.js';
import { RequestLimiter } from '../../provider/rate-limit.js';
import { AccountOpener } from './accounts.js';
import { CHANGED, PAID_EMAIL, SessionBook, type PendingSession, type SessionRecord } from './book.js';
import { claimReadDue, payableUntil, SessionClaims } from './claims.js';
import { creditPays } from './credits.js';
import { sessionEventRoutes } from './events-route.js';
import { SessionHub } from './hub.js';
import { sessionOptions, type Order } from './options.js';
import { OrderSessions } from './orders.js';
import { paidEmailDelivery } from './paid-email.js';
import { checkedOrder, sessionRoutes } from './routes.js';
import { sessionDisplay, stableView } from './view.js';
import { sessionEvents } from './events.js';

/** What the sessions flow adds to the handler. */
export interface SessionsApi {
  /**
   * The order's one session, opened from the merchant's own server (no shopper's request, no
   * per-client limit): the same rules as `POST /sessions`, a 409 `HttpError` when the order's
   * amount, currency or customer differ from its session's. `created` when this call opened it.
   */
  openSession(orderId: string, order: Order): Promise<{ session: SessionRecord; created: boolean }>;
  /** The session as stored, or null. */
  getSession(id: string): Promise<SessionRecord | null>;
}

/**
 * How far before a session's creation the last check before its expiry reads (the kit's and the
 * provider's clocks may differ).
 */
const HISTORY_SLACK_MS = 60 * 60 * 1000;
/** Every pending session is listed for a check (far above any peak). */
const PENDING_LIMIT = 1_000_000;

/** The credits that pay sessions, from a webhook or the watcher. */
function creditsOf(kit: Kit, book: SessionBook) {
  return async (transaction: Transaction, context: CreditContext): Promise<CreditOutcome> => {
    const reference = context.account?.reference ?? transaction.payment_transfer.account_reference;
    if (reference === undefined) return 'not-mine';
    // the account the credit went to, current or replaced by a renewal
    const session = await book.findByReference(reference);
    if (!session) return 'not-mine';
    if (session.status === 'paid') return 'settled';
    const currency = context.account?.currency.toUpperCase() ?? session.currency;
    if (currency !== session.currency || !creditPays(transaction, { ...session, reference })) {
      if (context.via === 'webhook')
        context.log.warn('credit does not pay the session (status, amount or currency); ignored', {
          sessionId: session.id,
          status: transaction.status,
          amount: transaction.amount,
          currency,
        });
      // a transfer still processing may pay it once it settles: read it again
      return 'unsettled';
    }
    const paid = await book.markPaid(session.id, {
      transactionId: transaction.id,
      transactionRef: transaction.ref,
      paidAt: toIso(transaction.created_at, context.now),
    });
    if (paid) context.log.info('session paid', { sessionId: session.id, transactionId: transaction.id });
    return 'settled';
  };
}

/** What a check reads for the pending sessions, and the expiry of those past it once it is complete. */
function watchOf(kit: Kit, book: SessionBook, graceMs: number) {
  return async (startedAt: number): Promise<CreditCheck | null> => {
    const pending = await book.listPending(PENDING_LIMIT);
    const first = pending[0];
    if (!first) return null;
    const created = (p: PendingSession) => Date.parse(p.createdAt);
    // listed oldest first
    // a claimed one only after its grace (./claims.ts)
    const expiring = pending.filter((p) => startedAt >= payableUntil(p, graceMs));
    return {
      oldest: created(first) - HISTORY_SLACK_MS,
      closing: expiring.map((p) => ({
        before: created(p) - HISTORY_SLACK_MS,
        found: (transaction: Transaction) => creditPays(transaction, p),
      })),
      async complete() {
        // the check started after these accounts closed and read back to each session's creation
        // without finding its credit: the session is expired
        for (const p of expiring)
          if (await book.markExpired(p.id, p.reference))
            kit.logger.info('session expired', { sessionId: p.id });
      },
    };
  };
}

/** An order's one session and its renewals: account openings under claims, limited per client and order. */
function orderSessions(
  kit: Kit,
  options: z.output<z.ZodObject<typeof sessionOptions>>,
  book: SessionBook,
  refresh: (session: SessionRecord) => Promise<SessionRecord>,
): OrderSessions {
  const { clock, logger } = kit;
  const limits = options.accountRateLimit;
  return new OrderSessions({
    sessions: book,
    opener: new AccountOpener({
      client: kit.client,
      provider: kit.provider,
      lifespanMinutes: options.lifespanMinutes,
      // the opening gives up a little before a waiting request does, so that it can take over
      timeoutMs: Math.floor(kit.claims.timeoutMs * 0.8),
    }),
    refresh,
    clock,
    limiter: limits
      ? new RequestLimiter({
          clock,
          logger,
          perClientPerMinute: limits.perClientPerMinute,
          perSubjectPerMinute: limits.perOrderPerMinute,
          maxKeys: limits.maxKeys,
          clientKey: kit.clientKey,
          what: 'account openings',
        })
      : null,
    claimTimeoutMs: kit.claims.timeoutMs,
    claimLeaseMs: kit.claims.leaseMs,
  });
}

/** "I've sent the money" (./claims.ts), limited per client and per session. */
function sessionClaims(kit: Kit, options: z.output<z.ZodObject<typeof sessionOptions>>): SessionClaims {
  const limits = options.claimRateLimit;
  return new SessionClaims({
    records: kit.store.records,
    transition: kit.transition,
    clock: kit.clock,
    count: kit.count,
    limiter: limits
      ? new RequestLimiter({
          clock: kit.clock,
          logger: kit.logger,
          perClientPerMinute: limits.perClientPerMinute,
          perSubjectPerMinute: limits.perSessionPerMinute,
          maxKeys: limits.maxKeys,
          clientKey: kit.clientKey,
          what: 'claims',
        })
      : null,
  });
}

export const sessions: Flow<typeof sessionOptions, SessionsApi, typeof sessionEvents> = {
  name: 'sessions',
  about:
    "a checkout's single-use account per order, its status and stream, renewal; credits paying sessions by reference; the expiry of what is past it; `onPaid`; `pay.openSession`, `pay.getSession`",
  methods:
    "`openSession(orderId, order)` → `{session, created}`: the order's one session opened from your own server (the rules of `POST /sessions`; 409 `HttpError` for another amount, currency or customer); `getSession(id)`",
  options: sessionOptions,
  events: sessionEvents,
  // 0.1.0's names of the session counters (CHANGELOG.md: removed in 0.3.0)
  deprecatedCounters: {
    created: 'pay_sessions_created_total',
    paid: 'pay_sessions_paid_total',
    expired: 'pay_sessions_expired_total',
  },
  start(kit, options) {
    const { clock, logger } = kit;
    const { sendPaidEmail } = options;
    const book = new SessionBook(
      kit.store.records,
      kit.transition,
      clock,
      kit.merchant,
      kit.count,
      !!sendPaidEmail,
    );
    const graceMs = options.claimGraceMinutes * 60_000;
    // a pending session brought up to date: read again only when a check was made or joined (a
    // claimed one: also once at each of its extra reads)
    const refresh = (session: SessionRecord, opts?: { force?: boolean }): Promise<SessionRecord> =>
      session.status !== 'pending'
        ? Promise.resolve(session)
        : kit.provider
            .refresh(payableUntil(session, graceMs), { ...opts, since: claimReadDue(session, clock.now()) })
            .then((looked) => (looked ? book.get(session.id).then((now) => now ?? session) : session));
    const extras = (session: SessionRecord) => kit.extras('session', session);
    // the same view (display fields included) as the status route, so event ids are its ETags
    const view = (session: SessionRecord) =>
      Promise.resolve(
        stableView(session, options.checkoutUrl, sessionDisplay(kit.merchant, session), extras(session)),
      );
    const orders = orderSessions(kit, options, book, refresh);
    const { streams } = kit;
    const hub = new SessionHub({
      sessions: book,
      subscribe: (listener) => kit.changes(CHANGED, listener),
      refresh,
      clock,
      logger,
      scheduler: streams.config.scheduler,
      checkIntervalMs: Math.max(kit.provider.intervalMs, 1000),
      heartbeatMs: streams.config.heartbeatMs,
      view,
    });
    const routes = sessionRoutes({
      sessions: book,
      orders,
      refresh,
      extras,
      clock,
      maxBodyBytes: kit.maxBodyBytes,
      resolveOrder: options.resolveOrder,
      checkoutUrl: options.checkoutUrl,
      merchant: kit.merchant,
      claims: sessionClaims(kit, options),
    });
    if (streams.config.enabled)
      routes.push(
        ...sessionEventRoutes({
          sessions: book,
          hub,
          admission: streams.admission,
          streams: streams.config,
          maxBodyBytes: kit.maxBodyBytes,
          view,
          clientKey: streams.clientKey,
        }),
      );
    const { onPaid } = options;
    return {
      routes,
      credit: creditsOf(kit, book),
      watch: watchOf(kit, book, graceMs),
      deliveries: {
        paid: {
          names: { callback: 'onPaid', id: 'sessionId' },
          async deliver(id) {
            const session = await book.get(id);
            if (session && onPaid) await onPaid(session);
          },
        },
        // the paid email, owed by the paid transition of a session whose order named the shopper
        ...(sendPaidEmail
          ? {
              [PAID_EMAIL]: paidEmailDelivery({
                book,
                send: sendPaidEmail,
                merchant: kit.merchant,
                extras,
                checkoutUrl: options.checkoutUrl,
              }),
            }
          : {}),
      },
      api: {
        openSession: (orderId, order) =>
          orders.sessionFor(orderId, checkedOrder(order, `openSession's order ${orderId}`), null, logger),
        getSession: (id) => book.get(id),
      },
      drain: () => hub.close(),
    };
  },
};
