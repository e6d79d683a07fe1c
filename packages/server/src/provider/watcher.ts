// The payment watcher: finds the credits the kit waits for by reading what is new for the whole
// business, once per interval whatever the number of things waiting: the business's transactions
// newest first back to a watermark (the newest already read, less an overlap), each credit offered to
// the flows in turn (`FlowParts.credit`) until one owns it. What each flow waits for comes from the
// flows (`FlowParts.watch`): how far back to read, and things ending now (a session past its expiry,
// a credit not yet final) that the read must reach back to before the check is complete. One
// instance sharing the store makes each check (a claim in the store), the watermark lives there, and
// so does a check's failure, so every instance answers it without asking the provider. With webhooks
// healthy it is a safety net and checks less often. A provider's 429 means "wait for Retry-After":
// no call of that kind before then, from any instance.
import { RateLimitError, type PayClient, type Transaction } from '@pay-elements/api';
import type { Clock } from '../clock.js';
import type { Deliveries } from '../outbox/deliveries.js';
import type { CreditCheck, CreditContext, CreditOutcome } from '../flow.js';
import { describeError, type Logger } from '../log.js';
import type { RecordPart } from '../store/contract.js';
import { ProviderUnavailableError, type CircuitBreaker } from './breaker.js';
import { SharedWatchState, type ProviderCallKind, type ProviderWait } from './watch-state.js';

/** What the watcher asks of each started flow. */
export interface WatchedFlow {
  name: string;
  credit?(transaction: Transaction, context: CreditContext): Promise<CreditOutcome>;
  watch?(startedAt: number): Promise<CreditCheck | null>;
}

export interface WatcherOptions {
  client: PayClient;
  records: RecordPart;
  /** the started flows, in registration order (the order credits are offered in) */
  flows: () => readonly WatchedFlow[];
  /** every outbox topic's deliveries, retried at a sweep and at the start */
  deliveries: () => readonly Deliveries[];
  clock: Clock;
  logger: Logger;
  /** least time between two merchant-wide checks (webhooks not known healthy), ms */
  intervalMs: number;
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
 * A guard against a provider whose pages never end: a check that reads this many pages without
 * reaching its time bound settles what it found but calls nothing ended and keeps its watermark.
 */
const MAX_PAGES = 10_000;
/** Webhooks count as healthy while the last verified delivery is at most this old. */
export const WEBHOOKS_HEALTHY_MS = 10 * 60 * 1000;
/** With webhooks healthy the watcher is a safety net: it checks this many times less often. */
export const SAFETY_NET_FACTOR = 6;
/** How many settled transactions a watcher remembers before it starts again. */
const SETTLED_LIMIT = 10_000;

/** What polls are answered until a failed check's `until`. */
interface Failure {
  until: number;
  /** `rate_limited`: polls keep the stored state while the thing is payable */
  reason: ProviderWait['reason'] | 'other';
  error: unknown;
}

/** How a poll asks for the merchant-wide check (`PaymentWatcher.refresh`). */
export interface RefreshOptions {
  /** a check now, whatever the interval */
  force?: boolean;
  /**
   * a check asked for at this time (ms; a claimed session's extra reads): one is made unless a check,
   * of this instance or another sharing the store, started since
   */
  since?: number;
}

export class PaymentWatcher {
  private readonly options: WatcherOptions;
  private readonly state: SharedWatchState;
  /** when this instance last looked at the merchant-wide check (made it, or found another's) */
  private lastLook = Number.NEGATIVE_INFINITY;
  /** the look under way, and when it started (the coalescing) */
  private looking: { startedAt: number; done: Promise<void> } | null = null;
  /** the last verified webhook as this instance knows it */
  private webhookAt: number | null = null;
  /** the outcome of the last look when it failed, answered until its `until` */
  private failure: Failure | null = null;
  /** credits read that can change nothing more */
  private readonly settled = new Set<string>();
  /** provider calls held back, as this instance last learned (from the store or a 429 of its own) */
  private readonly waits = new Map<ProviderCallKind, ProviderWait>();
  private readonly startedAt: number;

  constructor(options: WatcherOptions) {
    this.options = options;
    this.state = new SharedWatchState(options.records);
    this.startedAt = options.clock.now();
  }

  /** The least time between two merchant-wide checks, ms. */
  get intervalMs(): number {
    return this.options.intervalMs;
  }

