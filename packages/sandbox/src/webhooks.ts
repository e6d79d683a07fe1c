// Webhook delivery: each event becomes a delivery in the log (state.deliveries), POSTed to the URL
// signed the Standard Webhooks way and retried on a schedule read on the emulator's clock, so moving
// the clock makes later retries due. A 2xx delivers, 410 disables the URL, anything else retries.
// Delivery never blocks or breaks an API answer; flush() lets a test wait for the attempts due now.
import type * as z from 'zod';
import { signWebhook, type WebhookEvent } from '@pay-elements/api';
import { MINUTE, type SandboxClock } from './clock.js';
import type { SandboxLogger } from './logger.js';
import type { DeliverySchema } from './control-schemas.js';
import { newId } from './ids.js';
import { SandboxFailure } from './responses.js';
import type { DeliveryRecord, State } from './store.js';

type Distribute<T> = T extends unknown ? Pick<T, Extract<keyof T, 'type' | 'data'>> : never;
/** An event to send: its type and data (the id and time are added when it is sent). */
export type EventInput = Distribute<WebhookEvent>;

const HOUR = 60 * MINUTE;
/** Waits after each failed attempt (the first is at once), on the emulator's clock. */
export const RETRY_SCHEDULE_MS: readonly number[] = [
  5_000,
  5 * MINUTE,
  30 * MINUTE,
  2 * HOUR,
  5 * HOUR,
  10 * HOUR,
  10 * HOUR,
];
/** The longest a real timer sleeps before looking again, so a clock moved from outside is noticed. */
const WAKE_MS = 1_000;

export interface DispatcherOptions {
  url: string | undefined;
  secret: string;
  clock: SandboxClock;
  schedule: readonly number[];
  logger: SandboxLogger;
  /** the live state (it is replaced on reset) */
  state(): State;
  /** called after a delivery changed, to save it */
  changed(): void;
  /** per attempt */
  timeoutMs?: number;
}

/** A delivery as the control API answers it. */
export type DeliveryView = z.infer<typeof DeliverySchema>;

/** How the next events are sent, set by a scenario and used up by the events it applies to. */
export interface NextEvents {
  /** first attempt this long after the event (late_webhook) */
  delayMs?: number;
  /** identical sends after the first success (duplicate_webhook) */
  duplicates?: number;
  /** hold this many events, then send them newest first (out_of_order_webhooks) */
  reorder?: number;
}

const iso = (ms: number | null) => (ms === null ? null : new Date(ms).toISOString());

export class WebhookDispatcher {
  readonly #options: DispatcherOptions;
  readonly #inFlight = new Map<string, Promise<void>>();
  readonly #closing = new AbortController();
  /** redeliveries asked for while an attempt at the same event was in flight */
  readonly #again = new Set<string>();
  #closed = false;
  #timer: NodeJS.Timeout | undefined;
  #next: NextEvents = {};
  /** events held by out_of_order_webhooks, oldest first */
  #held: DeliveryRecord[] = [];
  /** delivery paused (`POST /_sandbox/webhooks/pause`): events wait in the log until resumed */
  #paused = false;

  constructor(options: DispatcherOptions) {
    this.#options = options;
  }

