// The session routes: create, status, renew. The amount and the customer come from the merchant's
// resolveOrder, never from the browser; the account comes from the provider's single-use account.
// An order has one session: only the caller holding the store's claim on the order (or on the
// session's renewal) opens an account; the others wait for its session and answer that.
import { randomBytes } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import {
  CreateSessionRequest,
  endpoints,
  type SessionDisplay,
  type SessionMerchant,
  type SessionView,
} from '@pay-elements/protocol';
import { decimal, type DynamicAccount, type PayClient } from '@pay-elements/api';
import { ProviderUnavailableError, type CircuitBreaker } from '../provider/breaker.js';
import { OrderSchema, type Clock, type Order, type OrderContext } from '../options.js';
import { HttpError } from '../errors.js';
import { etagMatches, etagOf, notModified, taggedJsonText } from '../http/answers.js';
import { parseInput, readJson } from '../http/input.js';
import { clientAddress, requestHeader } from '@pay-elements/http';
import { describeError, type Logger } from '../log.js';
import type { RequestLimiter } from '../provider/rate-limit.js';
import type { Route } from '../http/router.js';
import { sessionDisplay } from './session-view.js';
import { isStoreUnavailable } from '../store/errors.js';
import type { Claim, Renewal, SessionRecord, PayStore } from '../store/parts.js';
import type { PaymentWatcher } from '../provider/watcher.js';

export interface SessionRouteOptions {
  client: PayClient;
  store: PayStore;
  watcher: PaymentWatcher;
  breaker: CircuitBreaker;
  clock: Clock;
  lifespanMinutes: number;
  maxBodyBytes: number;
  resolveOrder(orderId: string, context: OrderContext): Order | null | Promise<Order | null>;
  checkoutUrl: ((sessionId: string) => string) | undefined;
  /** the shop shown with every session whose order names no merchant of its own */
  merchant: SessionMerchant | undefined;
  /** how long a claim to open an account holds before another caller may take it over, ms */
  claimTimeoutMs: number;
  /** account openings per client and per order; null when the merchant turned it off */
  limiter: RequestLimiter | null;
}

/** How often a caller waiting for another's claim looks again, ms (real time: it waits on real I/O). */
const CLAIM_POLL_MS = 20;

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

/** A session's view as answered: its ETag and its JSON up to the closing brace, for one version. */
interface RenderedView {
  /** the fields of the record it was rendered from that can change (a copy) */
  version: Version;
  etag: string;
  /** `JSON.stringify(stable)` without its closing `}`, so that `server_time` is added as text */
  open: string;
  /** the last answer's `server_time` and JSON: polls within the same millisecond share them */
  time: string;
  text: string;
}

/**
 * The fields of a record a store changes (paid, expired, renewed), and the amount; the rest (display
 * included) is fixed when the session is created.
 */
type Version = Pick<SessionRecord, 'status' | 'reference' | 'expiresAt' | 'paidAt' | 'amount' | 'currency'> &
  SessionRecord['account'];

function versionOf(s: SessionRecord): Version {
  return {
    status: s.status,
    reference: s.reference,
    expiresAt: s.expiresAt,
    paidAt: s.paidAt,
    amount: s.amount,
    currency: s.currency,
    ...s.account,
  };
}

/** Whether a record shows the view rendered for `v` (compared field by field: nothing made per poll). */
function sameVersion(v: Version, s: SessionRecord): boolean {
  return (
    v.status === s.status &&
    v.reference === s.reference &&
    v.expiresAt === s.expiresAt &&
    v.paidAt === s.paidAt &&
    v.amount === s.amount &&
    v.currency === s.currency &&
    v.accountNumber === s.account.accountNumber &&
    v.accountName === s.account.accountName &&
    v.bankName === s.account.bankName
  );
}

/** Views rendered for this many sessions at most (the least recently rendered go first). */
const RENDERED_VIEWS = 4096;