  /**
   * Brings the merchant-wide check up to date for something payable until `payableUntil` (ms): a
   * check starts unless one ran within the interval (the safety net's with webhooks healthy, the plain
   * one once `payableUntil` has passed); `force` starts one now. Resolves true when a check was made
   * or joined (what it found is in the store), false when none was due. When the provider is down, or
   * the last check within the interval found it so, throws ProviderUnavailableError with when to try
   * again; under the provider's 429 only once `payableUntil` has passed (the stored state stands).
   */
  refresh(payableUntil: number, options: RefreshOptions = {}): Promise<boolean> {
    const force = options.force ?? false;
    const now = this.options.clock.now();
    // a read asked for at `since` (a claimed session's): due once, unless a check started after it
    if (!force && options.since !== undefined && this.lastLook < options.since && !this.failureStands(now))
      return this.lookFor(payableUntil, false, now - options.since);
    // no check due or under way: nothing to do, without an async function's frame on every poll
    if (!force && !this.looking && !this.due(payableUntil, now)) {
      if (this.failure) {
        try {
          this.answerFailure(payableUntil, now);
        } catch (error) {
          return Promise.reject(error instanceof Error ? error : new Error(String(error)));
        }
      }
      return Promise.resolve(false);
    }
    return this.lookFor(payableUntil, force);
  }

  private async lookFor(payableUntil: number, force: boolean, within?: number): Promise<boolean> {
    await this.look(force ? 0 : (within ?? this.intervalFor(payableUntil, this.options.clock.now())));
    if (this.failure) this.answerFailure(payableUntil, this.options.clock.now());
    return true;
  }

  private failureStands(now: number): boolean {
    return this.failure !== null && now < this.failure.until;
  }

  /** Whether this instance should look again now for something payable until `payableUntil`. */
  private due(payableUntil: number, now: number): boolean {
    if (this.failureStands(now)) return false;
    const since = now - this.lastLook;
    // within the plain interval nothing is due, whatever it is
    return since >= this.options.intervalMs && since >= this.intervalFor(payableUntil, now);
  }

