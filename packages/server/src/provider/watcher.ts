// The payment watcher: finds the credits that pay sessions by reading what is new for the whole
// business, once per interval for every pending session whatever their number and customers: the
// business's transactions newest first back to a watermark (the newest already settled, less an
// overlap), each credit matched to its session by the one rule (`creditPays`). One instance sharing
// the store makes each check (a claim in the store), the watermark lives there, and so does a check's
// failure, so every instance answers it without asking the provider. With webhooks healthy it is a
// safety net and checks less often. Sessions past their expiry get one last check, shared by all that
// expired since the one before, that reads back to their creation before any is called expired. A
// provider's 429 means "wait for Retry-After": no call of that kind before then, from any instance,
// and polls keep the stored state while the session is payable. "Paid" becomes exactly one onPaid
// call whether the news comes from a webhook, from here, or both at once.
import { RateLimitError, type PayClient, type Transaction } from '@pay-elements/api';
import { creditPays, toIso, type Credit } from './credits.js';

export { creditPays, toIso, type Credit } from './credits.js';
import { ProviderUnavailableError, type CircuitBreaker } from './breaker.js';
import type { Clock } from '../clock.js';
import { describeError, type Logger } from '../log.js';
import type { Deliverer, Deliveries } from '../deliveries.js';
import type { DepositBook } from '../funding/deposits.js';
import type {
  FundingPart,
  ProviderCallKind,
  ProviderWait,
  SessionPart,
  SessionRecord,
  WatchPart,
  WatchState,
} from '../store/parts.js';

export interface WatcherOptions {
  client: PayClient;
  sessions: SessionPart;
  watch: WatchPart;
  /** the onPaid deliveries (the outbox), started when this watcher's call marks a session paid */
  deliveries: Deliveries<SessionRecord>;
  /** the outbox's other deliveries (onDeposit), retried with onPaid's at a sweep and at the start */
  otherDeliveries?: readonly Deliverer[];
  /** customers' own accounts (the kit's `funding`): credits into them are recorded as deposits */
  deposits?: { funding: FundingPart; book: DepositBook } | undefined;
  clock: Clock;
  logger: Logger;
  /** least time between two merchant-wide checks (webhooks not known healthy), ms */
  intervalMs: number;
  /** a claimed onPaid delivery older than this is retried by a sweep, ms */
  retryAfterMs: number;
  /** the timeout of each provider request of a check (no retries: the next poll is the retry), ms */
  checkTimeoutMs: number;
  /** the provider's circuit breaker, shared with the kit's other provider calls */
  breaker: CircuitBreaker;
}

/**
 * How far before the watermark each check reads again: a transaction the provider lists late, or
 * with a time older than the newest already seen, is still read if it is at most this much older.
 */
export const WATERMARK_OVERLAP_MS = 2 * 60 * 1000;
/**
 * How far before a session's creation the last check before its expiry reads (the kit's and the
 * provider's clocks may differ).
 */
const HISTORY_SLACK_MS = 60 * 60 * 1000;
/**
 * A guard against a provider whose pages never end: a check that reads this many pages without
 * reaching its time bound confirms what it found but calls nothing expired and keeps its watermark.
 */
const MAX_PAGES = 10_000;
/** Webhooks count as healthy while the last verified delivery is at most this old. */
export const WEBHOOKS_HEALTHY_MS = 10 * 60 * 1000;
/** With webhooks healthy the watcher is a safety net: it checks this many times less often. */
export const SAFETY_NET_FACTOR = 6;
/** How many settled transactions a watcher remembers before it starts again. */
const SETTLED_LIMIT = 10_000;
/** Every pending session is listed for a check (far above any peak). */
const PENDING_LIMIT = 1_000_000;

/** What polls are answered until a failed check's `until`. */
interface Failure {
  until: number;
  /** `rate_limited`: polls keep the stored state while the session is payable */
  reason: ProviderWait['reason'] | 'other';
  error: unknown;
}

