// What the watcher's merchant-wide check shares with every instance sharing the store, kept as records
// (collection `kit.watch`): who checked last (a compare-and-set, so one instance checks per interval),
// the watermark, the last verified webhook, and the kinds of provider call held back after a 429 or
// an outage.
import type { RecordPart } from '../store/contract.js';

/** The kinds of provider call the kit holds back as one when the provider says "slow down" or is down. */
export type ProviderCallKind = 'transactions' | 'accounts';

/** A kind of provider call no instance makes before `until`. */
export interface ProviderWait {
  /** the clock's time (ms) from which the call may be made again */
  until: number;
  /** `rate_limited`: the provider answered 429 (wait, nothing is down); `unavailable`: it is down */
  reason: 'rate_limited' | 'unavailable';
}

export interface WatchState {
  /** the newest transaction time (ms) a complete check read; the next reads back to it (less an overlap) */
  watermark: number | null;
  /** when the last verified webhook delivery arrived (ms) */
  webhookAt: number | null;
  waits: Partial<Record<ProviderCallKind, ProviderWait>>;
}

const COLLECTION = 'kit.watch';
const CHECK = 'check';
const WATERMARK = 'watermark';
const WEBHOOK = 'webhook';
const waitKey = (kind: ProviderCallKind) => `wait/${kind}`;

function timeOf(value: unknown): number | null {
  return typeof value === 'object' && value !== null && 'at' in value && typeof value.at === 'number'
    ? value.at
    : null;
}

function waitOf(value: unknown): ProviderWait | null {
  if (typeof value !== 'object' || value === null) return null;
  const until = 'until' in value ? value.until : null;
  const reason = 'reason' in value ? value.reason : null;
  if (typeof until !== 'number' || (reason !== 'rate_limited' && reason !== 'unavailable')) return null;
  return { until, reason };
}

export class SharedWatchState {
  constructor(private readonly records: RecordPart) {}

  /**
   * Claims the merchant-wide check: true when no instance started one within `intervalMs` before
   * `now`, and then records `now` for them all.
   */
  async claim(now: number, intervalMs: number): Promise<boolean> {
    for (;;) {
      const held = await this.records.get(COLLECTION, CHECK);
      const at = timeOf(held?.value);
      if (at !== null && at > now - intervalMs) return false;
      const claimed = await this.records.commit({
        writes: [{ collection: COLLECTION, key: CHECK, value: { at: now }, expect: held?.version ?? 0 }],
      });
      // another instance claimed meanwhile: within the interval it stands (a check forced with an
      // interval of 0 is still made)
      if (claimed) return true;
    }
  }

  async read(): Promise<WatchState> {
    const state: WatchState = { watermark: null, webhookAt: null, waits: {} };
    for (const record of await this.records.list(COLLECTION, { limit: 20 })) {
      if (record.key === WATERMARK) state.watermark = timeOf(record.value);
      else if (record.key === WEBHOOK) state.webhookAt = timeOf(record.value);
      else
        for (const kind of ['transactions', 'accounts'] as const)
          if (record.key === waitKey(kind)) {
            const wait = waitOf(record.value);
            if (wait) state.waits[kind] = wait;
          }
    }
    return state;
  }

  /** Moves the watermark forward to `at`; it never moves back, whoever writes meanwhile. */
  async advanceWatermark(at: number): Promise<void> {
    for (;;) {
      const held = await this.records.get(COLLECTION, WATERMARK);
      const current = timeOf(held?.value);
      if (current !== null && current >= at) return;
      const written = await this.records.commit({
        writes: [{ collection: COLLECTION, key: WATERMARK, value: { at }, expect: held?.version ?? 0 }],
      });
      if (written) return;
    }
  }

  /**
   * Records a verified webhook delivery at `at`. Not a compare-and-set: two instances writing at once
   * may leave the earlier of two close times, which only says webhooks are healthy a moment less.
   */
  async noteWebhook(at: number): Promise<void> {
    const current = timeOf((await this.records.get(COLLECTION, WEBHOOK))?.value);
    if (current !== null && current >= at) return;
    await this.records.commit({ writes: [{ collection: COLLECTION, key: WEBHOOK, value: { at } }] });
  }

  /** Holds back a kind of provider call until `wait.until` for every instance; null lifts it. */
  async setProviderWait(kind: ProviderCallKind, wait: ProviderWait | null): Promise<void> {
    await this.records.commit({
      writes: [
        {
          collection: COLLECTION,
          key: waitKey(kind),
          value: wait ? { until: wait.until, reason: wait.reason } : null,
        },
      ],
    });
  }
}