/**
 * Each session's view, rendered (serialized and hashed for its ETag) once per version of the record
 * rather than on every poll: most polls of a pending session find it as it was.
 */
class RenderedViews {
  readonly #views = new Map<string, RenderedView>();
  readonly #checkoutUrl: ((id: string) => string) | undefined;
  readonly #merchant: SessionMerchant | undefined;

  constructor(checkoutUrl: ((id: string) => string) | undefined, merchant: SessionMerchant | undefined) {
    this.#checkoutUrl = checkoutUrl;
    this.#merchant = merchant;
  }

  of(session: SessionRecord): RenderedView {
    const held = this.#views.get(session.id);
    if (held && sameVersion(held.version, session)) return held;
    const stable = stableView(session, this.#checkoutUrl, sessionDisplay(this.#merchant, session));
    const text = JSON.stringify(stable);
    const view: RenderedView = {
      version: versionOf(session),
      etag: etagOf(stable),
      open: text.slice(0, -1),
      time: '',
      text: '',
    };
    this.#views.delete(session.id);
    if (this.#views.size >= RENDERED_VIEWS) {
      const oldest = this.#views.keys().next();
      if (!oldest.done) this.#views.delete(oldest.value);
    }
    this.#views.set(session.id, view);
    return view;
  }
}

/** A new session id: 128 random bits, so that ids cannot be guessed. */
export function newSessionId(): string {
  return `ses_${randomBytes(16).toString('base64url')}`;
}

/** The token of one caller's claims. */
function newClaimToken(): string {
  return randomBytes(12).toString('base64url');
}

/** How many paid sessions the status route keeps to answer while the store is away. */
const FINALS_KEPT = 10_000;

export function sessionRoutes(options: SessionRouteOptions): Route[] {
  const { client, store, watcher, breaker, clock } = options;
  const views = new RenderedViews(options.checkoutUrl, options.merchant);
  // the clock's time as ISO 8601, made once per millisecond however many polls ask within it
  let lastNow = NaN;
  let lastTime = '';
  function serverTime(): SessionView['server_time'] {
    const now = clock.now();
    if (now !== lastNow) {
      lastNow = now;
      lastTime = new Date(now).toISOString();
    }
    return lastTime;
  }

  /** The view with server_time and its ETag; 304 when the browser already holds this version. */
  function answer(session: SessionRecord, request: Request | null, status = 200): Response {
    const view = views.of(session);
    if (request && etagMatches(requestHeader(request, 'if-none-match'), view.etag))
      return notModified(view.etag);
    const time = serverTime();
    if (view.time !== time) {
      // the view's JSON with `server_time` last, as JSON.stringify({ ...stable, server_time }) gives it
      view.time = time;
      view.text = `${view.open},"server_time":"${time}"}`;
    }
    return taggedJsonText(view.text, status, view.etag);
  }

  async function resolve(orderId: string, request: Request): Promise<Order> {
    const answered = await options.resolveOrder(orderId, { request, clientAddress: clientAddress(request) });
    if (answered === null || answered === undefined) throw new HttpError('not_found', 'No such order.');
    const order = OrderSchema.safeParse(answered);
    if (!order.success) {
      throw new Error(`resolveOrder answered an invalid order for ${orderId}: ${order.error.message}`);
    }
    return order.data;
  }

  /** A single-use account for exactly the order's amount, checked against what was asked for. */
  async function openAccount(order: Order): Promise<Renewal> {
    const amount = decimal.toNumber(order.amount);
    if (amount === null) throw new Error(`order amount ${order.amount} cannot be sent as an exact number`);
    // the call ends well within the claim, so that no other request takes the claim over and opens
    // a second account while this one may still be opened
    const deadline = AbortSignal.timeout(Math.floor(options.claimTimeoutMs * 0.8));
    let account: DynamicAccount;
    try {
      // under the provider's 429, no account is asked for before its Retry-After (503 meanwhile)
      account = await watcher.providerCall('accounts', () =>
        breaker.run(() =>
          client.virtualAccounts.createDynamic(
            { customer_id: order.customer_id, amount, lifespan_minutes: options.lifespanMinutes },
            { signal: deadline },
          ),
        ),
      );
    } catch (error) {
      if (!deadline.aborted) throw error;
      throw new ProviderUnavailableError('opening the account took longer than its claim holds', 1, {
        cause: error,
      });
    }
    if (
      !decimal.equalsNumber(account.amount, order.amount) ||
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
  async function refreshQuietly(session: SessionRecord, log: Logger): Promise<SessionRecord> {
    try {
      return await watcher.refresh(session);
    } catch (error) {
      log.warn('payment check failed; answering the stored state', {
        sessionId: session.id,
        error: describeError(error),
      });
      return session;
    }
  }

  async function find(id: string): Promise<SessionRecord> {
    const session = await store.sessions.get(id);
    if (!session) throw new HttpError('not_found', 'No such session.');
    return session;
  }

  function sameOrder(session: SessionRecord, order: Order): boolean {
    return (
      decimal.equals(session.amount, order.amount) &&
      session.currency === order.currency &&
      session.customerId === order.customer_id
    );
  }

  function claim(token: string): Claim {
    const now = clock.now();
    return { token, now, staleBefore: now - options.claimTimeoutMs };
  }

  /** Waits a moment for another caller's claim; past the claim timeout (real time) the caller gives up. */
  async function waitForClaim(startedAt: number): Promise<void> {
    if (Date.now() - startedAt > options.claimTimeoutMs)
      throw new HttpError(
        'upstream_unavailable',
        'The payment account is still being opened. Try again shortly.',
        {
          headers: { 'retry-after': '1' },
        },
      );
    await sleep(CLAIM_POLL_MS);
  }

  /** Takes an account opening from the client's and the order's allowance, or answers 429. */
  function spend(request: Request, orderId: string, log: Logger): void {
    const decision = options.limiter?.take(request, orderId, log);
    if (decision && !decision.allowed)
      throw new HttpError(
        'rate_limited',
        `Too many payment accounts requested. Try again in ${decision.retryAfterSeconds} s.`,
        { headers: { 'retry-after': String(decision.retryAfterSeconds) } },
      );
  }

  /** The order's first session, opened under the claim `token`; null when the claim was taken over. */
  async function openFirst(
    request: Request,
    orderId: string,
    order: Order,
    token: string,
    log: Logger,
  ): Promise<SessionRecord | null> {
    let opened: Renewal;
    try {
      spend(request, orderId, log);
      opened = await openAccount(order);
    } catch (error) {
      // let go, so that a retry (or a waiting caller) may open it
      await store.sessions
        .releaseOrder(orderId, token)
        .catch((e: unknown) =>
          log.error('releasing an order claim failed', { orderId, error: describeError(e) }),
        );
      throw error;
    }
    const session: SessionRecord = {
      id: newSessionId(),
      orderId,
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
      ...(order.display ? { display: order.display } : {}),
    };
    if (!(await store.sessions.create(session, token))) {
      log.warn('the order claim was taken over while its account was opened; that account is unused', {
        orderId,
        reference: opened.reference,
      });
      return null;
    }
    log.info('session created', { sessionId: session.id, orderId });
    return session;
  }

  const create: Route = {
    ...endpoints.createSession,
    maxBodyBytes: options.maxBodyBytes,
    async handle({ request, log }) {
      const { order_id } = parseInput(CreateSessionRequest, await readJson(request));
      const order = await resolve(order_id, request);
      const token = newClaimToken();
      const startedAt = Date.now();
      for (;;) {
        const claimed = await store.sessions.claimOrder(order_id, claim(token));
        if (claimed.outcome === 'session') {
          // The order's one session, whatever its state: a reload never opens a second account the
          // shopper could pay twice; an expired one is renewed, not doubled.
          const existing = claimed.session;
          if (existing.status !== 'paid' && !sameOrder(existing, order))
            throw new HttpError(
              'conflict',
              'The order changed after its payment was started; it needs a new order id.',
            );
          return answer(await refreshQuietly(existing, log), null);
        }
        if (claimed.outcome === 'claimed') {
          const session = await openFirst(request, order_id, order, token, log);
          if (session) return answer(session, null, 201);
        } else {
          await waitForClaim(startedAt);
        }
      }
    },
  };

  // Paid sessions seen lately, answered as they are while the store cannot be read (paid is final);
  // a pending or expired one is not, since it may have been paid or renewed meanwhile.
  const finals = new Map<string, SessionRecord>();
  const status: Route = {
    ...endpoints.session,
    maxBodyBytes: options.maxBodyBytes,
    async handle({ request, params }) {
      const id = params['id'] ?? '';
      let stored: SessionRecord | null;
      try {
        // the store read inline rather than through find(): one promise fewer on the busiest route
        stored = await store.sessions.get(id);
      } catch (error) {
        const known = isStoreUnavailable(error) ? finals.get(id) : undefined;
        if (known) return answer(known, request);
        throw error;
      }
      if (!stored) throw new HttpError('not_found', 'No such session.');
      try {
        const current = await watcher.refresh(stored);
        if (current.status === 'paid' && !finals.has(id)) {
          if (finals.size >= FINALS_KEPT) finals.delete(finals.keys().next().value ?? '');
          finals.set(id, current);
        }
        return answer(current, request);
      } catch (error) {
        // The provider could not be asked: a pending session's stored view may be stale (paid
        // meanwhile), so the poll fails (503 with Retry-After) rather than answer it. A session a
        // webhook settled in the meantime answers what it is now.
        const current = await store.sessions.get(stored.id);
        if (current && current.status !== 'pending') return answer(current, request);
        throw error;
      }
    },
  };

  const renew: Route = {
    ...endpoints.renew,
    maxBodyBytes: options.maxBodyBytes,
    async handle({ request, params, log }) {
      let session = await find(params['id'] ?? '');
      if (session.status === 'pending' && clock.now() >= Date.parse(session.expiresAt))
        session = await watcher.refresh(session, { force: true }); // the last check before renewing
      const token = newClaimToken();
      const startedAt = Date.now();
      for (;;) {
        if (session.status === 'paid') throw new HttpError('conflict', 'The session is already paid.');
        if (session.status === 'pending')
          throw new HttpError(
            'conflict',
            'The session is still open; only an expired session can be renewed.',
          );
        if (await store.sessions.claimRenewal(session.id, session.reference, claim(token))) break;
        // another request is renewing it: answer its new account once it is there
        const current = await find(session.id);
        if (current.status === 'paid') session = current;
        else if (current.reference !== session.reference) return answer(current, null);
        else await waitForClaim(startedAt);
      }
      let renewal: Renewal;
      try {
        spend(request, session.orderId, log);
        renewal = await openAccount({
          amount: session.amount,
          currency: session.currency,
          customer_id: session.customerId,
        });
      } catch (error) {
        await store.sessions.releaseRenewal(session.id, token).catch((e: unknown) =>
          log.error('releasing a renewal claim failed', {
            sessionId: session.id,
            error: describeError(e),
          }),
        );
        throw error;
      }
      if (!(await store.sessions.renew(session.id, token, renewal))) {
        // a late credit paid it, or the claim went stale and another renewed it
        log.warn('the renewal claim was lost while its account was opened; that account is unused', {
          sessionId: session.id,
          reference: renewal.reference,
        });
        const current = await find(session.id);
        if (current.status === 'paid') throw new HttpError('conflict', 'The session is already paid.');
        return answer(current, null);
      }
      log.info('session renewed', { sessionId: session.id });
      return answer(await find(session.id), null);
    },
  };

  return [create, status, renew];
}
