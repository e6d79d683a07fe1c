// Delivering what the store's outbox says is owed, one topic at a time (a flow's merchant callback such
// as onPaid, a kit event to the merchant's onEvent or to a flow): the instance whose transition made
// it owed delivers at once; whichever instance is alive retries what falls due (a sweep, a start).
// While a delivery runs, its lease is renewed, so no other instance takes a slow delivery for an
// abandoned one: only a dead instance's entry falls due. A delivery that throws stays owed: due again
// after the lease, or after the topic's backoff when it has one, and given up past its last step.
import type { Clock } from '../clock.js';
import { describeError, type Logger } from '../log.js';
import type { OutboxEntry, OutboxPart } from '../store/contract.js';

export interface DeliveriesOptions {
  outbox: OutboxPart;
  topic: string;
  /** the callback's name and the id's, for the log: `onPaid`, `sessionId` */
  names: { callback: string; id: string };
  /** delivers one entry; throws to leave it owed */
  deliver(entry: OutboxEntry): Promise<void>;
  clock: Clock;
  logger: Logger;
  /** how long a delivery under way is left alone by other instances (renewed while it runs), ms */
  leaseMs: number;
  /**
   * after the n-th failed attempt, wait `backoffMs[n - 1]` before the next; past the last, the entry
   * is given up (logged). Without it a failed delivery is due again after the lease, for ever.
   */
  backoffMs?: readonly number[] | undefined;
  /** told how long each delivery took and how it ended */
  observe?: ((seconds: number, outcome: 'delivered' | 'failed') => void) | undefined;
}

/** How many due entries one sweep of a topic looks at, at most. */
const SWEEP_BATCH = 100;
/** A backoff shorter than this is retried by a timer of this process, not left to the next sweep. */
const LOCAL_RETRY_MS = 10 * 60 * 1000;

export class Deliveries {
  /** ids this instance is delivering right now (a sweep leaves them alone) */
  readonly #delivering = new Set<string>();
  /** deliveries under way, which close() waits for */
  readonly #background = new Set<Promise<void>>();
  readonly #timers = new Set<ReturnType<typeof setTimeout>>();
  #closed = false;

  constructor(readonly options: DeliveriesOptions) {}

  get topic(): string {
    return this.options.topic;
  }

  /** Delivers in the background what this instance's commit made owed, leased until `dueAt`. */
  start(id: string, dueAt: number, payload: OutboxEntry['payload'] = null): void {
    // after close() it stays owed in the store; the next start delivers it
    if (this.#closed) return;
    const entry: OutboxEntry = { topic: this.options.topic, id, dueAt, attempts: 0, payload };
    this.track(this.#deliver(entry));
  }

  /**
   * Leases and delivers, one at a time, what is due now (entries left by a failure or a dead
   * instance). `failedToo`: also the entries whose last delivery failed, due or not (an instance
   * starting: the merchant's system may be back).
   */
  async retryDue(options: { failedToo?: boolean } = {}): Promise<void> {
    const { outbox, topic, clock, leaseMs } = this.options;
    const now = clock.now();
    const horizon = options.failedToo ? now + leaseMs : now;
    for (const entry of await outbox.due(topic, horizon, SWEEP_BATCH)) {
      if (this.#closed) return;
      if (this.#delivering.has(entry.id)) continue;
      // not due yet and never failed: a live instance is delivering it
      if (entry.dueAt > now && entry.attempts === 0) continue;
      const leased = { ...entry, dueAt: clock.now() + leaseMs, attempts: entry.attempts };
      if (await outbox.lease(topic, entry.id, entry.dueAt, { dueAt: leased.dueAt, attempts: entry.attempts }))
        await this.#deliver(leased);
    }
  }

  /** Background work whose end close() waits for. */
  track(work: Promise<void>): void {
    this.#background.add(work);
    void work.finally(() => this.#background.delete(work));
  }

  /** Resolves once no delivery is running. */
  async idle(): Promise<void> {
    while (this.#background.size > 0) await Promise.allSettled([...this.#background]);
  }

  get busy(): boolean {
    return this.#background.size > 0;
  }

  /** Stops new deliveries and retry timers, and waits for those under way. */
  async close(): Promise<void> {
    this.#closed = true;
    for (const timer of this.#timers) clearTimeout(timer);
    this.#timers.clear();
    await this.idle();
  }

  /** Delivers, then records that nothing is owed; a failure leaves it owed (backed off, or given up). */
  async #deliver(entry: OutboxEntry): Promise<void> {
    const { outbox, topic, clock, leaseMs, names, logger } = this.options;
    if (this.#delivering.has(entry.id)) return;
    this.#delivering.add(entry.id);
    let dueAt = entry.dueAt;
    const renew = setInterval(
      () => {
        const next = clock.now() + leaseMs;
        // a compare-and-set on this instance's own lease: it fails once another instance took over
        void outbox.lease(topic, entry.id, dueAt, { dueAt: next, attempts: entry.attempts }).then(
          (renewed) => {
            if (renewed) dueAt = next;
          },
          () => undefined,
        );
      },
      Math.max(50, Math.floor(leaseMs / 3)),
    );
    renew.unref();
    const started = performance.now();
    try {
      await this.options.deliver({ ...entry, dueAt });
      this.options.observe?.((performance.now() - started) / 1000, 'delivered');
      await outbox.done(topic, entry.id);
    } catch (error) {
      this.options.observe?.((performance.now() - started) / 1000, 'failed');
      clearInterval(renew);
      await this.#failed(entry, dueAt, error).catch((failure: unknown) =>
        logger.error(`${names.callback}: recording a failed delivery failed`, {
          [names.id]: entry.id,
          error: describeError(failure),
        }),
      );
    } finally {
      clearInterval(renew);
      this.#delivering.delete(entry.id);
    }
  }

  /** A delivery failed: due again after the lease, or after the backoff's next step, or given up. */
  async #failed(entry: OutboxEntry, dueAt: number, error: unknown): Promise<void> {
    const { outbox, topic, clock, names, logger, backoffMs } = this.options;
    const attempts = entry.attempts + 1;
    if (!backoffMs) {
      logger.error(`${names.callback} failed; it stays owed and is retried by a sweep or at the next start`, {
        [names.id]: entry.id,
        error: describeError(error),
      });
      // counted, and due again after the lease: a sweep then, or a start at once
      await outbox.lease(topic, entry.id, dueAt, { dueAt: clock.now() + this.options.leaseMs, attempts });
      return;
    }
    const wait = backoffMs[attempts - 1];
    if (wait === undefined) {
      logger.error(`${names.callback} failed ${attempts} times; given up`, {
        [names.id]: entry.id,
        attempts,
        error: describeError(error),
      });
      await outbox.done(topic, entry.id);
      return;
    }
    const next = clock.now() + wait;
    logger.warn(`${names.callback} failed; retried in ${Math.round(wait / 1000)} s`, {
      [names.id]: entry.id,
      attempts,
      error: describeError(error),
    });
    if (!(await outbox.lease(topic, entry.id, dueAt, { dueAt: next, attempts }))) return;
    if (wait <= LOCAL_RETRY_MS && !this.#closed) {
      const timer = setTimeout(() => {
        this.#timers.delete(timer);
        this.track(this.retryDue().catch(() => undefined));
      }, wait + 10);
      timer.unref();
      this.#timers.add(timer);
    }
  }
}
