// The payment watcher: finds the credit that pays a session by asking the provider for the
// customer's transactions, at most once per interval per customer however many browsers poll and
// however many kit instances share the store (the store holds the throttle; concurrent checks of one
// customer in one instance share one in-flight call), makes one last check at expiry
// before a session is called expired, and turns "paid" into exactly one onPaid call whether the news
// comes from a webhook, from here, or both at once. Provider calls go through the circuit breaker
// under a short timeout; a customer whose last check failed is answered that failure again (fast,
// without asking the provider) until its next check is due.
import { decimal, type PayClient, type Transaction } from '@pay-elements/api';
import { ProviderUnavailableError, type CircuitBreaker } from './breaker.js';
import type { Clock } from './config.js';
import { describeError, type Logger } from './log.js';
import type { SessionRecord, SessionStore } from './store/types.js';

export interface WatcherOptions {
  client: PayClient;
  store: SessionStore;
  clock: Clock;
  logger: Logger;
  /** least time between two provider checks of one customer, ms */
  intervalMs: number;
  /** a claimed onPaid delivery older than this is retried by a sweep, ms */
  retryAfterMs: number;
  /** the timeout of each provider request of a check (no retries: the next poll is the retry), ms */
  checkTimeoutMs: number;
  /** the provider's circuit breaker, shared with the kit's other provider calls */
  breaker: CircuitBreaker;
  onPaid: ((session: SessionRecord) => void | Promise<void>) | undefined;
}

/** The credit that paid a session, as the watcher or a webhook found it. */
export interface Credit {
  transactionId: string;
  /** ISO 8601 */
  paidAt: string;
}

/** How far back from the oldest pending session a check pages through the customer's history. */
const HISTORY_SLACK_MS = 60 * 60 * 1000;
/**
 * A guard against a provider whose pages never end: a check that reads this many pages without
 * reaching its time bound confirms what it found but calls nothing expired.
 */
const MAX_PAGES = 10_000;

/** The transaction type of an inbound bank transfer to a virtual account. */
const TRANSFER_TYPE = 'transfer';

/**
 * The one rule, for webhooks and the watcher alike: a transaction pays the session when it is a
 * successful inbound transfer credited to the session's account reference, of exactly its amount.
 */
export function creditPays(
  transaction: Transaction,
  session: Pick<SessionRecord, 'reference' | 'amount'>,
): boolean {
  return (
    transaction.type === TRANSFER_TYPE &&
    transaction.entry === 'credit' &&
    transaction.status === 'success' &&
    transaction.payment_transfer.account_reference === session.reference &&
    decimal.equals(transaction.amount, session.amount)
  );
}

/** A provider timestamp as ISO 8601 in UTC; `fallback` when it does not parse. */
export function toIso(timestamp: string, fallback: number): string {
  const at = Date.parse(timestamp);
  return new Date(Number.isNaN(at) ? fallback : at).toISOString();
}

interface Check {
  startedAt: number;
  done: Promise<void>;
}

export class PaymentWatcher {
  private readonly options: WatcherOptions;
  /** customer → when its last provider check started (the throttle) */
  private readonly lastCheck = new Map<string, number>();
  /** customer → the provider check in flight (the coalescing) */
  private readonly inFlight = new Map<string, Check>();
  /** customer → why its last check failed (answered again until the next check is due) */
  private readonly lastFailure = new Map<string, unknown>();
  /** background work (onPaid deliveries) that close() waits for */
  private readonly background = new Set<Promise<void>>();
  /** sessions whose onPaid this instance is calling right now (a sweep leaves them alone) */
  private readonly delivering = new Set<string>();
  private readonly startedAt: number;
  private closed = false;

  constructor(options: WatcherOptions) {
    this.options = options;
    this.startedAt = options.clock.now();
  }

  /**
   * The session brought up to date. A pending session triggers a check of its customer unless one
   * ran within the interval; `force` makes sure a check starts now (used before a renewal). When the
   * provider cannot be asked (or the last check within the interval could not), throws
   * ProviderUnavailableError with when to try again; other failures are thrown as they are.
   */
  refresh(session: SessionRecord, options: { force?: boolean } = {}): Promise<SessionRecord> {
    if (session.status !== 'pending') return Promise.resolve(session);
    const force = options.force ?? false;
    // no check due or under way, and the last one went well: the record as the caller just read it
    // stands (one store read a poll), without an async function's frame on every poll
    const { customerId } = session;
    if (!force && !this.lastFailure.has(customerId) && this.notDue(customerId, this.options.clock.now()))
      return Promise.resolve(session);
    return this.checkAndRead(session, force);
  }

