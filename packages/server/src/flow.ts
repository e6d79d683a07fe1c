// The kit's unit of extension: a flow is one folder (flows/<name>/) exporting one `Flow` value. The
// core (the handler, the webhook route, the watcher, tokens, the observer, metrics) loops over the
// registered flows (flows/index.ts) and names none of them; a flow gets the shared parts (`Kit`) and
// answers what it adds (`FlowParts`): its routes, what it does with credits and provider events, what
// the watcher must read for it, the kit events it reacts to, fields it adds to other flows' views,
// and the methods it adds to the handler.
import type * as z from 'zod';
import type { PayClient, Transaction, WebhookEvent } from '@pay-elements/api';
import type { SessionMerchant } from '@pay-elements/protocol';
import type { Clock } from './clock.js';
import type { Route } from './http/router.js';
import type { Logger } from './log.js';
import type { CircuitBreaker } from './provider/breaker.js';
import type { ProviderCallKind } from './provider/watch-state.js';
import type { Commit, PayStore, RecordWrite } from './store/contract.js';
import type { StreamAdmission } from './streams/admission.js';
import type { StreamConfig } from './streams/options.js';

/**
 * What the kit tells the merchant (`onEvent`) and other flows (`FlowParts.on`) happened, of any type:
 * at least once each, through the store's outbox, by whichever instance is alive. `id` is stable per
 * event, so that a receiver that sees it twice acts once. Each type is declared by its flow
 * (`Flow.events`); `KitEvent` (flows/index.ts) is the union of them all.
 */
export interface AnyKitEvent {
  /** printable ASCII: `session.paid.ses_…` */
  id: string;
  /** `session.paid`, `session.expired`, … (each flow declares its own in `events.ts`) */
  type: string;
  /** ISO 8601: when the kit recorded it */
  created_at: string;
  /** what it is about: ids, decimal amounts, upper-case currencies, ISO times; null for none */
  data: Record<string, string | null>;
}

/** @deprecated since 0.2.0: `KitEvent` (the declared events), or `AnyKitEvent` (any type). */
export type PayEvent = AnyKitEvent;

/** One kit event a flow declares (flows/<flow>/events.ts): when it is told, and its data's fields. */
export interface EventDeclaration {
  /** when it is told, in words: "a checkout was paid" */
  when: string;
  /** said of it after its fields in the docs: "once for each account it had" */
  note?: string;
  /** its `data`: flat strings, nullable where there may be nothing; `.describe()` a field for the docs */
  data: z.ZodObject<Record<string, z.ZodString | z.ZodNullable<z.ZodString>>>;
}

/** A flow's events, by type. */
export type EventCatalogue = Readonly<Record<string, EventDeclaration>>;

/** The events of a catalogue, one member a type, each with its typed data. */
export type EventsOf<C extends EventCatalogue> = {
  [T in keyof C & string]: { id: string; type: T; created_at: string; data: z.output<C[T]['data']> };
}[keyof C & string];

/** A credit as a webhook or the watcher brings it, with what the webhook said of it. */
export interface CreditContext {
  /** the request's logger (a webhook) or the kit's (the watcher) */
  log: Logger;
  /** `webhook`: a verified provider event; `watcher`: the merchant-wide read */
  via: 'webhook' | 'watcher';
  /** the clock's now when the check started or the webhook came, ms */
  now: number;
  /** what a webhook's event said of the account and currency credited (the watcher has none) */
  account?: { reference: string; number: string; currency: string };
}

/**
 * What a flow made of a credit: `settled` (it was the flow's, nothing more can come of it),
 * `unsettled` (the flow's, but not final: read it again), `not-mine` (another flow's, or none's).
 */
export type CreditOutcome = 'settled' | 'unsettled' | 'not-mine';

/** What one merchant-wide check must read for a flow, and what it does once the read is complete. */
export interface CreditCheck {
  /** the read goes back at least to here (ms), unless the watermark says it read that far already */
  oldest: number;
  /**
   * Things ending now, or credits not yet final: the read goes back to `before` (ms) unless a
   * transaction `found` is read first, and is complete only then.
   */
  closing: readonly { before: number; found(transaction: Transaction): boolean }[];
  /** The read reached every bound: what ends now may be ended (sessions past their expiry). */
  complete?(): Promise<void>;
}

/** A delivery owed by a transition, delivered at once by the instance that committed it. */
export interface OwedCallback {
  /** the flow's own outbox topic (`FlowParts.deliveries`) */
  topic: string;
  id: string;
}

/** What a flow does with one of its outbox entries (its merchant callback). */
export interface FlowDelivery {
  /** the merchant's callback's name and the id's, for the log: `onPaid`, `sessionId` */
  names: { callback: string; id: string };
  /** delivers the entry: throws to leave it owed for a retry */
  deliver(id: string): Promise<void>;
  /**
   * A failure is retried after the kit's `eventRetryMs` waits and given up past the last (an email),
   * rather than after each lease for ever (the merchant's callback).
   */
  backoff?: boolean;
}