  /** Builds the event and, when a URL is configured, puts its delivery in the log and starts it. */
  emit(input: EventInput): WebhookEvent {
    const { clock, url } = this.#options;
    const now = clock.now();
    const event = {
      id: newId('evt'),
      created_at: new Date(now).toISOString(),
      ...input,
    } as const satisfies WebhookEvent;
    if (!url) return event;
    const record: DeliveryRecord = {
      id: event.id,
      type: event.type,
      url,
      body: JSON.stringify(event),
      createdAt: now,
      attempts: 0,
      step: 0,
      delivered: false,
      lastStatus: null,
      lastError: null,
      nextAttemptAt: now + (this.#next.delayMs ?? 0),
      duplicates: this.#next.duplicates ?? 0,
      after: null,
    };
    delete this.#next.delayMs;
    delete this.#next.duplicates;
    if (this.#next.reorder) this.#hold(record);
    // saved with the rest of the request that emitted it, after its handler
    this.#options.state().deliveries.set(record.id, record);
    this.pump();
    return event;
  }

  /** Whether delivery is paused. */
  get paused(): boolean {
    return this.#paused;
  }

  /**
   * Holds every delivery back, first attempts and retries alike, until `resume()`: events still go
   * in the log, due at the time they would have gone (a backend's payment watcher is tested alone).
   */
  pause(): void {
    this.#paused = true;
    clearTimeout(this.#timer);
    this.#timer = undefined;
  }

  /** Delivers what waited (each at once) and goes on as before. */
  resume(): void {
    this.#paused = false;
    this.pump();
  }

  /** Changes how the next events go out (a scenario). */
  arrange(next: NextEvents): void {
    this.#next = { ...this.#next, ...next };
  }

  #hold(record: DeliveryRecord): void {
    record.nextAttemptAt = null;
    this.#held.push(record);
    if (this.#held.length < (this.#next.reorder ?? 0)) return;
    // newest first: each older one waits for the attempt at the one after it
    const held = this.#held;
    this.#held = [];
    delete this.#next.reorder;
    const now = this.#options.clock.now();
    const { deliveries } = this.#options.state();
    held.forEach((r, i) => {
      r.nextAttemptAt = now;
      r.after = held[i + 1]?.id ?? null;
      deliveries.touch(r.id);
    });
  }

  /** Sends one again with the same id, now, restarting its retry schedule (and re-enabling its URL). */
  redeliver(id: string): DeliveryRecord {
    const state = this.#options.state();
    const record = state.deliveries.get(id);
    if (!record) throw new SandboxFailure(404, 'webhook delivery was not found');
    state.disabledEndpoints.delete(record.url);
    record.step = 0;
    record.after = null;
    record.nextAttemptAt = this.#options.clock.now();
    state.deliveries.touch(id);
    if (this.#inFlight.has(id)) this.#again.add(id);
    this.#options.changed();
    this.pump();
    return record;
  }

  view(record: DeliveryRecord): DeliveryView {
    return {
      id: record.id,
      type: record.type,
      url: record.url,
      attempts: record.attempts,
      delivered: record.delivered,
      last_status: record.lastStatus,
      last_error: record.lastError,
      next_attempt_at: iso(record.nextAttemptAt),
      endpoint_disabled: this.#options.state().disabledEndpoints.has(record.url),
      created_at: new Date(record.createdAt).toISOString(),
    };
  }

  /** Starts every attempt that is due on the emulator's clock, and sets a timer for the next. */
  pump(): void {
    // no URL configured: deliveries restored from a file wait for a run that has one
    if (this.#closed || this.#paused || !this.#options.url) return;
    const { clock } = this.#options;
    const { deliveries, disabledEndpoints } = this.#options.state();
    const now = clock.now();
    let next = Infinity;
    for (const record of deliveries.values()) {
      if (record.nextAttemptAt === null || this.#inFlight.has(record.id)) continue;
      if (record.after !== null && deliveries.has(record.after)) continue;
      if (disabledEndpoints.has(record.url)) {
        this.#stop(record);
        continue;
      }
      if (record.nextAttemptAt <= now) {
        const attempt = this.#attempt(record).finally(() => {
          this.#inFlight.delete(record.id);
          this.pump();
        });
        this.#inFlight.set(record.id, attempt);
      } else next = Math.min(next, record.nextAttemptAt);
    }
    clearTimeout(this.#timer);
    this.#timer = undefined;
    if (next !== Infinity) {
      this.#timer = setTimeout(() => this.pump(), Math.min(WAKE_MS, Math.max(0, next - now)));
      this.#timer.unref();
    }
  }

  /** A delivery to a disabled URL: no more attempts. */
  #stop(record: DeliveryRecord): void {
    record.nextAttemptAt = null;
    record.lastError = 'endpoint disabled (410 Gone)';
    this.#options.state().deliveries.touch(record.id);
  }

  /** Resolves when no attempt is in flight and none is due on the emulator's clock. */
  async flush(): Promise<void> {
    this.pump();
    while (this.#inFlight.size) {
      await Promise.allSettled([...this.#inFlight.values()]);
      this.pump();
    }
  }

  /** Forgets scenarios in progress and a pause (the log itself lives in the state, which is reseeded). */
  reset(): void {
    this.#next = {};
    this.#held = [];
    this.#paused = false;
  }

  /** Abandons attempts in flight and stops the timer. */
  close(): void {
    this.#closed = true;
    this.#closing.abort();
    clearTimeout(this.#timer);
  }

  async #attempt(record: DeliveryRecord): Promise<void> {
    const { secret, clock, logger, schedule, timeoutMs = 5_000 } = this.#options;
    const headers = signWebhook({
      secret,
      id: record.id,
      timestamp: Math.floor(clock.now() / 1000),
      body: record.body,
    });
    let status: number | null = null;
    let error: string | null = null;
    try {
      const response = await fetch(record.url, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...headers },
        body: record.body,
        signal: AbortSignal.any([this.#closing.signal, AbortSignal.timeout(timeoutMs)]),
      });
      await response.body?.cancel().catch(() => undefined);
      status = response.status;
    } catch (e) {
      error = e instanceof Error ? e.message : 'network error';
    }
    const state = this.#options.state();
    // reset or closed while it was in flight: the record is no longer in the log
    if (this.#closed || state.deliveries.get(record.id) !== record) return;
    const now = clock.now();
    record.attempts += 1;
    record.lastStatus = status;
    record.lastError = error;
    if (status !== null && status >= 200 && status < 300) {
      record.step = 0;
      if (record.duplicates > 0) {
        record.duplicates -= 1;
        record.nextAttemptAt = now;
      } else {
        record.delivered = true;
        record.nextAttemptAt = null;
      }
    } else if (status === 410) {
      state.disabledEndpoints.add(record.url);
      // every other delivery waiting for this URL stops now, and is saved with this attempt
      for (const other of state.deliveries.values())
        if (other.url === record.url && other.nextAttemptAt !== null && !this.#inFlight.has(other.id))
          this.#stop(other);
      record.nextAttemptAt = null;
      record.lastError = 'endpoint disabled (410 Gone)';
      logger.warn(
        `webhook ${record.type} ${record.id}: ${record.url} answered 410, no more deliveries to it`,
      );
    } else {
      const wait = schedule[record.step];
      record.step += 1;
      record.nextAttemptAt = wait === undefined ? null : now + wait;
      logger.warn(
        `webhook ${record.type} ${record.id}: delivery failed (${status === null ? error : `HTTP ${status}`})${
          wait === undefined ? ', giving up' : `, next attempt at ${iso(record.nextAttemptAt)}`
        }`,
      );
    }
    if (this.#again.delete(record.id)) {
      record.step = 0;
      record.nextAttemptAt = now;
    }
    state.deliveries.touch(record.id);
    // whatever waited for this attempt (out of order) may go now
    for (const other of state.deliveries.values())
      if (other.after === record.id) {
        other.after = null;
        state.deliveries.touch(other.id);
      }
    this.#options.changed();
  }
}
