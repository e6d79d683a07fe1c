// The merchant's notifications: each event the kit reports, of any type, posted to PAY_NOTIFY_URL signed
// by Standard Webhooks (PAY_NOTIFY_SECRET), one `webhook-id` per event kept across every attempt. The
// notifier is the kit's host delivery (`eventDeliveries`): each event is owed on the kit's outbox
// (topic `events.host`) with its notification record, in the commit of the kit's transition that
// causes it, so a crash or a `kill -9` loses none and nothing is written twice; entries an older
// release owed on its own topic (`service.notify`) are delivered alike (drained). Whichever instance
// leases an owed delivery makes the attempt (one at a time: the lease is a compare-and-set), retried
// on a non-2xx answer or a timeout on a schedule from seconds to over a day (jittered; later when the
// merchant's Retry-After asks), then given up with an error line; a `410 Gone` disables the endpoint
// (endpoint.ts). Every attempt is a log line and a metric; the delivery log is read and an event sent
// again through the merchant's API.
import * as z from 'zod';
import { signWebhook } from '@pay-elements/api';
import {
  describeError,
  HOST_EVENTS_TOPIC,
  TokenBucketLimiter,
  type Clock,
  type EventDeliveries,
  type Logger,
} from '@pay-elements/server';
import type { Json, AnyKitEvent, RecordWrite, ServiceState, StoredRecord } from '../kit.js';
import { EndpointState, type EndpointDisabled } from './endpoint.js';
import { retryAfterMs, retryWait } from './retry.js';

/** The retry schedule after each failed attempt, ms: 5 s, 30 s, 2 min, 10 min, 30 min, 1 h, 2 h, 4 h, 8 h, 12 h, 24 h (about 52 h in all). */
export const DEFAULT_RETRY_MS: readonly number[] = [
  5_000, 30_000, 120_000, 600_000, 1_800_000, 3_600_000, 7_200_000, 14_400_000, 28_800_000, 43_200_000,
  86_400_000,
];

/** the kit's topic of the host's delivery of each event: the notifications owed */
const TOPIC = HOST_EVENTS_TOPIC;
/** the topic of the notifications an older release owed beside the kit's: drained, none added */
export const LEGACY_TOPIC = 'service.notify';
const TOPICS = [TOPIC, LEGACY_TOPIC] as const;
/**
 * the kit's topic of its events to `onEvent`, which 0.1.0 gave the notifier: what it left owed there is
 * taken over (owed on TOPIC), since the service passes no `onEvent` while it notifies
 */
export const ON_EVENT_TOPIC = 'events.merchant';
const EVENTS = 'service.notifications';
/** the events by when the service was told of them, for the delivery log newest first */
const BY_TIME = 'service.notifications.by-time';

/** How soon an event may be resent again once a resend of it was made, ms (one resend at a time). */
export const RESEND_INTERVAL_MS = 60_000;
/** Resends one service key may make a minute (also the burst), each instance. */
export const RESENDS_PER_KEY_PER_MINUTE = 60;

/** As kept; `disabled` is shown in its place for a pending one while the endpoint is disabled. */
export type NotificationStatus = 'pending' | 'delivered' | 'failed';

/** An event and how its delivery went, as the store keeps it and the API shows it. */
export interface NotificationRecord {
  /** the event's id, sent as `webhook-id` on every attempt */
  id: string;
  /** the kit's event type, whatever it is (`session.paid`, …; a new flow's too) */
  type: string;
  created_at: string;
  data: Record<string, string | null>;
  status: NotificationStatus;
  /** false when the event came from the emulator: a production endpoint refuses it */
  livemode: boolean;
  attempts: number;
  /** the last attempt: when, and what came back (an HTTP status, or `timeout` / `network_error`) */
  last_attempt_at: string | null;
  last_result: string | null;
  /** the first ANSWER_KEPT bytes of the body the endpoint answered the last attempt with (its reason) */
  last_answer?: string | null;
  /** when the next attempt is due, while pending */
  next_attempt_at: string | null;
  delivered_at: string | null;
  /** the last resend asked through the API */
  resent_at: string | null;
}