  /**
   * The least time between two checks: the interval, or with webhooks healthy the safety net's
   * longer one, except once `payableUntil` has passed (its last check is due) or the last check
   * failed (catching up after the trouble).
   */
  private intervalFor(payableUntil: number, now: number): number {
    return now >= payableUntil ? this.options.intervalMs : this.interval(now);
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

  /** Throws what a poll of something payable until `payableUntil` is answered while a failure stands. */
  private answerFailure(payableUntil: number, now: number): void {
    const failure = this.failure;
    if (!failure || now >= failure.until) return;
    if (failure.reason === 'other') throw failure.error;
    // under a rate limit nothing is down: what is still payable answers what the store holds
    if (failure.reason === 'rate_limited' && now < payableUntil) return;
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
    await this.state.noteWebhook(now);
  }

  /**
   * Runs a provider call of a kind that a 429 holds back: not before the Retry-After that any
   * instance was given has passed (ProviderUnavailableError until then); a 429 it gets itself is
   * recorded for every instance and thrown as ProviderUnavailableError with the wait.
   */
  async providerCall<T>(kind: ProviderCallKind, call: () => Promise<T>): Promise<T> {
    const { clock } = this.options;
    const known = this.waits.get(kind);
    const wait = known && clock.now() < known.until ? known : (await this.state.read()).waits[kind];
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
        { cause: error },
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
    await this.state.setProviderWait(kind, wait).catch((failure: unknown) =>
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
    const { logger } = this.options;
    let state;
    try {
      state = await this.state.read();
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
      if (!(await this.state.claim(now, intervalMs))) {
        this.failure = null;
        return;
      }
      await this.check(now, state.watermark);
      this.failure = null;
      if (wait) await this.state.setProviderWait('transactions', null);
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
        await this.state
          .setProviderWait('transactions', { until, reason: 'unavailable' })
          .catch(() => undefined);
      } else {
        this.failure = { until: now + this.options.intervalMs, reason: 'other', error };
        logger.warn('payment check failed', { error: describeError(error) });
      }
    }
  }

  /**
   * One merchant-wide check started at `startedAt`: asks each flow what it waits for (no provider
   * call when nothing waits), reads what is new since the watermark (and back to what ends now),
   * offers each credit to the flows, then lets them end what ended and moves the watermark forward.
   */
  private async check(startedAt: number, watermark: number | null): Promise<void> {
    const flows = this.options.flows();
    const checks: CreditCheck[] = [];
    for (const flow of flows) {
      const part = await flow.watch?.(startedAt);
      if (part) checks.push(part);
    }
    if (checks.length === 0) return;
    const oldest = Math.min(...checks.map((c) => c.oldest));
    // what is new: back to the watermark less the overlap (never past what anything waits for)
    const newBound = watermark === null ? oldest : Math.max(oldest, watermark - WATERMARK_OVERLAP_MS);
    const closing = checks.flatMap((c) => c.closing);
    const deepBound = Math.min(newBound, ...closing.map((c) => c.before));
    const { credits, newest, complete } = await this.read(newBound, deepBound, closing);
    for (const credit of credits) {
      if (this.settled.has(credit.id)) continue;
      const outcome = await this.offer(credit, {
        log: this.options.logger,
        via: 'watcher',
        now: startedAt,
      });
      // settled, or none of the kit's: not looked at again when read in the overlap
      if (outcome !== 'unsettled') {
        if (this.settled.size >= SETTLED_LIMIT) this.settled.clear();
        this.settled.add(credit.id);
      }
    }
    if (!complete) return;
    for (const part of checks) await part.complete?.();
    if (newest !== null) await this.state.advanceWatermark(newest);
  }

  /**
   * Offers a credit (from the watcher's read or a webhook) to each flow in turn until one owns it:
   * what it made of it, `not-mine` when no flow owns it.
   */
  async offer(credit: Transaction, context: CreditContext): Promise<CreditOutcome> {
    for (const flow of this.options.flows()) {
      const outcome = (await flow.credit?.(credit, context)) ?? 'not-mine';
      if (outcome !== 'not-mine') return outcome;
    }
    return 'not-mine';
  }

  /**
   * The business's transactions newest first, page after page until the list is older than `bound`
   * (or `deepBound`, unless every closing thing was found) or ends: then `complete`. Answers the
   * credits read and the newest transaction time seen.
   */
  private async read(
    bound: number,
    deepBound: number,
    closing: CreditCheck['closing'],
  ): Promise<{ credits: Transaction[]; newest: number | null; complete: boolean }> {
    const { client, breaker, checkTimeoutMs, logger } = this.options;
    const size = client.conventions.pageSize.max;
    const credits: Transaction[] = [];
    const seen = new Set<string>();
    const open = new Set(closing);
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
        for (const thing of open) if (thing.found(transaction)) open.delete(thing);
      }
      const last = result.items.at(-1);
      const oldestRead = last ? Date.parse(last.created_at) : Number.NEGATIVE_INFINITY;
      if (result.last || !last || oldestRead < deepBound || (oldestRead < bound && open.size === 0))
        return { credits, newest, complete: true };
    }
    logger.warn('payment check stopped before its history bound; nothing is called ended', {
      pages: MAX_PAGES,
    });
    return { credits, newest, complete: false };
  }

  /**
   * Makes or joins the merchant-wide check if one is due (the interval, longer with webhooks healthy):
   * what a status stream of a view asks for at its interval.
   */
  async poll(): Promise<void> {
    await this.look(this.interval(this.options.clock.now()));
  }

  /**
   * Retries the deliveries due (a failure's backoff over, or a dead instance's lease run out), then
   * makes the merchant-wide check if one is due. A host may call this on an interval.
   */
  async sweep(): Promise<void> {
    for (const deliveries of this.options.deliveries()) await deliveries.retryDue();
    await this.look(this.interval(this.options.clock.now()));
    const failure = this.failure;
    // an outage is logged once by the breaker, a 429 is a wait
    if (failure?.reason === 'other')
      this.options.logger.warn('payment check failed', { error: describeError(failure.error) });
  }

  /** Retries the deliveries owed that failed or whose instance died (after a crash or restart). */
  start(): void {
    const { logger } = this.options;
    for (const deliveries of this.options.deliveries())
      deliveries.track(
        deliveries
          .retryDue({ failedToo: true })
          .catch((error: unknown) =>
            logger.error('retrying owed deliveries failed', { error: describeError(error) }),
          ),
      );
  }

  /** When this watcher was made (the clock's ms). */
  get since(): number {
    return this.startedAt;
  }

  /** Resolves once no check or delivery is running. */
  async idle(): Promise<void> {
    const deliveries = () => this.options.deliveries();
    while (deliveries().some((d) => d.busy) || this.looking) {
      await Promise.allSettled([
        ...deliveries().map((d) => d.idle()),
        ...(this.looking ? [this.looking.done] : []),
      ]);
    }
  }

  /** Stops new deliveries from being scheduled and waits for those under way. */
  async close(): Promise<void> {
    for (const deliveries of this.options.deliveries()) await deliveries.close();
    await this.idle();
  }
}
