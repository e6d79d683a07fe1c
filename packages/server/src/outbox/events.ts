// Kit events (`session.paid`, …) to whoever listens: the merchant's `onEvent`, and flows that react to
// other flows' outcomes (`FlowParts.on`). An event is owed to each listener as its own outbox entry
// (topic `events.merchant`, `events.<flow>`) in the same commit as the transition that caused it, so
// it is delivered at least once each, retried on its own with a backoff, whichever instance is alive.
// The kit's host may own one more delivery of every event (`eventDeliveries`: pay-service's
// notifications): an entry of topic `events.host` per event, with the host's own record writes, in
// the same commit; the host leases and delivers those entries itself.
import type { Clock } from '../clock.js';
import { Deliveries } from './deliveries.js';
import type { AnyKitEvent } from '../flow.js';
import type { Logger } from '../log.js';
import type { Json, OutboxEntry, OutboxOwed, OutboxPart, RecordWrite } from '../store/contract.js';

export type EventHandler = (event: AnyKitEvent) => void | Promise<void>;

/** The outbox topic of the host's own delivery of every kit event (`eventDeliveries`). */
export const HOST_EVENTS_TOPIC = 'events.host';

/**
 * The host's own delivery of every kit event, on the kit's outbox: each event, of any type, is owed
 * on topic HOST_EVENTS_TOPIC (the event its payload, due at once) with `writes(event, now)`, in the
 * commit of the transition that causes it. The host leases, delivers and settles those entries
 * itself (`store.outbox`: due, lease, done), on its own schedule; `owed` tells it of new ones.
 */
export interface EventDeliveries {
  /** records the host keeps of the event (its delivery log), written in the transition's commit */
  writes?(event: AnyKitEvent, now: number): readonly RecordWrite[];
  /** told once the commit is made: the ids of the events now owed to the host */
  owed?(ids: readonly string[]): void;
}

export interface KitEventsOptions {
  outbox: OutboxPart;
  clock: Clock;
  logger: Logger;
  /** how long a delivery under way is left alone by other instances, ms */
  leaseMs: number;
  /** the wait after each failed attempt; past the last, given up */
  backoffMs: readonly number[];
  /** the merchant's `onEvent` */
  merchant: EventHandler | undefined;
  /** each flow's handlers, by flow name and event type */
  flows: ReadonlyMap<string, Readonly<Record<string, EventHandler>>>;
  /** the host's own delivery of every event */
  host?: EventDeliveries | undefined;
  observe?: ((topic: string, seconds: number, outcome: 'delivered' | 'failed') => void) | undefined;
}

const MERCHANT = 'merchant';

/** An outbox payload read back as the event it was written from. */
export function eventOf(payload: Json): AnyKitEvent | null {
  if (typeof payload !== 'object' || payload === null || Array.isArray(payload)) return null;
  const { id, type, created_at: createdAt, data } = payload;
  if (typeof id !== 'string' || typeof type !== 'string' || typeof createdAt !== 'string') return null;
  if (typeof data !== 'object' || data === null || Array.isArray(data)) return null;
  const fields: Record<string, string | null> = {};
  for (const [name, value] of Object.entries(data)) {
    if (typeof value !== 'string' && value !== null) return null;
    fields[name] = value;
  }
  return { id, type, created_at: createdAt, data: fields };
}

export class KitEvents {
  /** who listens to each type: the listeners' topics */
  readonly #topics = new Map<string, string[]>();
  readonly #deliveries = new Map<string, Deliveries>();

  constructor(private readonly options: KitEventsOptions) {
    const listeners = new Map<string, Readonly<Record<string, EventHandler>>>(options.flows);
    for (const [listener, handlers] of listeners) {
      const topic = `events.${listener}`;
      this.#deliveries.set(topic, this.#deliveriesOf(topic, `${listener}'s event handler`, handlers));
    }
    if (options.merchant) {
      const merchant = options.merchant;
      const topic = `events.${MERCHANT}`;
      this.#deliveries.set(topic, this.#deliveriesOf(topic, 'onEvent', merchant));
    }
    for (const [listener, handlers] of listeners)
      for (const type of Object.keys(handlers)) this.#listen(type, `events.${listener}`);
  }

  /** Every topic's deliveries (swept and closed with the flows' own). */
  get deliveries(): readonly Deliveries[] {
    return [...this.#deliveries.values()];
  }

  /** The outbox entries an event is owed as at `now`: one per listener, leased to this instance. */
  owed(event: AnyKitEvent, now: number): OutboxOwed[] {
    const topics = [...(this.#topics.get(event.type) ?? [])];
    if (this.options.merchant) topics.push(`events.${MERCHANT}`);
    const payload: Json = { ...event, data: { ...event.data } };
    const owed = topics.map((topic) => ({ topic, id: event.id, dueAt: now + this.options.leaseMs, payload }));
    // due at once, leased by the host's deliverer (not this instance's)
    if (this.options.host) owed.push({ topic: HOST_EVENTS_TOPIC, id: event.id, dueAt: now, payload });
    return owed;
  }

  /** The host's records of the events, written in the commit that owes them. */
  writes(events: readonly AnyKitEvent[], now: number): RecordWrite[] {
    const host = this.options.host;
    return host?.writes ? events.flatMap((event) => host.writes?.(event, now) ?? []) : [];
  }

  /** Delivers at once what this instance's commit made owed, and tells the host of its entries. */
  start(owed: readonly OutboxOwed[]): void {
    const hosts: string[] = [];
    for (const entry of owed)
      if (entry.topic === HOST_EVENTS_TOPIC) hosts.push(entry.id);
      else this.#deliveries.get(entry.topic)?.start(entry.id, entry.dueAt, entry.payload ?? null);
    if (hosts.length > 0) this.options.host?.owed?.(hosts);
  }

  #listen(type: string, topic: string): void {
    const topics = this.#topics.get(type) ?? [];
    if (!topics.includes(topic)) topics.push(topic);
    this.#topics.set(type, topics);
  }

  #deliveriesOf(
    topic: string,
    callback: string,
    handler: EventHandler | Readonly<Record<string, EventHandler>>,
  ): Deliveries {
    const { outbox, clock, logger, leaseMs, backoffMs, observe } = this.options;
    return new Deliveries({
      outbox,
      topic,
      names: { callback, id: 'eventId' },
      clock,
      logger,
      leaseMs,
      backoffMs,
      observe: observe && ((seconds, outcome) => observe(topic, seconds, outcome)),
      async deliver(entry: OutboxEntry) {
        const event = eventOf(entry.payload);
        // an entry the kit cannot read is dropped with a line: retrying it would never help
        if (!event) {
          logger.error('an owed event is not readable; dropped', { eventId: entry.id, topic });
          return;
        }
        const handle = typeof handler === 'function' ? handler : handler[event.type];
        await handle?.(event);
      },
    });
  }
}