  private async checkAndRead(session: SessionRecord, force: boolean): Promise<SessionRecord> {
    await this.checkCustomer(session.customerId, force);
    return (await this.options.store.get(session.id)) ?? session;
  }

  /**
   * True when this instance checked the customer within the interval and no check is under way;
   * throws the outcome of that check when it failed (it stands until the interval is over).
   */
  private notDue(customerId: string, now: number): boolean {
    if (this.inFlight.has(customerId)) return false;
    const last = this.lastCheck.get(customerId);
    if (last === undefined || now - last >= this.options.intervalMs) return false;
    if (this.lastFailure.has(customerId)) throw this.unavailable(this.lastFailure.get(customerId), last);
    return true;
  }

  /** Checks one customer's pending sessions against the provider, within the throttle. */
  async checkCustomer(customerId: string, force = false): Promise<void> {
    const now = this.options.clock.now();
    const running = this.inFlight.get(customerId);
    if (running) {
      await running.done;
      if (!force || running.startedAt >= now) return;
      return this.checkCustomer(customerId, force);
    }
    // not due yet: this instance's last check's outcome stands, a failure included
    if (!force && this.notDue(customerId, now)) return;
    // The throttle every instance sharing the store obeys: an instance that checked this customer
    // within the interval wrote what it found into the store, where this instance reads it.
    const claim = this.options.store.claimCheck(customerId, now, force ? 0 : this.options.intervalMs);
    const check: Check = {
      startedAt: now,
      done: claim
        .then((claimed) => (claimed ? this.runCheck(customerId, now) : undefined))
        .then(
          () => {
            this.lastFailure.delete(customerId);
          },
          (error: unknown) => {
            this.lastFailure.set(customerId, error);
            throw this.unavailable(error, now);
          },
        )
        .finally(() => {
          if (this.inFlight.get(customerId) === check) this.inFlight.delete(customerId);
        }),
    };
    this.lastCheck.set(customerId, now);
    this.pruneThrottle(now);
    this.inFlight.set(customerId, check);
    return check.done;
  }

  /**
   * Checks every customer with a pending session (within the throttle) and retries onPaid
   * deliveries left owed. A host may call this on an interval; status polls do not need it.
   */
  async sweep(): Promise<void> {
    await this.deliverOwed(this.options.clock.now() - this.options.retryAfterMs);
    const pending = await this.options.store.listPending();
    const customers = [...new Set(pending.map((s) => s.customerId))];
    for (const customerId of customers) {
      await this.checkCustomer(customerId).catch((error: unknown) => {
        // an outage is logged once by the breaker, not once per customer
        if (!(error instanceof ProviderUnavailableError))
          this.options.logger.warn('payment check failed', { customerId, error: describeError(error) });
      });
    }
  }

  /**
   * Marks a session paid by a credit. Only the call whose compare-and-set made the transition
   * delivers onPaid (after the store committed it); true when this call did.
   */
  async confirm(session: SessionRecord, credit: Credit): Promise<boolean> {
    const claimedAt = this.options.clock.now();
    const changed = await this.options.store.markPaid(session.id, {
      paidAt: credit.paidAt,
      transactionId: credit.transactionId,
      now: claimedAt,
    });
    if (changed) {
      this.options.logger.info('session paid', {
        sessionId: session.id,
        transactionId: credit.transactionId,
      });
      // after close() the delivery stays owed in the store; the next start makes it
      if (!this.closed) this.track(this.deliver(session.id, claimedAt));
    }
    return changed;
  }

  /** Retries onPaid deliveries owed since before this instance started (after a crash or restart). */
  start(): void {
    this.track(
      this.deliverOwed(this.startedAt + 1).catch((error: unknown) =>
        this.options.logger.error('retrying owed onPaid deliveries failed', { error: describeError(error) }),
      ),
    );
  }

  /** Resolves once no check or onPaid delivery is running. */
  async idle(): Promise<void> {
    while (this.background.size > 0 || this.inFlight.size > 0) {
      await Promise.allSettled([...this.background, ...[...this.inFlight.values()].map((c) => c.done)]);
    }
  }

  /** Stops new deliveries from being scheduled and waits for those under way. */
  async close(): Promise<void> {
    this.closed = true;
    await this.idle();
  }

  private async runCheck(customerId: string, startedAt: number): Promise<void> {
    const { store, logger } = this.options;
    const sessions = await store.listPendingByCustomer(customerId);
    if (sessions.length === 0) return;
    const { found, complete } = await this.findCredits(customerId, sessions);
    for (const session of sessions) {
      const credit = found.get(session.id);
      if (credit) {
        await this.confirm(session, {
          transactionId: credit.id,
          paidAt: toIso(credit.created_at, startedAt),
        });
      } else if (complete && startedAt >= Date.parse(session.expiresAt)) {
        // this check started after the account closed and read the whole history back to the
        // session's creation without finding its credit: the session is expired
        if (await store.markExpired(session.id, session.reference))
          logger.info('session expired', { sessionId: session.id });
      }
    }
  }

