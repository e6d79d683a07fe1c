// The session routes: create, status, renew. The amount and the customer come from the merchant's
// resolveOrder, never from the browser; the account comes from the provider's single-use account.
import { randomBytes } from 'node:crypto';
import { CreateSessionRequest, type SessionDisplay, type SessionView } from '@pay-elements/protocol';
import type { DynamicAccount, PayClient } from '@pay-elements/api';
import type { CircuitBreaker } from './breaker.js';
import { OrderSchema, type Clock, type Order } from './config.js';
import { decimalEquals, decimalToNumber, numberEqualsDecimal } from './decimal.js';
import { HttpError, etagMatches, etagOf, json, parseInput, readJson } from './http.js';
import { describeError, type Logger } from './log.js';
import type { Route } from './router.js';
import type { SessionDisplaySource } from './session-display.js';
import type { Renewal, SessionRecord, SessionStore } from './store/types.js';
import type { PaymentWatcher } from './watcher.js';

export interface SessionRouteOptions {
  client: PayClient;
  store: SessionStore;
  watcher: PaymentWatcher;
  breaker: CircuitBreaker;
  clock: Clock;
  logger: Logger;
  lifespanMinutes: number;
  maxBodyBytes: number;
  resolveOrder(orderId: string): Order | null | Promise<Order | null>;
  checkoutUrl: ((sessionId: string) => string) | undefined;
  /** the merchant's display fields of each session (session-display.ts) */
  display: SessionDisplaySource;
}

/** The session as the widget sees it, without `server_time` (what the ETag is computed over). */
export type StableSessionView = Omit<SessionView, 'server_time'>;

export function stableView(
  session: SessionRecord,
  checkoutUrl?: (id: string) => string,
  display: SessionDisplay = {},
): StableSessionView {
  const view: StableSessionView = {
    id: session.id,
    status: session.status,
    amount: session.amount,
    currency: session.currency,
    account: {
      account_name: session.account.accountName,
      account_number: session.account.accountNumber,
      bank_name: session.account.bankName,
    },
    reference: session.reference,
    created_at: session.createdAt,
    expires_at: session.expiresAt,
    paid_at: session.paidAt,
  };
  if (checkoutUrl) view.checkout_url = checkoutUrl(session.id);
  if (display.merchant) view.merchant = display.merchant;
  if (display.order) view.order = display.order;
  if (display.return_url) view.return_url = display.return_url;
  return view;
}

/** A new session id: 128 random bits, so that ids cannot be guessed. */
export function newSessionId(): string {
  return `ses_${randomBytes(16).toString('base64url')}`;
}