export class PaymentWatcher {
  private readonly options: WatcherOptions;
  /** when this instance last looked at the merchant-wide check (made it, or found another's) */
  private lastLook = Number.NEGATIVE_INFINITY;
  /** the look under way, and when it started (the coalescing) */
  private looking: { startedAt: number; done: Promise<void> } | null = null;
  /** the last verified webhook as this instance knows it */
  private webhookAt: number | null = null;
  /** the outcome of the last look when it failed, answered until its `until` */
  private failure: Failure | null = null;
  /** credits read that can change nothing more (paid a session, recorded as a deposit, not the kit's) */
  private readonly settled = new Set<string>();
  /** provider calls held back, as this instance last learned (from the store or a 429 of its own) */
  private readonly waits = new Map<ProviderCallKind, ProviderWait>();
  private readonly startedAt: number;

  constructor(options: WatcherOptions) {
    this.options = options;
    this.startedAt = options.clock.now();
  }

  /**
   * The session brought up to date. A pending session triggers the merchant-wide check unless one
   * ran within the interval (longer with webhooks healthy, the plain interval once the session is
   * past its expiry); `force` makes sure a check starts now (used before a renewal). When the
   * provider is down (or the last check within the interval found it so), throws
   * ProviderUnavailableError with when to try again; under the provider's rate limit the stored
   * session is answered while it is payable, ProviderUnavailableError once it is past its expiry.
   */
  refresh(session: SessionRecord, options: { force?: boolean } = {}): Promise<SessionRecord> {
    if (session.status !== 'pending') return Promise.resolve(session);
    const force = options.force ?? false;
    const now = this.options.clock.now();
    // no check due or under way: the record as the caller just read it stands (one store read a
    // poll), without an async function's frame on every poll
    if (!force && !this.looking && !this.due(session, now)) {
      if (this.failure) this.answerFailure(session, now);
      return Promise.resolve(session);
    }
    return this.checkAndRead(session, force);
  }

  private async checkAndRead(session: SessionRecord, force: boolean): Promise<SessionRecord> {
    await this.look(force ? 0 : this.intervalFor(session, this.options.clock.now()));
    const current = (await this.options.sessions.get(session.id)) ?? session;
    if (current.status === 'pending' && this.failure) this.answerFailure(current, this.options.clock.now());
    return current;
  }

  /** Whether this instance should look again now for this session. */
  private due(session: SessionRecord, now: number): boolean {
    if (this.failure && now < this.failure.until) return false;
    const since = now - this.lastLook;
    // within the plain interval nothing is due, whatever the session (no date parsed on most polls)
    return since >= this.options.intervalMs && since >= this.intervalFor(session, now);
  }

  /**
   * The least time between two checks for this session: the interval, or with webhooks healthy the
   * safety net's longer one, except once the session is past its expiry (its last check is due) or
   * the last check failed (catching up after the trouble).
   */
  private intervalFor(session: SessionRecord, now: number): number {
    return now >= Date.parse(session.expiresAt) ? this.options.intervalMs : this.interval(now);
  }

  /** The least time between two checks now: longer with webhooks healthy and the last check fine. */
  private interval(now: number): number {
    const { intervalMs } = this.options;
    // after a failed check the plain one: webhooks may have been lost while the provider was in trouble
    return !this.failure && this.webhooksHealthy(now) ? intervalMs * SAFETY_NET_FACTOR : intervalMs;
  }

  private webhooksHealthy(now: number): boolean {
    return this.webhookAt !== null && now - this.webhookAt < WEBHOOKS_HEALTHY_MS;
  }

  /** Throws what a poll of a pending session is answered while the last check's failure stands. */
  private answerFailure(session: SessionRecord, now: number): void {
    const failure = this.failure;
    if (!failure || now >= failure.until) return;
    if (failure.reason === 'other') throw failure.error;
    // under a rate limit nothing is down: a payable session answers what the store holds
    if (failure.reason === 'rate_limited' && now < Date.parse(session.expiresAt)) return;
    throw new ProviderUnavailableError(
      failure.reason === 'rate_limited'
        ? 'the payment provider asked to slow down'
        : 'the payment provider is unavailable',
      (failure.until - now) / 1000,
      { cause: failure.error },
    );
  }

  /** A verified webhook delivery arrived: recorded for every instance (webhooks are healthy). */
  async webhookVerified(): Promise<void> {
    const now = this.options.clock.now();
    this.webhookAt = now;
    await this.options.watch.noteWebhook(now);
  }