/** A notification as the API shows it: `disabled` while the endpoint is and it is owed. */
export type NotificationView = Omit<NotificationRecord, 'status'> & {
  status: NotificationStatus | 'disabled';
};

export type AttemptOutcome = 'delivered' | 'failed' | 'given_up' | 'disabled';

export interface NotifierMetrics {
  /** one attempt's outcome (`disabled`: answered 410) and how long it took, s */
  attempt(type: string, outcome: AttemptOutcome, seconds: number): void;
  /** whether the endpoint is disabled now */
  endpointDisabled(disabled: boolean): void;
}

/**
 * A resend: the event as owed now, or how many seconds until a resend is taken (of this event, or by
 * this caller); null when there is no such event.
 */
export type ResendAnswer =
  { notification: NotificationView } | { retryAfterSeconds: number; limit: 'event' | 'caller' } | null;

export interface NotifierOptions {
  state: ServiceState;
  url: string;
  /** every one signs each attempt (rotation: the new and the old, each a `v1,` signature) */
  secrets: readonly string[];
  /** false with the emulator: said in every body, so that a production endpoint can refuse it */
  livemode: boolean;
  /** the schedule's clock (the emulator's in demo mode) */
  clock: Clock;
  /** the real time, ms, for `webhook-timestamp`: a merchant checks it against its own clock */
  wallClock?: () => number;
  /** [0, 1) for the retries' jitter (default Math.random) */
  random?: () => number;
  logger: Logger;
  /** how long the merchant may take to answer, ms */
  timeoutMs: number;
  /** the waits before each retry, ms */
  retryMs?: readonly number[];
  metrics?: NotifierMetrics | undefined;
  /** the fetch the attempts go through (default the global one) */
  fetch?: typeof fetch;
  /**
   * Whether an event the kit owed is sent, asked before its first attempt (false: it is dropped from
   * the log, not sent: a payment made before the service's first start); a throw retries it later.
   */
  admit?: (event: AnyKitEvent) => Promise<boolean>;
}

/** A notification as the store keeps it, parsed back. */
const StoredNotification = z.object({
  id: z.string(),
  type: z.string(),
  created_at: z.string(),
  data: z.record(z.string(), z.string().nullable()),
  status: z.enum(['pending', 'delivered', 'failed']),
  livemode: z.boolean().default(true),
  attempts: z.number(),
  last_attempt_at: z.string().nullable(),
  last_result: z.string().nullable(),
  last_answer: z.string().nullable().optional(),
  next_attempt_at: z.string().nullable(),
  delivered_at: z.string().nullable(),
  resent_at: z.string().nullable().default(null),
});

/** A kit event as its outbox entry carries it. */
const OwedEvent = z.object({
  id: z.string(),
  type: z.string(),
  created_at: z.string(),
  data: z.record(z.string(), z.string().nullable()),
});

/** A stored notification, read back; null when the record is not one. */
export function notificationOf(record: StoredRecord | null): NotificationRecord | null {
  const parsed = StoredNotification.safeParse(record?.value);
  return parsed.success ? parsed.data : null;
}

function asJson(n: NotificationRecord): Json {
  return { ...n, data: { ...n.data } };
}

/** A new event's record, pending from `now`. */
function pendingOf(event: AnyKitEvent, now: number, livemode: boolean): NotificationRecord {
  return {
    id: event.id,
    type: event.type,
    created_at: event.created_at,
    data: event.data,
    status: 'pending',
    livemode,
    attempts: 0,
    last_attempt_at: null,
    last_result: null,
    next_attempt_at: new Date(now).toISOString(),
    delivered_at: null,
    resent_at: null,
  };
}

/** The delivery log's index entry of an event told at `at` (ISO), newest first by its key. */
function indexKey(at: string, id: string): string {
  return `${at}/${encodeURIComponent(id)}`;
}

/**
 * The records the kit writes with each event it owes the notifier (its `eventDeliveries.writes`): the
 * event's notification, pending, and its place in the delivery log (by the kit's time of it).
 */
export function notificationWrites(event: AnyKitEvent, now: number, livemode: boolean): RecordWrite[] {
  return [
    { collection: EVENTS, key: event.id, value: asJson(pendingOf(event, now, livemode)) },
    { collection: BY_TIME, key: indexKey(event.created_at, event.id), value: event.id },
  ];
}

