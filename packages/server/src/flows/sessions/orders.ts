// An order's one session, opened once however many requests ask at once, and renewed once after it
// expires. Only the caller holding the store's claim on the order (or on the session's renewal) opens
// an account, renewing its claim while it does (a lease); the others wait for its session. Within one
// process, requests for the same order share one wait (one store read at a time), and a wait looks
// again less and less often (backing off), so a crowd on one order costs the store little.
import { randomBytes } from 'node:crypto';
import { decimal } from '@pay-elements/api';
import type { Clock } from '../../clock.js';
import { HttpError } from '../../errors.js';
import { describeError, type Logger } from '../../log.js';
import { claimNow, holdingLease, newClaimToken, waitForClaim, type Claim } from '../../provider/claims.js';
import type { RequestLimiter } from '../../provider/rate-limit.js';
import type { AccountOpener, AccountOrder } from './accounts.js';
import type { Renewal, SessionBook, SessionRecord } from './book.js';
import type { Order } from './options.js';

export interface OrderSessionsOptions {
  sessions: SessionBook;
  opener: AccountOpener;
  /** the session brought up to date by the watcher's check, when one is due */
  refresh: (session: SessionRecord) => Promise<SessionRecord>;
  clock: Clock;
  /** account openings per client and per order; null when the merchant turned it off */
  limiter: RequestLimiter | null;
  /** how long a request waits for another's account opening before answering 503 (real time), ms */
  claimTimeoutMs: number;
  /** a claim not renewed for this long (on the clock) is stale and may be taken over, ms */
  claimLeaseMs: number;
}

/** A new session id: 128 random bits, so that ids cannot be guessed. */
export function newSessionId(): string {
  return `ses_${randomBytes(16).toString('base64url')}`;
}

/** Whether a stored session is for the order as the merchant describes it now. */
function sameOrder(session: SessionRecord, order: Order): boolean {
  return (
    decimal.equals(session.amount, order.amount) &&
    session.currency === order.currency &&
    session.customerId === order.customer_id
  );
}

export class OrderSessions {
  /** this process's requests getting an order's session now, shared by those that come meanwhile */
  readonly #getting = new Map<string, Promise<SessionRecord>>();

  constructor(private readonly options: OrderSessionsOptions) {}

