// The merchant's notifications: each event the kit reports, posted to PAY_NOTIFY_URL signed by Standard
// Webhooks (PAY_NOTIFY_SECRET), one `webhook-id` per event kept across every attempt. Each event is
// kept in the store with the delivery owed in the store's outbox (topic `service.notify`) in one
// commit, so a crash or a `kill -9` loses none; whichever instance leases an owed delivery makes the
// attempt (one at a time: the lease is a compare-and-set), retried on a non-2xx answer or a timeout on
// a schedule from seconds to over a day, then given up with an error line. Every attempt is a log line
// and a metric; the delivery log is read and an event sent again through the merchant's API.
import * as z from 'zod';
import { signWebhook } from '@pay-elements/api';
import { describeError, type Clock, type Logger } from '@pay-elements/server';
import { payEventTypes, type Json, type PayEvent, type ServiceState, type StoredRecord } from '../kit.js';

/** The retry schedule after each failed attempt, ms: 5 s, 30 s, 2 min, 10 min, 30 min, 1 h, 2 h, 4 h, 8 h, 12 h, 24 h (about 52 h in all). */
export const DEFAULT_RETRY_MS: readonly number[] = [
  5_000, 30_000, 120_000, 600_000, 1_800_000, 3_600_000, 7_200_000, 14_400_000, 28_800_000, 43_200_000,
  86_400_000,
];

const TOPIC = 'service.notify';
const EVENTS = 'service.notifications';
/** the events by when the service was told of them, for the delivery log newest first */
const BY_TIME = 'service.notifications.by-time';

export type NotificationStatus = 'pending' | 'delivered' | 'failed';

/** An event and how its delivery went, as the store keeps it and the API shows it. */
export interface NotificationRecord {
  /** the event's id, sent as `webhook-id` on every attempt */
  id: string;
  type: PayEvent['type'];
  created_at: string;
  data: Record<string, string | null>;
  status: NotificationStatus;
  attempts: number;
  /** the last attempt: when, and what came back (an HTTP status, or `timeout` / `network_error`) */
  last_attempt_at: string | null;
  last_result: string | null;
  /** the first ANSWER_KEPT bytes of the body the endpoint answered the last attempt with (its reason) */
  last_answer?: string | null;
  /** when the next attempt is due, while pending */
  next_attempt_at: string | null;
  delivered_at: string | null;
}

export interface NotifierMetrics {
  /** one attempt's outcome (`delivered`, `failed`, `given_up`) and how long it took, s */
  attempt(type: string, outcome: 'delivered' | 'failed' | 'given_up', seconds: number): void;
}

export interface NotifierOptions {
  state: ServiceState;
  url: string;
  secret: string;
  clock: Clock;
  logger: Logger;
  /** how long the merchant may take to answer, ms */
  timeoutMs: number;
  /** the waits before each retry, ms */
  retryMs?: readonly number[];
  metrics?: NotifierMetrics | undefined;
  /** the fetch the attempts go through (default the global one) */
  fetch?: typeof fetch;
}

/** A notification as the store keeps it, parsed back. */
const StoredNotification = z.object({
  id: z.string(),
  type: z.enum(payEventTypes),
  created_at: z.string(),
  data: z.record(z.string(), z.string().nullable()),
  status: z.enum(['pending', 'delivered', 'failed']),
  attempts: z.number(),
  last_attempt_at: z.string().nullable(),
  last_result: z.string().nullable(),
  last_answer: z.string().nullable().optional(),
  next_attempt_at: z.string().nullable(),
  delivered_at: z.string().nullable(),
});

/** A stored notification, read back; null when the record is not one. */
export function notificationOf(record: StoredRecord | null): NotificationRecord | null {
  const parsed = StoredNotification.safeParse(record?.value);
  return parsed.success ? parsed.data : null;
}

function asJson(n: NotificationRecord): Json {
  return { ...n, data: { ...n.data } };
}

export class Notifier {
  readonly #o: NotifierOptions;
  readonly #retryMs: readonly number[];
  readonly #fetch: typeof fetch;
  #timer: ReturnType<typeof setTimeout> | undefined;
  #running: Promise<void> | null = null;
  #stopped = true;
  #again = false;

  constructor(options: NotifierOptions) {
    this.#o = options;
    this.#retryMs = options.retryMs ?? DEFAULT_RETRY_MS;
    this.#fetch = options.fetch ?? ((input, init) => fetch(input, init));
  }