/** The kit's host delivery of every event to the notifier: its records, and a wake once owed. */
export function notifierDeliveries(livemode: boolean, notifier: () => Notifier | null): EventDeliveries {
  return {
    writes: (event, now) => notificationWrites(event, now, livemode),
    owed: () => notifier()?.wake(),
  };
}

/** The record as the API shows it, the endpoint being `disabled` or not. */
function viewOf(n: NotificationRecord, disabled: EndpointDisabled | null): NotificationView {
  return disabled && n.status === 'pending' ? { ...n, status: 'disabled' } : n;
}

/** What came back from one attempt. */
interface Posted {
  ok: boolean;
  /** the HTTP status, or `timeout` / `network_error` */
  outcome: string;
  /** the answer's Retry-After header */
  retryAfter: string | null;
  /** the first ANSWER_KEPT bytes of the answer's body, for the delivery record */
  answer: string | null;
}

export class Notifier {
  readonly #o: NotifierOptions;
  readonly #retryMs: readonly number[];
  readonly #fetch: typeof fetch;
  readonly #wall: () => number;
  readonly #random: () => number;
  readonly #endpoint: EndpointState;
  readonly #resends: TokenBucketLimiter;
  #timer: ReturnType<typeof setTimeout> | undefined;
  #running: Promise<void> | null = null;
  #stopped = true;
  #again = false;