  /**
   * The order's one session: the existing one (whatever its state: a reload never opens a second
   * account the shopper could pay twice), or a new one opened now (`created`). 409 when the order
   * changed after its payment was started.
   */
  async sessionFor(
    orderId: string,
    order: Order,
    request: Request | null,
    log: Logger,
  ): Promise<{ session: SessionRecord; created: boolean }> {
    const shared = this.#getting.get(orderId);
    if (shared) {
      const session = await shared.catch(() => null);
      // the request it joined failed for its own reasons (its client's limit, say): this one tries itself
      if (session) return { session: this.#checked(session, order), created: false };
    }
    let created = false;
    const getting = this.#get(orderId, order, request, log, () => (created = true));
    this.#getting.set(orderId, getting);
    try {
      const session = await getting;
      return { session: created ? session : this.#checked(session, order), created };
    } finally {
      if (this.#getting.get(orderId) === getting) this.#getting.delete(orderId);
    }
  }

  /** A new account for an expired session, opened once however many ask; the session as it is then. */
  async renew(expired: SessionRecord, request: Request | null, log: Logger): Promise<SessionRecord> {
    const { sessions } = this.options;
    let session = expired;
    const token = newClaimToken();
    const startedAt = Date.now();
    for (let look = 0; ; look++) {
      if (session.status === 'paid') throw new HttpError('conflict', 'The session is already paid.');
      if (session.status === 'pending')
        throw new HttpError('conflict', 'The session is still open; only an expired session can be renewed.');
      if (await sessions.claimRenewal(session.id, session.reference, this.#claim(token))) break;
      // another request is renewing it: answer its new account once it is there
      const current = await this.#find(session.id);
      if (current.status === 'paid') session = current;
      else if (current.reference !== session.reference) return current;
      else await this.#wait(startedAt, look);
    }
    const previous = session.reference;
    const renewal = await this.#openUnder(
      { amount: session.amount, currency: session.currency, customer_id: session.customerId },
      { request, subject: session.orderId, log },
      () => sessions.claimRenewal(session.id, previous, this.#claim(token)),
      () => sessions.releaseRenewal(session.id, token),
    );
    if (!(await sessions.renew(session.id, token, renewal))) {
      // a late credit paid it, or the claim went stale and another renewed it
      log.warn('the renewal claim was lost while its account was opened; that account is unused', {
        sessionId: session.id,
        reference: renewal.reference,
      });
      const current = await this.#find(session.id);
      if (current.status === 'paid') throw new HttpError('conflict', 'The session is already paid.');
      return current;
    }
    log.info('session renewed', { sessionId: session.id });
    return this.#find(session.id);
  }

  /** Claims the order and opens its account, or answers the session another request opened. */
  async #get(
    orderId: string,
    order: Order,
    request: Request | null,
    log: Logger,
    opened: () => void,
  ): Promise<SessionRecord> {
    const { sessions } = this.options;
    const token = newClaimToken();
    const startedAt = Date.now();
    for (let look = 0; ; look++) {
      const claimed = await sessions.claimOrder(orderId, this.#claim(token));
      if (claimed.outcome === 'session') return this.#refreshed(this.#checked(claimed.session, order), log);
      if (claimed.outcome === 'busy') {
        await this.#wait(startedAt, look);
        continue;
      }
      const session = await this.#openFirst(orderId, order, token, request, log);
      if (session) {
        opened();
        return session;
      }
    }
  }

  /** The order's first session, opened under the claim `token`; null when the claim was taken over. */
  async #openFirst(
    orderId: string,
    order: Order,
    token: string,
    request: Request | null,
    log: Logger,
  ): Promise<SessionRecord | null> {
    const { sessions, clock } = this.options;
    const opened = await this.#openUnder(
      order,
      { request, subject: orderId, log },
      () => sessions.claimOrder(orderId, this.#claim(token)),
      () => sessions.releaseOrder(orderId, token),
    );
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
      ...(order.email
        ? { shopper: { email: order.email, ...(order.locale ? { locale: order.locale } : {}) } }
        : {}),
      ...(order.merchantData ? { merchantData: order.merchantData } : {}),
    };
    if (!(await sessions.create(session, token))) {
      log.warn('the order claim was taken over while its account was opened; that account is unused', {
        orderId,
        reference: opened.reference,
      });
      return null;
    }
    log.info('session created', { sessionId: session.id, orderId });
    return session;
  }

  /**
   * Opens an account while holding a claim: the client's and the order's allowance spent first, the
   * claim renewed while the provider answers, and let go if the opening fails (so a retry may).
   */
  async #openUnder(
    order: AccountOrder,
    by: { request: Request | null; subject: string; log: Logger },
    renew: () => Promise<unknown>,
    release: () => Promise<void>,
  ): Promise<Renewal> {
    try {
      this.#spend(by.request, by.subject, by.log);
      return await holdingLease(renew, this.options.claimLeaseMs / 3, () => this.options.opener.open(order));
    } catch (error) {
      await release().catch((e: unknown) =>
        by.log.error('releasing a claim failed', { subject: by.subject, error: describeError(e) }),
      );
      throw error;
    }
  }

  /**
   * Takes an account opening from the client's and the order's allowance, or answers 429. The
   * merchant's own server asking (no request) spends nothing: it is not a shopper to limit.
   */
  #spend(request: Request | null, orderId: string, log: Logger): void {
    if (request === null) return;
    const decision = this.options.limiter?.take(request, orderId, log);
    if (decision && !decision.allowed)
      throw new HttpError(
        'rate_limited',
        `Too many payment accounts requested. Try again in ${decision.retryAfterSeconds} s.`,
        { headers: { 'retry-after': String(decision.retryAfterSeconds) } },
      );
  }

  /** Waits before looking again at another's claim; 503 once the claim timeout has passed. */
  #wait(startedAt: number, look: number): Promise<void> {
    const message = 'The payment account is still being opened. Try again shortly.';
    return waitForClaim(startedAt, look, this.options.claimTimeoutMs, message);
  }

  #claim(token: string): Claim {
    return claimNow(this.options.clock, token, this.options.claimLeaseMs);
  }

  async #find(id: string): Promise<SessionRecord> {
    const session = await this.options.sessions.get(id);
    if (!session) throw new HttpError('not_found', 'No such session.');
    return session;
  }

  /** An existing session of the order, unless the order changed after its payment was started. */
  #checked(session: SessionRecord, order: Order): SessionRecord {
    if (session.status !== 'paid' && !sameOrder(session, order))
      throw new HttpError(
        'conflict',
        'The order changed after its payment was started; it needs a new order id.',
      );
    return session;
  }

  /**
   * The refresh before answering an open session again: provider trouble is logged and the stored
   * state answered (it was created moments ago, or is paid).
   */
  async #refreshed(session: SessionRecord, log: Logger): Promise<SessionRecord> {
    try {
      return await this.options.refresh(session);
    } catch (error) {
      log.warn('payment check failed; answering the stored state', {
        sessionId: session.id,
        error: describeError(error),
      });
      return session;
    }
  }
}