  /** How long an attempt holds its delivery before another instance may try: the timeout, and some. */
  get #leaseMs(): number {
    return this.#o.timeoutMs + 5_000;
  }

  /** How often due deliveries are looked for (sooner for a schedule whose first wait is short). */
  get #tickMs(): number {
    return Math.max(50, Math.min(1_000, this.#retryMs[0] ?? 1_000));
  }

  /**
   * Keeps `event` with its delivery owed, once per event id (the kit may report an event again): true
   * when this call kept it. A throw (the store away) leaves the event owed by the kit, which reports it
   * again.
   */
  async enqueue(event: PayEvent): Promise<boolean> {
    const now = this.#o.clock.now();
    const record: NotificationRecord = {
      id: event.id,
      type: event.type,
      created_at: event.created_at,
      data: event.data,
      status: 'pending',
      attempts: 0,
      last_attempt_at: null,
      last_result: null,
      next_attempt_at: new Date(now).toISOString(),
      delivered_at: null,
    };
    const kept = await this.#o.state.records.commit({
      writes: [
        { collection: EVENTS, key: event.id, value: asJson(record), expect: 0 },
        {
          collection: BY_TIME,
          key: `${new Date(now).toISOString()}/${encodeURIComponent(event.id)}`,
          value: event.id,
        },
      ],
      owe: [{ topic: TOPIC, id: event.id, dueAt: now }],
    });
    if (kept) this.wake();
    return kept;
  }

  /** The event's delivery, or null. */
  async get(id: string): Promise<NotificationRecord | null> {
    return notificationOf(await this.#o.state.records.get(EVENTS, id));
  }

  /** The latest events and their deliveries, newest first. */
  async list(limit: number): Promise<NotificationRecord[]> {
    const index = await this.#o.state.records.list(BY_TIME, { limit, reverse: true });
    const found = await Promise.all(
      index.map((entry) => (typeof entry.value === 'string' ? this.get(entry.value) : Promise.resolve(null))),
    );
    return found.filter((n): n is NotificationRecord => n !== null);
  }

  /**
   * Sends the event again, now, with the same `webhook-id` (a merchant that already has it knows it by
   * that id): a delivered or given-up event is owed again with a fresh schedule; a pending one is moved
   * to now. Null when there is no such event.
   */
  async resend(id: string): Promise<NotificationRecord | null> {
    for (let tries = 0; tries < 5; tries++) {
      const stored = await this.#o.state.records.get(EVENTS, id);
      const current = notificationOf(stored);
      if (!stored || !current) return null;
      const now = this.#o.clock.now();
      const next: NotificationRecord = {
        ...current,
        status: 'pending',
        attempts: 0,
        next_attempt_at: new Date(now).toISOString(),
      };
      if (current.status === 'pending' && current.next_attempt_at) {
        // owed already: brought forward by a compare-and-set on its due time
        const due = Date.parse(current.next_attempt_at);
        if (!(await this.#o.state.outbox.lease(TOPIC, id, due, { dueAt: now, attempts: 0 }))) continue;
        await this.#o.state.records.commit({
          writes: [{ collection: EVENTS, key: id, value: asJson(next), expect: stored.version }],
        });
      } else {
        const kept = await this.#o.state.records.commit({
          writes: [{ collection: EVENTS, key: id, value: asJson(next), expect: stored.version }],
          owe: [{ topic: TOPIC, id, dueAt: now }],
        });
        if (!kept) continue;
      }
      this.wake();
      return next;
    }
    return this.get(id);
  }

  /** Starts looking for due deliveries (at once, then every tick). */
  start(): void {
    this.#stopped = false;
    this.wake();
  }

  /** Looks for due deliveries now (an event was just kept). */
  wake(): void {
    if (this.#stopped) return;
    if (this.#running) {
      this.#again = true;
      return;
    }
    clearTimeout(this.#timer);
    this.#running = this.#round()
      .catch((error: unknown) =>
        this.#o.logger.error('notifications: round failed', { error: describeError(error) }),
      )
      .finally(() => {
        this.#running = null;
        if (this.#stopped) return;
        if (this.#again) {
          this.#again = false;
          this.wake();
          return;
        }
        this.#timer = setTimeout(() => this.wake(), this.#tickMs);
        this.#timer.unref();
      });
  }

  /** Stops looking, and waits for the attempts under way (an unfinished one stays owed). */
  async stop(): Promise<void> {
    this.#stopped = true;
    clearTimeout(this.#timer);
    await this.#running;
  }

  /** Every delivery due now, each leased and attempted (one at a time: the merchant's endpoint is one). */
  async #round(): Promise<void> {
    for (;;) {
      const due = await this.#o.state.outbox.due(TOPIC, this.#o.clock.now(), 10);
      if (due.length === 0 || this.#stopped) return;
      for (const entry of due) {
        if (this.#stopped) return;
        const now = this.#o.clock.now();
        const attempt = entry.attempts + 1;
        const held = { dueAt: now + this.#leaseMs, attempts: attempt };
        if (!(await this.#o.state.outbox.lease(TOPIC, entry.id, entry.dueAt, held))) continue;
        await this.#attempt(entry.id, attempt, held.dueAt);
      }
    }
  }

  /** One attempt at delivering `id` (leased until `heldUntil`), and what it leaves owed. */
  async #attempt(id: string, attempt: number, heldUntil: number): Promise<void> {
    const { clock, logger: log } = this.#o;
    const stored = await this.#o.state.records.get(EVENTS, id);
    const event = notificationOf(stored);
    if (!stored || !event) {
      await this.#o.state.outbox.done(TOPIC, id);
      return;
    }
    const started = clock.now();
    const result = await this.#post(event);
    const now = clock.now();
    const seconds = (now - started) / 1000;
    const fields = { notification_id: id, type: event.type, attempt, result: result.outcome };
    let next: NotificationRecord;
    if (result.ok) {
      next = {
        ...event,
        status: 'delivered',
        attempts: attempt,
        delivered_at: new Date(now).toISOString(),
        next_attempt_at: null,
      };
      await this.#o.state.outbox.done(TOPIC, id);
      this.#o.metrics?.attempt(event.type, 'delivered', seconds);
      log.info(`notification ${event.type} delivered (attempt ${attempt})`, fields);
    } else {
      const wait = this.#retryMs[attempt - 1];
      if (wait === undefined) {
        next = { ...event, status: 'failed', attempts: attempt, next_attempt_at: null };
        await this.#o.state.outbox.done(TOPIC, id);
        this.#o.metrics?.attempt(event.type, 'given_up', seconds);
        log.error(
          `notification ${event.type} given up after ${attempt} attempts: resend it once the endpoint is fixed`,
          fields,
        );
      } else {
        const dueAt = now + wait;
        next = {
          ...event,
          status: 'pending',
          attempts: attempt,
          next_attempt_at: new Date(dueAt).toISOString(),
        };
        // the lease this instance holds, moved to the retry's time (a compare-and-set on it)
        await this.#o.state.outbox.lease(TOPIC, id, heldUntil, { dueAt, attempts: attempt });
        this.#o.metrics?.attempt(event.type, 'failed', seconds);
        log.warn(
          `notification ${event.type} not delivered (attempt ${attempt}): retried in ${Math.round(wait / 1000)} s${secretHint(result.outcome)}`,
          {
            ...fields,
            next_attempt_at: next.next_attempt_at,
          },
        );
      }
    }
    next.last_attempt_at = new Date(started).toISOString();
    next.last_result = result.outcome;
    next.last_answer = result.answer;
    await this.#o.state.records.commit({
      writes: [{ collection: EVENTS, key: id, value: asJson(next), expect: stored.version }],
    });
  }

  /** POSTs the event, signed for this attempt: ok on a 2xx; the outcome names what came back. */
  async #post(event: NotificationRecord): Promise<{ ok: boolean; outcome: string; answer: string | null }> {
    const body = JSON.stringify({ type: event.type, timestamp: event.created_at, data: event.data });
    const headers = signWebhook({
      secret: this.#o.secret,
      id: event.id,
      timestamp: Math.floor(this.#o.clock.now() / 1000),
      body,
    });
    try {
      const answer = await this.#fetch(this.#o.url, {
        method: 'POST',
        headers: { ...headers, 'content-type': 'application/json', 'user-agent': 'pay-service' },
        body,
        redirect: 'manual',
        signal: AbortSignal.timeout(this.#o.timeoutMs),
      });
      return {
        ok: answer.status >= 200 && answer.status < 300,
        outcome: String(answer.status),
        answer: await answerStart(answer),
      };
    } catch (error) {
      const name = error instanceof Error ? error.name : '';
      return {
        ok: false,
        outcome: name === 'TimeoutError' || name === 'AbortError' ? 'timeout' : 'network_error',
        answer: null,
      };
    }
  }
}

/** How much of the endpoint's answer a delivery record keeps, bytes: enough for its reason. */
export const ANSWER_KEPT = 512;

/** The first ANSWER_KEPT bytes of an answer's body as text (the rest not read); null for none. */
async function answerStart(answer: Response): Promise<string | null> {
  const reader = answer.body?.getReader();
  if (!reader) return null;
  const chunks: Uint8Array[] = [];
  let size = 0;
  try {
    while (size < ANSWER_KEPT) {
      const { done, value } = await reader.read();
      if (done) break;
      chunks.push(value);
      size += value.byteLength;
    }
  } catch {
    // a body cut short keeps what came
  } finally {
    await reader.cancel().catch(() => undefined);
  }
  if (size === 0) return null;
  return new TextDecoder().decode(Buffer.concat(chunks).subarray(0, ANSWER_KEPT));
}

/** A 400 or 401 from the shop: most often its check of the signature with another secret. */
function secretHint(outcome: string): string {
  return outcome === '401' || outcome === '400'
    ? `; the shop answered ${outcome}, which often means it verifies with another secret than PAY_NOTIFY_SECRET`
    : '';
}