/** The shared parts every flow is given. */
export interface Kit {
  /** the flow's name, as registered */
  name: string;
  client: PayClient;
  store: PayStore;
  clock: Clock;
  logger: Logger;
  breaker: CircuitBreaker;
  /** who asks for the money (the kit's `merchant` option) */
  merchant: SessionMerchant | undefined;
  /** the base path the routes are mounted under (`/pay`, or `''`) */
  basePath: string;
  provider: {
    /**
     * Runs a provider call of a kind a 429 holds back for every instance (ProviderUnavailableError
     * until its Retry-After), under the circuit breaker.
     */
    call<T>(kind: ProviderCallKind, call: () => Promise<T>): Promise<T>;
    /**
     * Brings the watcher's merchant-wide check up to date for something payable until `payableUntil`
     * (ms): a check starts if one is due (`force`: now); true when one was made or joined (what it
     * found is in the store); `since` (ms): a check asked for then (a claimed session's extra reads),
     * made unless one started after it. Throws ProviderUnavailableError while the last check's failure stands
     * (under a 429 only once past `payableUntil`).
     */
    refresh(payableUntil: number, options?: { force?: boolean; since?: number }): Promise<boolean>;
    /** The merchant-wide check if one is due: what a stream of a view asks for at its interval. */
    poll(): Promise<void>;
    /** the least time between two merchant-wide checks, ms */
    intervalMs: number;
  };
  /** the flow's signed handles: signed for the flow's name only */
  tokens: {
    sign: (subject: string, expiresAt?: number) => string;
    /** the subject of a handle of this flow still valid now, else null */
    verify: (token: string) => string | null;
  };
  /**
   * Commits a transition: `commit`'s writes and announcements, the kit events it causes (owed to each
   * subscriber) and the flow's callbacks it makes owed, all or nothing; true when it happened, and
   * then this instance starts delivering them at once.
   */
  transition: (
    commit: Commit & { events?: readonly AnyKitEvent[]; callbacks?: readonly OwedCallback[] },
  ) => Promise<boolean>;
  /** hears of the change feed's names that start with `prefix` (the rest of the name), `'*'` for all */
  changes: (prefix: string, listener: (name: string) => void) => () => void;
  /** the fields other flows add to this flow's view of `subject` (a record of this flow) */
  extras: (view: string, subject: unknown) => Record<string, string>;
  /** counts something this instance did (`paid`): the observer's `flowEvent(flow, event)` */
  count: (event: string) => void;
  streams: {
    config: StreamConfig;
    admission: StreamAdmission;
    /** who a request comes from, for the per-client stream limit */
    clientKey: (request: Request, log: Logger) => string;
  };
  /** who a request comes from, for rate limits (the merchant's `clientKey`, else the socket address) */
  clientKey: ((request: Request) => string) | undefined;
  /** claims on work several instances could do at once (opening accounts) */
  claims: { timeoutMs: number; leaseMs: number };
  /** the biggest JSON body a widget route reads */
  maxBodyBytes: number;
}

/** What a flow adds to the kit once started. */
export interface FlowParts<Api extends object = object> {
  routes?: readonly Route[];
  /** A credit read by the watcher or brought by a webhook. */
  credit?(transaction: Transaction, context: CreditContext): Promise<CreditOutcome>;
  /** Provider events of these types (other than credits), verified and seen once. */
  webhooks?: Readonly<Record<string, (event: WebhookEvent, log: Logger) => Promise<void>>>;
  /** What the next merchant-wide check must read for this flow; null when nothing waits. */
  watch?(startedAt: number): Promise<CreditCheck | null>;
  /** The flow's outbox topics (its merchant callbacks), by topic. */
  deliveries?: Readonly<Record<string, FlowDelivery>>;
  /** Kit events of other flows (or its own) this flow reacts to, by type; at least once each. */
  on?: Readonly<Record<string, (event: AnyKitEvent) => Promise<void>>>;
  /** Fields this flow adds to other flows' views: view name → fields for that view's subject. */
  extras?: Readonly<Record<string, (subject: unknown) => Record<string, string>>>;
  /** Methods added to the handler (`pay.openSession`). */
  api?: Api;
  /** Open streams told to reconnect elsewhere (the instance drains). */
  drain?(): void;
  close?(): Promise<void>;
}

/**
 * A flow: its name, the options it reads (merged into createPayHandler's, each described once), and
 * how it starts on the kit's shared parts.
 */
export interface Flow<
  Shape extends z.ZodRawShape = z.ZodRawShape,
  Api extends object = object,
  Events extends EventCatalogue = Record<never, never>,
> {
  name: string;
  /** what it adds, in a line: its row of docs/architecture.md's flows table (`npm run docs:flows`) */
  about: string;
  /** the methods it adds to `pay`, with their arguments: its row of the server README's flows table */
  methods?: string;
  options: Shape;
  /** the kit events it tells (flows/<flow>/events.ts), by type */
  events?: Events;
  start(kit: Kit, options: z.output<z.ZodObject<Shape>>): FlowParts<Api>;
  /**
   * The names its counters had in an older release, kept one release more beside the names that
   * replaced them (metrics.ts exports both): by event, the old counter's name.
   */
  deprecatedCounters?: Readonly<Record<string, string>>;
}

/** A flow of any options and methods, as the registry holds them. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- each flow's own types are checked where it is defined
export type AnyFlow = Flow<any, object, EventCatalogue>;

/** A record write that creates a record that must not exist yet. */
export function create(collection: string, key: string, value: RecordWrite['value']): RecordWrite {
  return { collection, key, value, expect: 0 };
}