  /**
   * Runs a provider call of a kind that a 429 holds back: not before the Retry-After that any
   * instance was given has passed (ProviderUnavailableError until then); a 429 it gets itself is
   * recorded for every instance and thrown as ProviderUnavailableError with the wait.
   */
  async providerCall<T>(kind: ProviderCallKind, call: () => Promise<T>): Promise<T> {
    const { watch, clock } = this.options;
    const known = this.waits.get(kind);
    const wait = known && clock.now() < known.until ? known : (await watch.read()).waits[kind];
    if (wait && clock.now() < wait.until) {
      this.waits.set(kind, wait);
      throw new ProviderUnavailableError(
        'the payment provider asked to slow down',
        (wait.until - clock.now()) / 1000,
      );
    }
    try {
      return await call();
    } catch (error) {
      if (!(error instanceof RateLimitError)) throw error;
      const held = await this.holdBack(kind, error);
      throw new ProviderUnavailableError(
        'the payment provider asked to slow down',
        (held.until - clock.now()) / 1000,
        {
          cause: error,
        },
      );
    }
  }

  /** Records a 429's Retry-After (1 s when it gave none) for every instance. */
  private async holdBack(kind: ProviderCallKind, error: RateLimitError): Promise<ProviderWait> {
    const wait: ProviderWait = {
      until: this.options.clock.now() + Math.max(1, error.retryAfter ?? 1) * 1000,
      reason: 'rate_limited',
    };
    this.waits.set(kind, wait);
    await this.options.watch.setProviderWait(kind, wait).catch((failure: unknown) =>
      this.options.logger.warn("could not share the provider's Retry-After", {
        error: describeError(failure),
      }),
    );
    return wait;
  }

  /**
   * Makes or joins the merchant-wide check: at most one per `intervalMs` across the instances
   * sharing the store (0: now). Failures are kept in `failure`, not thrown.
   */
  private async look(intervalMs: number): Promise<void> {
    const running = this.looking;
    if (running) {
      await running.done;
      if (intervalMs > 0 || running.startedAt >= this.options.clock.now()) return;
    }
    const now = this.options.clock.now();
    this.lastLook = now;
    const look = {
      startedAt: now,
      done: this.lookNow(now, intervalMs).finally(() => {
        if (this.looking === look) this.looking = null;
      }),
    };
    this.looking = look;
    await look.done;
  }

  private async lookNow(now: number, intervalMs: number): Promise<void> {
    const { watch, logger } = this.options;
    let state: WatchState;
    try {
      state = await watch.read();
    } catch (error) {
      this.failure = { until: now + this.options.intervalMs, reason: 'other', error };
      return;
    }
    this.webhookAt = state.webhookAt;
    const wait = state.waits.transactions;
    if (wait && now < wait.until) {
      // a check's failure or a 429 another instance met: known here without asking the provider
      this.failure = { until: wait.until, reason: wait.reason, error: undefined };
      this.waits.set('transactions', wait);
      return;
    }
    try {
      // another instance checked within the interval: what it found is in the store
      if (!(await watch.claim(now, intervalMs))) {
        this.failure = null;
        return;
      }
      await this.check(now, state.watermark);
      this.failure = null;
      if (wait) await watch.setProviderWait('transactions', null);
    } catch (error) {
      if (error instanceof RateLimitError) {
        const held = await this.holdBack('transactions', error);
        this.failure = { until: held.until, reason: 'rate_limited', error };
      } else if (error instanceof ProviderUnavailableError) {
        const until =
          now +
          Math.max(
            this.options.intervalMs,
            this.options.breaker.retryAfterMs(),
            error.retryAfterSeconds * 1000,
          );
        this.failure = { until, reason: 'unavailable', error };
        await watch.setProviderWait('transactions', { until, reason: 'unavailable' }).catch(() => undefined);
      } else {
        this.failure = { until: now + this.options.intervalMs, reason: 'other', error };
        logger.warn('payment check failed', { error: describeError(error) });
      }
    }
  }

