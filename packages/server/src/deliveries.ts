// Delivering what the outbox says is owed to the merchant's callback (onPaid): the instance whose
// transition made it owed delivers at once; whichever instance is alive retries what is still owed
// (a sweep, a start) once its claim is old. While the callback runs its claim is renewed (a lease),
// so that no other instance takes a slow delivery for an abandoned one: only a dead instance's claim
// grows old. A callback that throws leaves it owed, for a later retry.
import type { Clock } from './clock.js';
import { describeError, type Logger } from './log.js';
import type { OutboxKind, OutboxPart } from './store/parts.js';

export interface DeliveriesOptions<R> {
  outbox: OutboxPart;
  kind: OutboxKind;
  /** the callback's name and the id's, for the log: `onPaid`, `sessionId` */
  names: { callback: string; id: string };
  /** the record owed, read when it is delivered (null: gone, nothing to deliver) */
  load(id: string): Promise<R | null>;
  /** the merchant's callback; undefined: deliveries are recorded, nothing is called */
  callback: ((record: R) => void | Promise<void>) | undefined;
  clock: Clock;
  logger: Logger;
  /** a claimed delivery older than this is retried by a sweep, ms */
  retryAfterMs: number;
}

/** What a sweep and a start do with a deliverer, whatever it delivers. */
export interface Deliverer {
  /** Retries, one at a time, what is owed and was last claimed before `claimedBefore`. */
  retryOwed(claimedBefore: number): Promise<void>;
  /** Background work whose end close() waits for. */
  track(work: Promise<void>): void;
  idle(): Promise<void>;
  readonly busy: boolean;
  close(): Promise<void>;
}

export class Deliveries<R> implements Deliverer {
  /** ids this instance is delivering right now (a sweep leaves them alone) */
  readonly #delivering = new Set<string>();
  /** deliveries under way, which close() waits for */
  readonly #background = new Set<Promise<void>>();
  #closed = false;

  constructor(private readonly options: DeliveriesOptions<R>) {}

  /** Delivers in the background what this call's transition made owed, claimed at `claimedAt`. */
  start(id: string, claimedAt: number): void {
    // after close() the delivery stays owed in the store; the next start makes it
    if (!this.#closed) this.track(this.#deliver(id, claimedAt));
  }

  /** Retries, one at a time, what is owed and was last claimed before `claimedBefore`. */
  async retryOwed(claimedBefore: number): Promise<void> {
    const { outbox, kind, clock } = this.options;
    for (const id of await outbox.listOwed(kind, claimedBefore)) {
      if (this.#closed) return;
      if (this.#delivering.has(id)) continue;
      const claimedAt = clock.now();
      if (await outbox.claim(kind, id, claimedBefore, claimedAt)) await this.#deliver(id, claimedAt);
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

  /** Stops new deliveries from being started and waits for those under way. */
  async close(): Promise<void> {
    this.#closed = true;
    await this.idle();
  }

  /** Calls the callback, then records that nothing is owed; a failure leaves it owed. */
  async #deliver(id: string, claimedAt: number): Promise<void> {
    const { outbox, kind, logger, callback, clock, retryAfterMs } = this.options;
    if (this.#delivering.has(id)) return;
    this.#delivering.add(id);
    let claim = claimedAt;
    const lease = setInterval(
      () => {
        const now = clock.now();
        // a compare-and-set on this instance's own claim: it fails once another instance took over
        void outbox.claim(kind, id, claim + 1, now).then(
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
      const record = await this.options.load(id);
      if (!record) return;
      if (callback) await callback(record);
      await outbox.markDelivered(kind, id);
    } catch (error) {
      const { names } = this.options;
      logger.error(`${names.callback} failed; it stays owed and is retried by a sweep or at the next start`, {
        [names.id]: id,
        error: describeError(error),
      });
    } finally {
      clearInterval(lease);
      this.#delivering.delete(id);
    }
  }
}