export function sessionRoutes(options: SessionRouteOptions): Route[] {
  const { client, store, watcher, breaker, clock, logger } = options;

  /** The view with server_time and its ETag; 304 when the browser already holds this version. */
  async function answer(session: SessionRecord, request: Request | null, status = 200): Promise<Response> {
    const stable = stableView(session, options.checkoutUrl, await options.display.of(session));
    const etag = etagOf(stable);
    if (request && etagMatches(request.headers.get('if-none-match'), etag))
      return new Response(null, { status: 304, headers: { etag, 'cache-control': 'no-store' } });
    const view: SessionView = { ...stable, server_time: new Date(clock.now()).toISOString() };
    return json(view, status, { etag });
  }

  async function resolve(orderId: string): Promise<Order> {
    const answered = await options.resolveOrder(orderId);
    if (answered === null || answered === undefined) throw new HttpError('not_found', 'No such order.');
    const order = OrderSchema.safeParse(answered);
    if (!order.success) {
      throw new Error(`resolveOrder answered an invalid order for ${orderId}: ${order.error.message}`);
    }
    return order.data;
  }

  /** A single-use account for exactly the order's amount, checked against what was asked for. */
  async function openAccount(order: Order): Promise<Renewal> {
    const amount = decimalToNumber(order.amount);
    if (amount === null) throw new Error(`order amount ${order.amount} cannot be sent as an exact number`);
    const account: DynamicAccount = await breaker.run(() =>
      client.virtualAccounts.createDynamic({
        customer_id: order.customer_id,
        amount,
        lifespan_minutes: options.lifespanMinutes,
      }),
    );
    if (
      !numberEqualsDecimal(account.amount, order.amount) ||
      account.currency.toUpperCase() !== order.currency
    ) {
      throw new Error(
        `the provider opened an account for ${account.amount} ${account.currency}, ` +
          `not the order's ${order.amount} ${order.currency}`,
      );
    }
    return {
      account: {
        accountName: account.account_name,
        accountNumber: account.account_no,
        bankName: account.bank_name,
      },
      reference: account.reference,
      expiresAt: new Date(Date.parse(account.expires_at)).toISOString(),
    };
  }

  /**
   * The refresh before answering an open session of the same order again: provider trouble is logged
   * and the stored state answered (it was created moments ago, or is paid).
   */
  async function refreshQuietly(session: SessionRecord): Promise<SessionRecord> {
    try {
      return await watcher.refresh(session);
    } catch (error) {
      logger.warn('payment check failed; answering the stored state', {
        sessionId: session.id,
        error: describeError(error),
      });
      return session;
    }
  }

  async function find(id: string): Promise<SessionRecord> {
    const session = await store.get(id);
    if (!session) throw new HttpError('not_found', 'No such session.');
    return session;
  }

  function sameOrder(session: SessionRecord, order: Order): boolean {
    return (
      decimalEquals(session.amount, order.amount) &&
      session.currency === order.currency &&
      session.customerId === order.customer_id
    );
  }

  const create: Route = {
    method: 'POST',
    path: '/sessions',
    maxBodyBytes: options.maxBodyBytes,
    async handle({ request }) {
      const { order_id } = parseInput(CreateSessionRequest, await readJson(request, options.maxBodyBytes));
      const order = await resolve(order_id);
      // An open session of the same order is answered again, so that a reload does not open a
      // second account the shopper could pay twice.
      const open = await store.findOpenByOrder(order_id);
      if (open && sameOrder(open, order)) {
        const current = await refreshQuietly(open);
        if (
          current.status === 'paid' ||
          (current.status === 'pending' && clock.now() < Date.parse(current.expiresAt))
        )
          return answer(current, null);
      }
      const opened = await openAccount(order);
      const session: SessionRecord = {
        id: newSessionId(),
        orderId: order_id,
        customerId: order.customer_id,
        amount: order.amount,
        currency: order.currency,
        status: 'pending',
        account: opened.account,
        reference: opened.reference,
        createdAt: new Date(clock.now()).toISOString(),
        expiresAt: opened.expiresAt,
        paidAt: null,
        transactionId: null,
      };
      await store.create(session);
      options.display.remember(session.id, order);
      logger.info('session created', { sessionId: session.id, orderId: order_id });
      return answer(session, null, 201);
    },
  };

  const status: Route = {
    method: 'GET',
    path: '/sessions/:id',
    maxBodyBytes: options.maxBodyBytes,
    async handle({ request, params }) {
      const stored = await find(params['id'] ?? '');
      try {
        return answer(await watcher.refresh(stored), request);
      } catch (error) {
        // The provider could not be asked: a pending session's stored view may be stale (paid
        // meanwhile), so the poll fails (503 with Retry-After) rather than answer it. A session a
        // webhook settled in the meantime answers what it is now.
        const current = await store.get(stored.id);
        if (current && current.status !== 'pending') return answer(current, request);
        throw error;
      }
    },
  };

  const renew: Route = {
    method: 'POST',
    path: '/sessions/:id/renew',
    maxBodyBytes: options.maxBodyBytes,
    async handle({ params }) {
      let session = await find(params['id'] ?? '');
      if (session.status === 'pending' && clock.now() >= Date.parse(session.expiresAt))
        session = await watcher.refresh(session, { force: true }); // the last check before renewing
      if (session.status === 'paid') throw new HttpError('conflict', 'The session is already paid.');
      if (session.status === 'pending')
        throw new HttpError('conflict', 'The session is still open; only an expired session can be renewed.');
      const renewal = await openAccount({
        amount: session.amount,
        currency: session.currency,
        customer_id: session.customerId,
      });
      if (!(await store.renew(session.id, session.reference, renewal))) {
        // another request renewed (or a late credit paid) it first: answer what it is now
        const current = await find(session.id);
        if (current.status === 'paid') throw new HttpError('conflict', 'The session is already paid.');
        return answer(current, null);
      }
      logger.info('session renewed', { sessionId: session.id });
      return answer(await find(session.id), null);
    },
  };

  return [create, status, renew];
}