  /**
   * One merchant-wide check started at `startedAt`: reads what is new since the watermark, confirms
   * each credit that pays a session, calls expired the sessions past their expiry whose credit a read
   * back to their creation did not find, and moves the watermark forward.
   */
  private async check(startedAt: number, watermark: number | null): Promise<void> {
    const { sessions, watch, logger, deposits } = this.options;
    const pending = await sessions.listPending(PENDING_LIMIT);
    const funds = deposits ? await deposits.funding.hasAccounts() : false;
    if (pending.length === 0 && !funds) return; // nothing to pay and no account to pay into: no provider call
    const created = (s: SessionRecord) => Date.parse(s.createdAt);
    const oldest = pending.length
      ? Math.min(...pending.map(created)) - HISTORY_SLACK_MS
      : startedAt - HISTORY_SLACK_MS;
    // what is new: back to the watermark less the overlap (never past what could pay a pending session)
    const newBound = watermark === null ? oldest : Math.max(oldest, watermark - WATERMARK_OVERLAP_MS);
    const expiring = pending.filter((s) => startedAt >= Date.parse(s.expiresAt));
    // the last check before expiry reads back to the expiring sessions' creation
    const deepBound = expiring.length
      ? Math.min(newBound, Math.min(...expiring.map(created)) - HISTORY_SLACK_MS)
      : newBound;
    const byReference = new Map(pending.map((s) => [s.reference, s]));

    const { credits, newest, complete } = await this.read(newBound, deepBound, expiring);
    const paid = new Set<string>();
    for (const credit of credits) {
      if (this.settled.has(credit.id)) continue;
      const done = await this.settle(credit, byReference, paid, startedAt);
      // the shop's other business, paid already or recorded: not looked up again when read in the overlap
      if (done) {
        if (this.settled.size >= SETTLED_LIMIT) this.settled.clear();
        this.settled.add(credit.id);
      }
    }
    if (complete) {
      for (const session of expiring) {
        if (paid.has(session.id)) continue;
        // this check started after the account closed and read back to the session's creation
        // without finding its credit: the session is expired
        if (await sessions.markExpired(session.id, session.reference))
          logger.info('session expired', { sessionId: session.id });
      }
      if (newest !== null) await watch.advanceWatermark(newest);
    }
  }

  /**
   * Settles one credit read by a check: it pays a session (by its account's reference and the one
   * rule), or is a deposit into a customer's own account (by its number), or is none of the kit's.
   * True when nothing more can come of it (so it is not looked at again).
   */
  private async settle(
    credit: Transaction,
    byReference: ReadonlyMap<string, SessionRecord>,
    paid: Set<string>,
    startedAt: number,
  ): Promise<boolean> {
    const { sessions, deposits, logger } = this.options;
    const reference = credit.payment_transfer.account_reference;
    // a session opened while the pages were read is found by its reference
    const session =
      reference === undefined
        ? null
        : (byReference.get(reference) ?? (await sessions.findByReference(reference)));
    if (session && reference !== undefined) {
      if (session.status === 'paid') return true;
      if (paid.has(session.id) || !creditPays(credit, { ...session, reference })) return false;
      paid.add(session.id);
      await this.confirm(session, { transactionId: credit.id, paidAt: toIso(credit.created_at, startedAt) });
      return true;
    }
    const number = credit.payment_transfer.account_number;
    const account = deposits && number !== undefined ? await deposits.funding.findAccount(number) : null;
    if (account && deposits) await deposits.book.record(account, credit, logger);
    return true;
  }