  constructor(options: NotifierOptions) {
    this.#o = options;
    this.#retryMs = options.retryMs ?? DEFAULT_RETRY_MS;
    this.#fetch = options.fetch ?? ((input, init) => fetch(input, init));
    this.#wall = options.wallClock ?? (() => Date.now());
    this.#random = options.random ?? Math.random;
    this.#endpoint = new EndpointState(options.state, options.url);
    this.#resends = new TokenBucketLimiter({
      clock: options.clock,
      perMinute: RESENDS_PER_KEY_PER_MINUTE,
      maxKeys: 1000,
    });
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
   * Keeps `event` with its delivery owed, once per event id: true when this call kept it. The kit owes
   * its events itself (notifierDeliveries); this is for an event of no kit transition (a replay).
   */
  async enqueue(event: AnyKitEvent): Promise<boolean> {
    const now = this.#o.clock.now();
    const record = pendingOf(event, now, this.#o.livemode);
    const kept = await this.#o.state.records.commit({
      writes: [
        { collection: EVENTS, key: event.id, value: asJson(record), expect: 0 },
        { collection: BY_TIME, key: indexKey(new Date(now).toISOString(), event.id), value: event.id },
      ],
      owe: [{ topic: TOPIC, id: event.id, dueAt: now }],
    });
    if (kept) this.wake();
    return kept;
  }

  /** Since when the endpoint is disabled (it answered 410), or null. */
  endpointDisabled(): Promise<EndpointDisabled | null> {
    return this.#endpoint.disabled();
  }

  /** The event's delivery, or null. */
  async get(id: string): Promise<NotificationView | null> {
    const found = notificationOf(await this.#o.state.records.get(EVENTS, id));
    return found ? viewOf(found, await this.#endpoint.disabled()) : null;
  }

  /** The latest events and their deliveries, newest first. */
  async list(limit: number): Promise<NotificationView[]> {
    const index = await this.#o.state.records.list(BY_TIME, { limit, reverse: true });
    const disabled = await this.#endpoint.disabled();
    const found = await Promise.all(
      index.map(async (entry) =>
        typeof entry.value === 'string'
          ? notificationOf(await this.#o.state.records.get(EVENTS, entry.value))
          : null,
      ),
    );
    return found.filter((n): n is NotificationRecord => n !== null).map((n) => viewOf(n, disabled));
  }

  /**
   * Sends the event again, now, with the same `webhook-id` (a merchant that already has it knows it by
   * that id), and enables a disabled endpoint again: a delivered or given-up event is owed again with
   * a fresh schedule; a pending one is moved to now. One at a time: while it is due or being attempted
   * the same is answered; within RESEND_INTERVAL_MS of its last resend, and past the caller's
   * RESENDS_PER_KEY_PER_MINUTE, how long to wait (enabling the endpoint again counts as a resend, so
   * that resends cannot make a gone endpoint be tried without bound).
   */
  async resend(id: string, caller: string): Promise<ResendAnswer> {
    const disabled = (await this.#endpoint.disabled()) !== null;
    for (let tries = 0; tries < 5; tries++) {
      const stored = await this.#o.state.records.get(EVENTS, id);
      const current = notificationOf(stored);
      if (!stored || !current) return null;
      const now = this.#o.clock.now();
      const due = current.next_attempt_at ? Date.parse(current.next_attempt_at) : null;
      // due or under way, on an endpoint that takes it: that one is the resend
      if (!disabled && current.status === 'pending' && due !== null && due <= now)
        return { notification: current };
      const since = current.resent_at ? now - Date.parse(current.resent_at) : Infinity;
      if (since < RESEND_INTERVAL_MS)
        return { retryAfterSeconds: Math.ceil((RESEND_INTERVAL_MS - since) / 1000), limit: 'event' };
      const byKey = this.#resends.peek(caller);
      if (!byKey.allowed) return { retryAfterSeconds: byKey.retryAfterSeconds, limit: 'caller' };
      const at = new Date(now).toISOString();
      const next: NotificationRecord = {
        ...current,
        status: 'pending',
        attempts: 0,
        next_attempt_at: at,
        resent_at: at,
      };
      if (!(await this.#owedAgain(current, stored.version, next, now))) continue;
      this.#resends.take(caller);
      if (disabled) await this.#enableAgain(id);
      this.wake();
      return { notification: next };
    }
    const now = await this.get(id);
    return now ? { notification: now } : null;
  }

  /** `next` kept for `current` (at `version`), owed at `now`: false when another write came first. */
  async #owedAgain(
    current: NotificationRecord,
    version: number,
    next: NotificationRecord,
    now: number,
  ): Promise<boolean> {
    const write = { collection: EVENTS, key: current.id, value: asJson(next), expect: version };
    if (current.status === 'pending' && current.next_attempt_at) {
      // owed already: brought forward by a compare-and-set on its due time
      const due = Date.parse(current.next_attempt_at);
      let moved = false;
      for (const topic of TOPICS)
        moved ||= await this.#o.state.outbox.lease(topic, current.id, due, { dueAt: now, attempts: 0 });
      if (!moved) return false;
      await this.#o.state.records.commit({ writes: [write] });
      return true;
    }
    return this.#o.state.records.commit({
      writes: [write],
      owe: [{ topic: TOPIC, id: current.id, dueAt: now }],
    });
  }

  /** A resend enables a disabled endpoint again: the operator says it is back. */
  async #enableAgain(id: string): Promise<void> {
    if (!(await this.#endpoint.enable())) return;
    this.#o.metrics?.endpointDisabled(false);
    this.#o.logger.warn(`notifications: the endpoint is enabled again (resend of ${id})`, {
      notification_id: id,
    });
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

  /** Resolves once no round is running: what was due when it was called is attempted (or held). */
  async idle(): Promise<void> {
    while (this.#running) await this.#running;
  }

  /** Stops looking, and waits for the attempts under way (an unfinished one stays owed). */
  async stop(): Promise<void> {
    this.#stopped = true;
    clearTimeout(this.#timer);
    await this.#running;
  }

  /**
   * Every delivery due now, each leased and attempted (one at a time: the merchant's endpoint is one);
   * none while the endpoint is disabled (by this instance or another).
   */
  async #round(): Promise<void> {
    await this.#takeOver();
    const disabled = (await this.#endpoint.disabled()) !== null;
    this.#o.metrics?.endpointDisabled(disabled);
    if (disabled) return;
    for (const topic of TOPICS) {
      for (;;) {
        const due = await this.#o.state.outbox.due(topic, this.#o.clock.now(), 10);
        if (due.length === 0 || this.#stopped) break;
        for (const entry of due) {
          if (this.#stopped) return;
          const now = this.#o.clock.now();
          const attempt = entry.attempts + 1;
          const held = { dueAt: now + this.#leaseMs, attempts: attempt };
          if (!(await this.#o.state.outbox.lease(topic, entry.id, entry.dueAt, held))) continue;
          const kit = entry.payload !== null && entry.payload !== undefined;
          if ((await this.#attempt({ topic, id: entry.id, kit }, attempt, held.dueAt)) === 'disabled') return;
        }
      }
    }
  }

  /**
   * The kit's events 0.1.0 left owed to its `onEvent` (topic ON_EVENT_TOPIC), due now: each kept and
   * owed as the kit owes them now (once per id: one kept already stays as it is), then done there.
   */
  async #takeOver(): Promise<void> {
    const { outbox, records } = this.#o.state;
    for (;;) {
      const due = await outbox.due(ON_EVENT_TOPIC, this.#o.clock.now(), 10);
      if (due.length === 0 || this.#stopped) return;
      for (const entry of due) {
        const event = OwedEvent.safeParse(entry.payload);
        if (event.success) {
          const now = this.#o.clock.now();
          const [record, index] = notificationWrites(event.data, now, this.#o.livemode);
          const payload = { ...event.data, data: { ...event.data.data } };
          await records.commit({
            writes: [{ ...(record as RecordWrite), expect: 0 }, index as RecordWrite],
            owe: [{ topic: TOPIC, id: event.data.id, dueAt: now, payload }],
          });
        }
        await outbox.done(ON_EVENT_TOPIC, entry.id);
      }
    }
  }

  /**
   * An event the kit owed, never attempted yet, not to be sent (admit): its record and place in the
   * log removed, nothing owed. True when it was dropped.
   */
  async #dropped(topic: string, stored: StoredRecord, event: NotificationRecord): Promise<boolean> {
    const first = event.attempts === 0 && event.last_attempt_at === null && event.resent_at === null;
    if (!first || !this.#o.admit || (await this.#o.admit(event))) return false;
    await this.#o.state.records.commit({
      writes: [
        { collection: EVENTS, key: event.id, value: null, expect: stored.version },
        { collection: BY_TIME, key: indexKey(event.created_at, event.id), value: null },
      ],
    });
    await this.#o.state.outbox.done(topic, event.id);
    return true;
  }

  /** One attempt at delivering an owed entry (leased until `heldUntil`), and what it leaves owed. */
  async #attempt(
    owed: { topic: string; id: string; kit: boolean },
    attempt: number,
    heldUntil: number,
  ): Promise<AttemptOutcome | null> {
    const { topic, id } = owed;
    const stored = await this.#o.state.records.get(EVENTS, id);
    const event = notificationOf(stored);
    if (!stored || !event) {
      await this.#o.state.outbox.done(topic, id);
      return null;
    }
    if (owed.kit && (await this.#dropped(topic, stored, event))) return null;
    const started = this.#o.clock.now();
    const result = await this.#post(event);
    const now = this.#o.clock.now();
    const seconds = (now - started) / 1000;
    const fields = { notification_id: id, type: event.type, attempt, result: result.outcome };
    const settled = result.ok
      ? await this.#delivered(topic, event, attempt, now, fields)
      : result.outcome === '410'
        ? await this.#gone(topic, event, attempt, heldUntil, now, fields)
        : await this.#failed(topic, event, attempt, heldUntil, now, result, fields);
    this.#o.metrics?.attempt(event.type, settled.outcome, seconds);
    const next = settled.next;
    next.last_attempt_at = new Date(started).toISOString();
    next.last_result = result.outcome;
    next.last_answer = result.answer;
    await this.#o.state.records.commit({
      writes: [{ collection: EVENTS, key: id, value: asJson(next), expect: stored.version }],
    });
    return settled.outcome;
  }

  async #delivered(
    topic: string,
    event: NotificationRecord,
    attempt: number,
    now: number,
    fields: Record<string, string | number>,
  ): Promise<Settled> {
    await this.#o.state.outbox.done(topic, event.id);
    this.#o.logger.info(`notification ${event.type} delivered (attempt ${attempt})`, fields);
    const at = new Date(now).toISOString();
    const next = { ...event, status: 'delivered' as const, attempts: attempt, delivered_at: at };
    return { outcome: 'delivered', next: { ...next, next_attempt_at: null } };
  }

  /**
   * `410 Gone`: the endpoint is disabled for every event (Standard Webhooks: stop sending); this one
   * stays owed, due at once, so that it goes first once the endpoint is enabled again.
   */
  async #gone(
    topic: string,
    event: NotificationRecord,
    attempt: number,
    heldUntil: number,
    now: number,
    fields: Record<string, string | number>,
  ): Promise<Settled> {
    await this.#endpoint.disable(event.id, now);
    await this.#o.state.outbox.lease(topic, event.id, heldUntil, { dueAt: now, attempts: attempt });
    this.#o.metrics?.endpointDisabled(true);
    this.#o.logger.error(
      `notification ${event.type} answered 410 Gone: the endpoint is disabled, nothing is sent to it ` +
        'until PAY_NOTIFY_URL changes or a notification is resent',
      fields,
    );
    const next = { ...event, status: 'pending' as const, attempts: attempt };
    return { outcome: 'disabled', next: { ...next, next_attempt_at: new Date(now).toISOString() } };
  }

  async #failed(
    topic: string,
    event: NotificationRecord,
    attempt: number,
    heldUntil: number,
    now: number,
    result: Posted,
    fields: Record<string, string | number>,
  ): Promise<Settled> {
    const log = this.#o.logger;
    const wait = this.#retryMs[attempt - 1];
    if (wait === undefined) {
      await this.#o.state.outbox.done(topic, event.id);
      log.error(
        `notification ${event.type} given up after ${attempt} attempts: resend it once the endpoint is fixed`,
        fields,
      );
      return {
        outcome: 'given_up',
        next: { ...event, status: 'failed', attempts: attempt, next_attempt_at: null },
      };
    }
    const delay = retryWait({
      wait,
      maxMs: Math.max(...this.#retryMs),
      asked: retryAfterMs(result.retryAfter, this.#wall()),
      random: this.#random(),
    });
    const dueAt = now + delay;
    // the lease this instance holds, moved to the retry's time (a compare-and-set on it)
    await this.#o.state.outbox.lease(topic, event.id, heldUntil, { dueAt, attempts: attempt });
    const next_attempt_at = new Date(dueAt).toISOString();
    log.warn(
      `notification ${event.type} not delivered (attempt ${attempt}): retried in ${Math.round(delay / 1000)} s${secretHint(result.outcome)}`,
      { ...fields, next_attempt_at },
    );
    return { outcome: 'failed', next: { ...event, status: 'pending', attempts: attempt, next_attempt_at } };
  }

  /** POSTs the event, signed for this attempt by every secret, stamped with the real time. */
  async #post(event: NotificationRecord): Promise<Posted> {
    const body = JSON.stringify({
      type: event.type,
      timestamp: event.created_at,
      livemode: event.livemode,
      data: event.data,
    });
    const timestamp = Math.floor(this.#wall() / 1000);
    const signed = this.#o.secrets.map((secret) => signWebhook({ secret, id: event.id, timestamp, body }));
    const headers = {
      ...signed[0],
      'webhook-signature': signed.map((h) => h['webhook-signature']).join(' '),
    };
    try {
      const answer = await this.#fetch(this.#o.url, {
        method: 'POST',
        headers: { ...headers, 'content-type': 'application/json', 'user-agent': 'pay-service' },
        body,
        redirect: 'manual',
        signal: AbortSignal.timeout(this.#o.timeoutMs),
      });
      const ok = answer.status >= 200 && answer.status < 300;
      const retryAfter = answer.headers.get('retry-after');
      return { ok, outcome: String(answer.status), retryAfter, answer: await answerStart(answer) };
    } catch (error) {
      const name = error instanceof Error ? error.name : '';
      const timedOut = name === 'TimeoutError' || name === 'AbortError';
      return { ok: false, outcome: timedOut ? 'timeout' : 'network_error', retryAfter: null, answer: null };
    }
  }
}

/** What an attempt leaves: its outcome, and the record to keep. */
interface Settled {
  outcome: AttemptOutcome;
  next: NotificationRecord;
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