  /**
   * The credit paying each session, newest transactions first, page after page until every session
   * has its credit, the history is older than the oldest session (less a slack for clock skew) or
   * the list ends: then `complete`, nothing unread could pay a session.
   */
  private async findCredits(
    customerId: string,
    sessions: SessionRecord[],
  ): Promise<{ found: Map<string, Transaction>; complete: boolean }> {
    const { client, breaker, checkTimeoutMs, logger } = this.options;
    const since = Math.min(...sessions.map((s) => Date.parse(s.createdAt))) - HISTORY_SLACK_MS;
    const size = client.conventions.pageSize.max;
    const found = new Map<string, Transaction>();
    for (let page = 0; page < MAX_PAGES; page++) {
      const result = await breaker.run(() =>
        client.transactions.list(
          { customer_id: customerId, sort: 'created_at,desc', size, page },
          { timeout: checkTimeoutMs, maxRetries: 0 },
        ),
      );
      for (const session of sessions) {
        const credit = found.has(session.id) ? undefined : result.items.find((t) => creditPays(t, session));
        if (credit) found.set(session.id, credit);
      }
      const oldest = result.items.at(-1);
      if (found.size === sessions.length || result.last || !oldest || Date.parse(oldest.created_at) < since)
        return { found, complete: true };
    }
    logger.warn('payment check stopped before the history bound; nothing is called expired', {
      customerId,
      pages: MAX_PAGES,
    });
    return { found, complete: false };
  }

  private async deliverOwed(claimedBefore: number): Promise<void> {
    const { store, clock } = this.options;
    for (const session of await store.listOwed(claimedBefore)) {
      if (this.closed) return;
      if (this.delivering.has(session.id)) continue;
      const claimedAt = clock.now();
      if (await store.claimOwed(session.id, claimedBefore, claimedAt))
        await this.deliver(session.id, claimedAt);
    }
  }

  /**
   * Calls onPaid, then records that nothing is owed; a failure leaves it owed for a later retry.
   * While onPaid runs, the claim (made at `claimedAt`) is renewed every third of the retry delay, so
   * that no other instance takes a slow delivery for an abandoned one: only a dead instance's claim
   * grows old.
   */
  private async deliver(sessionId: string, claimedAt: number): Promise<void> {
    const { store, logger, onPaid, clock, retryAfterMs } = this.options;
    if (this.delivering.has(sessionId)) return;
    this.delivering.add(sessionId);
    let claim = claimedAt;
    const lease = setInterval(
      () => {
        const now = clock.now();
        // a compare-and-set on this instance's own claim: it fails once another instance took over
        void store.claimOwed(sessionId, claim + 1, now).then(
          (renewed) => {
            if (renewed) claim = now;
          },
          () => undefined,
        );
      },
      Math.max(50, Math.floor(retryAfterMs / 3)),
    );
    lease.unref();
    try {
      const session = await store.get(sessionId);
      if (!session) return;
      if (onPaid) await onPaid(session);
      await store.markDelivered(sessionId);
    } catch (error) {
      logger.error('onPaid failed; it stays owed and is retried by a sweep or at the next start', {
        sessionId,
        error: describeError(error),
      });
    } finally {
      clearInterval(lease);
      this.delivering.delete(sessionId);
    }
  }

  private track(work: Promise<void>): void {
    this.background.add(work);
    void work.finally(() => this.background.delete(work));
  }

  /**
   * A failed check's error as the caller should see it: a provider outage as a fresh
   * ProviderUnavailableError saying when the next check may be made (the later of the customer's
   * next check and the breaker's reopening); any other failure as it is.
   */
  private unavailable(error: unknown, checkedAt: number): unknown {
    if (!(error instanceof ProviderUnavailableError)) return error;
    const nextCheck = checkedAt + this.options.intervalMs - this.options.clock.now();
    return new ProviderUnavailableError(
      error.message,
      Math.max(nextCheck, this.options.breaker.retryAfterMs()),
      { cause: error.cause },
    );
  }

  private pruneThrottle(now: number): void {
    if (this.lastCheck.size < 10_000) return;
    for (const [customer, at] of this.lastCheck)
      if (now - at >= this.options.intervalMs && !this.inFlight.has(customer)) {
        this.lastCheck.delete(customer);
        this.lastFailure.delete(customer);
      }
  }
}