  /**
   * The business's transactions newest first, page after page until the list is older than `bound`
   * (or, for sessions past their expiry, `deepBound`, unless each of them has its credit already) or
   * ends: then `complete`. Answers the credits read (inbound transfers, any account) and the newest
   * transaction time seen.
   */
  private async read(
    bound: number,
    deepBound: number,
    expiring: SessionRecord[],
  ): Promise<{ credits: Transaction[]; newest: number | null; complete: boolean }> {
    const { client, breaker, checkTimeoutMs, logger } = this.options;
    const size = client.conventions.pageSize.max;
    const credits: Transaction[] = [];
    const seen = new Set<string>();
    const unpaid = new Set(expiring.map((s) => s.id));
    let newest: number | null = null;
    for (let page = 0; page < MAX_PAGES; page++) {
      const result = await breaker.run(() =>
        client.transactions.list(
          { sort: 'created_at,desc', size, page },
          { timeout: checkTimeoutMs, maxRetries: 0 },
        ),
      );
      for (const transaction of result.items) {
        const at = Date.parse(transaction.created_at);
        if (!Number.isNaN(at) && (newest === null || at > newest)) newest = at;
        // new transactions arriving between pages push older ones onto the next page: seen twice
        if (seen.has(transaction.id)) continue;
        seen.add(transaction.id);
        if (transaction.entry !== 'credit') continue;
        credits.push(transaction);
        for (const session of expiring) if (creditPays(transaction, session)) unpaid.delete(session.id);
      }
      const last = result.items.at(-1);
      const oldestRead = last ? Date.parse(last.created_at) : Number.NEGATIVE_INFINITY;
      if (result.last || !last || oldestRead < deepBound || (oldestRead < bound && unpaid.size === 0))
        return { credits, newest, complete: true };
    }
    logger.warn('payment check stopped before its history bound; nothing is called expired', {
      pages: MAX_PAGES,
    });
    return { credits, newest, complete: false };
  }

  /**
   * Makes or joins the merchant-wide check if one is due (the interval, longer with webhooks healthy):
   * what a status stream of something other than a session asks for at its interval.
   */
  async poll(): Promise<void> {
    await this.look(this.interval(this.options.clock.now()));
  }

  /**
   * The merchant-wide check (within the interval, the safety net's with webhooks healthy) and the
   * onPaid deliveries left owed. A host may
   * call this on an interval; status polls do not need it.
   */
  async sweep(): Promise<void> {
    const claimedBefore = this.options.clock.now() - this.options.retryAfterMs;
    for (const deliveries of this.allDeliveries) await deliveries.retryOwed(claimedBefore);
    await this.look(this.interval(this.options.clock.now()));
    const failure = this.failure;
    // an outage is logged once by the breaker, a 429 is a wait
    if (failure?.reason === 'other')
      this.options.logger.warn('payment check failed', { error: describeError(failure.error) });
  }

  /**
   * Marks a session paid by a credit. Only the call whose compare-and-set made the transition
   * delivers onPaid (after the store committed it); true when this call did. `log` is the logger of
   * the request that brought the credit (a webhook), for the line saying it was paid; the delivery
   * of onPaid is the kit's own work and logs kit-wide.
   */
  async confirm(session: SessionRecord, credit: Credit, log: Logger = this.options.logger): Promise<boolean> {
    const claimedAt = this.options.clock.now();
    const changed = await this.options.sessions.markPaid(session.id, {
      paidAt: credit.paidAt,
      transactionId: credit.transactionId,
      now: claimedAt,
    });
    if (changed) {
      log.info('session paid', {
        sessionId: session.id,
        transactionId: credit.transactionId,
      });
      this.options.deliveries.start(session.id, claimedAt);
    }
    return changed;
  }

  /** Every outbox deliverer: onPaid's, and onDeposit's with funding on. */
  private get allDeliveries(): readonly Deliverer[] {
    return [this.options.deliveries, ...(this.options.otherDeliveries ?? [])];
  }

  /** Retries deliveries owed since before this instance started (after a crash or restart). */
  start(): void {
    const { logger } = this.options;
    for (const deliveries of this.allDeliveries)
      deliveries.track(
        deliveries
          .retryOwed(this.startedAt + 1)
          .catch((error: unknown) =>
            logger.error('retrying owed deliveries failed', { error: describeError(error) }),
          ),
      );
  }

  /** Resolves once no check or delivery is running. */
  async idle(): Promise<void> {
    while (this.allDeliveries.some((d) => d.busy) || this.looking) {
      await Promise.allSettled([
        ...this.allDeliveries.map((d) => d.idle()),
        ...(this.looking ? [this.looking.done] : []),
      ]);
    }
  }

  /** Stops new deliveries from being scheduled and waits for those under way. */
  async close(): Promise<void> {
    for (const deliveries of this.allDeliveries) await deliveries.close();
    await this.idle();
  }
}
