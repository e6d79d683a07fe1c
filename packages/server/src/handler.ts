// createPayHandler: the kit as one Fetch-standard handler. The options are parsed once (the core's and
// each flow's), the shared parts made once (the store, the provider side: watcher, breaker, waits;
// tokens; the outbox's deliveries and the kit's events; the stream admission), then each registered
// flow (flows/index.ts) is started on them and its routes, credit and event handlers, watch needs,
// view extras and methods gathered. One Hono app (http/router.ts) serves every route and turns every
// failure into the protocol's error body in one place. What leaves through `fetch` and `app` is a real
// Response; the node adapter alone reads the kit's answers as they are.
import { Hono, type Context } from 'hono';
import type { WebhookEvent } from '@pay-elements/api';
import { plainAnswers, realResponse } from '@pay-elements/http';
import type * as z from 'zod';
import { Deliveries } from './outbox/deliveries.js';
import { KitEvents } from './outbox/events.js';
import type { AnyFlow, FlowParts, Kit, OwedCallback, AnyKitEvent } from './flow.js';
import { flows, Options, type FlowApis, type KitEvent } from './flows/index.js';
// the flows' older counter names, for metrics.ts (which reaches the flows through the handler only)
export { deprecatedCounters } from './flows/index.js';
import { createRouter, type Route } from './http/router.js';
import { WEBHOOK_BODY_LIMIT, WIDGET_BODY_LIMIT } from './http/input.js';
import { redactingLogger, type Logger } from './log.js';
import { checkCoreOptions, parseOptions, type CoreConfig } from './options.js';
import { CircuitBreaker } from './provider/breaker.js';
import { clientKeyOrShared } from './provider/rate-limit.js';
import { PaymentWatcher } from './provider/watcher.js';
import { webhookRoutes } from './provider/webhooks.js';
import type { Commit, OutboxOwed, PayStore } from './store/contract.js';
import { MemoryStore } from './store/memory.js';
import { StreamAdmission } from './streams/admission.js';
import { TokenSigner } from './tokens.js';

/**
 * What `createPayHandler` takes: the core's options and every flow's; `onEvent` hears the declared
 * events (`KitEvent`: narrow on `type` for its data's fields).
 */
export type PayHandlerOptions = Omit<z.input<typeof Options>, 'onEvent'> & {
  onEvent?: ((event: KitEvent) => void | Promise<void>) | undefined;
};

export interface PayHandlerCore {
  /** Answers a request under the base path (anything else is a 404). */
  fetch(request: Request): Promise<Response>;
  /**
   * The same routes as a Hono app, its paths under the base path: `app.route('/', pay.app)` mounts
   * the kit in a merchant's Hono app.
   */
  app: Hono;
  /** The payment watcher: `sweep()` may be called on an interval; `idle()` waits for background work. */
  watcher: PaymentWatcher;
  /** The provider's circuit breaker (its `state` suits a health check). */
  breaker: CircuitBreaker;
  store: PayStore;
  /** Status streams open on this instance now (every flow's together). */
  readonly streams: number;
  /**
   * The instance is going away: open status streams are told to reconnect (a `retry:` hint, then a
   * clean end, so the element carries on against another instance) and new ones are refused.
   */
  drain(): void;
  /** Drains, waits for checks and deliveries under way, then closes the store. */
  close(): Promise<void>;
}

/** The kit: its core and the methods its flows add (`pay.openSession`, …). */
export type PayHandler = PayHandlerCore & FlowApis;

/** The options as the kit holds them once parsed: defaults filled in, the store made. */
type Config = z.output<typeof Options> & { store: PayStore };

/** A started flow: its name and what it added. */
interface Started {
  flow: AnyFlow;
  parts: FlowParts;
}

/** The options parsed and checked (a PayConfigError names each bad one), the store made if none was given. */
export function parseKitOptions(options: unknown): Config {
  const parsed = parseOptions(Options, options);
  checkCoreOptions(parsed);
  return { ...parsed, store: parsed.store ?? new MemoryStore() };
}

export function createPayHandler(options: PayHandlerOptions): PayHandler {
  const config = parseKitOptions(options);
  const shared = sharedParts(config);
  const started = flows.map((flow): Started => ({
    flow,
    parts: flow.start(kitFor(flow.name, shared), config),
  }));
  shared.started.push(...started);
  deliver(shared, started);
  const router = createRouter({
    routes: [...started.flatMap((s) => s.parts.routes ?? []), ...webhookRoute(shared, started)],
    basePath: config.basePath,
    allowedOrigins: new Set(config.allowedOrigins),
    logger: shared.logger,
    logFields: config.logFields,
  });
  const answer = (request: Request) => router.fetch(request);
  const fetch = Object.assign(async (request: Request) => realResponse(await answer(request)), {
    [plainAnswers]: answer,
  });
  const drain = () => {
    shared.admission.close();
    for (const s of started) s.parts.drain?.();
  };
  shared.watcher.start();
  const core: PayHandlerCore = {
    fetch,
    app: publicApp(config.basePath, fetch),
    watcher: shared.watcher,
    breaker: shared.breaker,
    store: config.store,
    get streams() {
      return shared.admission.size;
    },
    drain,
    async close() {
      drain();
      for (const s of started) await s.parts.close?.();
      await shared.watcher.close();
      await config.store.close();
    },
  };
  return Object.assign(core, ...started.map((s) => s.parts.api ?? {})) as PayHandler;
}

/** What every flow's kit shares. */
interface Shared {
  config: Config;
  logger: Logger;
  breaker: CircuitBreaker;
  watcher: PaymentWatcher;
  signer: TokenSigner;
  admission: StreamAdmission;
  streamKey: (request: Request, log: Logger) => string;
  /** the kit's events to their listeners (made once the flows have said what they listen to) */
  events: KitEvents | null;
  /** each flow topic's deliveries, by outbox topic */
  deliveries: Map<string, Deliveries>;
  /** the flows once started (filled in after they start: the watcher and extras read it) */
  started: Started[];
}

/** The shared parts, made once: the provider side, tokens, the outbox's deliveries, the streams' admission. */
function sharedParts(config: Config): Shared {
  const logger = redactingLogger(config.logger, [config.webhookSecret, config.tokenSecret].filter(isText));
  const { clock, client, store } = config;
  const breaker = new CircuitBreaker({ clock, logger, ...config.circuitBreaker });
  const started: Started[] = [];
  const deliveries = new Map<string, Deliveries>();
  let events: KitEvents | null = null;
  const watcher = new PaymentWatcher({
    client,
    records: store.records,
    flows: () => started.map((s) => ({ name: s.flow.name, ...s.parts })),
    deliveries: () => [...deliveries.values(), ...(events?.deliveries ?? [])],
    clock,
    logger,
    intervalMs: config.pollIntervalMs,
    checkTimeoutMs: config.checkTimeoutMs,
    breaker,
  });
  const shared: Shared = {
    config,
    logger,
    breaker,
    watcher,
    signer: new TokenSigner(config.tokenSecret, logger),
    admission: new StreamAdmission(config.streams.maxStreams, config.streams.maxStreamsPerClient),
    streamKey: clientKeyOrShared(config.clientKey, logger, 'status streams'),
    get events() {
      return events;
    },
    set events(made) {
      events = made;
    },
    deliveries,
    started,
  };
  return shared;
}

/**
 * The outbox's deliverers, once the flows have started: each flow's own topics (its merchant
 * callbacks, `<flow>.<topic>`), and the kit's events to the merchant's onEvent and to the flows that
 * listen to them.
 */
function deliver(shared: Shared, started: readonly Started[]): void {
  const { config, logger, deliveries } = shared;
  const { clock, store, observer } = config;
  const observe = (topic: string) =>
    observer.delivery &&
    ((seconds: number, outcome: 'delivered' | 'failed') => observer.delivery?.(topic, seconds, outcome));
  for (const { flow, parts } of started)
    for (const [own, delivery] of Object.entries(parts.deliveries ?? {})) {
      const topic = `${flow.name}.${own}`;
      deliveries.set(
        topic,
        new Deliveries({
          outbox: store.outbox,
          topic,
          names: delivery.names,
          deliver: (entry) => delivery.deliver(entry.id),
          clock,
          logger,
          leaseMs: config.onPaidRetryAfterMs,
          backoffMs: delivery.backoff ? config.eventRetryMs : undefined,
          observe: observe(topic),
        }),
      );
    }
  shared.events = new KitEvents({
    outbox: store.outbox,
    clock,
    logger,
    leaseMs: config.onPaidRetryAfterMs,
    backoffMs: config.eventRetryMs,
    merchant: config.onEvent,
    host: config.eventDeliveries,
    flows: new Map(started.flatMap(({ flow, parts }) => (parts.on ? [[flow.name, parts.on] as const] : []))),
    observe: observer.delivery && ((topic, seconds, outcome) => observer.delivery?.(topic, seconds, outcome)),
  });
}

/** The kit as the flow `name` sees it: the shared parts, with its tokens, counts and topics its own. */
function kitFor(name: string, shared: Shared): Kit {
  const { config, watcher, breaker, signer, logger } = shared;
  const { clock, store, observer } = config;
  const topic = (own: string) => `${name}.${own}`;
  const kit: Kit = {
    name,
    client: config.client,
    store,
    clock,
    logger,
    breaker,
    merchant: config.merchant,
    basePath: config.basePath,
    provider: {
      call: (kind, call) => watcher.providerCall(kind, () => breaker.run(call)),
      refresh: (payableUntil, opts) => watcher.refresh(payableUntil, opts),
      poll: () => watcher.poll(),
      intervalMs: config.pollIntervalMs,
    },
    tokens: {
      sign: (subject, expiresAt) => signer.sign(name, subject, expiresAt),
      verify: (token) => signer.verify(name, token, clock.now()),
    },
    transition: (commit) => transition(shared, topic, commit),
    changes(prefix, listener) {
      return store.changes.subscribe((changed) => {
        if (changed === '*') listener('*');
        else if (changed.startsWith(prefix)) listener(changed.slice(prefix.length));
      });
    },
    extras(view, subject) {
      const fields: Record<string, string> = {};
      for (const s of shared.started) Object.assign(fields, s.parts.extras?.[view]?.(subject));
      return fields;
    },
    count: (event) => observer.flowEvent?.(name, event),
    streams: { config: config.streams, admission: shared.admission, clientKey: shared.streamKey },
    clientKey: config.clientKey,
    claims: { timeoutMs: config.claimTimeoutMs, leaseMs: config.claimLeaseMs },
    maxBodyBytes: WIDGET_BODY_LIMIT,
  };
  return kit;
}

/**
 * Commits a flow's transition with the events it causes and the callbacks it makes owed, then starts
 * delivering them here at once.
 */
async function transition(
  shared: Shared,
  topic: (own: string) => string,
  commit: Commit & { events?: readonly AnyKitEvent[]; callbacks?: readonly OwedCallback[] },
): Promise<boolean> {
  const { config, events, deliveries } = shared;
  const now = config.clock.now();
  const owedEvents = (commit.events ?? []).flatMap((event) => events?.owed(event, now) ?? []);
  const hostWrites = events?.writes(commit.events ?? [], now) ?? [];
  const owedCallbacks: OutboxOwed[] = (commit.callbacks ?? []).map((c) => ({
    topic: topic(c.topic),
    id: c.id,
    dueAt: now + config.onPaidRetryAfterMs,
  }));
  const writes = [...(commit.writes ?? []), ...hostWrites];
  const done = await config.store.records.commit({
    ...(writes.length > 0 ? { writes } : {}),
    ...(commit.announce ? { announce: commit.announce } : {}),
    owe: [...(commit.owe ?? []), ...owedEvents, ...owedCallbacks],
  });
  if (!done) return false;
  events?.start(owedEvents);
  for (const owed of owedCallbacks) deliveries.get(owed.topic)?.start(owed.id, owed.dueAt);
  return true;
}

/** The webhook route, when the kit has a way to verify webhooks: every flow's handlers by type. */
function webhookRoute(shared: Shared, started: readonly Started[]): Route[] {
  const { config } = shared;
  if (!config.webhookSecret && !config.webhookVerifier) return [];
  const handlers = new Map<string, (event: WebhookEvent, log: Logger) => Promise<void>>();
  for (const { parts } of started)
    for (const [type, handle] of Object.entries(parts.webhooks ?? {})) {
      const before = handlers.get(type);
      handlers.set(type, before ? async (e, log) => (await before(e, log), handle(e, log)) : handle);
    }
  return webhookRoutes({
    secret: config.webhookSecret,
    verifier: config.webhookVerifier,
    toleranceSeconds: config.webhookToleranceSeconds,
    once: config.store.once,
    retentionMs: config.webhookEventRetentionMs,
    watcher: shared.watcher,
    handlers,
    clock: config.clock,
    logger: shared.logger,
    observer: config.observer,
    maxBodyBytes: WEBHOOK_BODY_LIMIT,
  });
}

/**
 * The public app: every path under the base path to the router (its 404, 405 and preflights
 * included), its answers made real, so that a merchant's Hono app on any runtime may mount it.
 */
function publicApp(basePath: string, fetch: (request: Request) => Promise<Response>): Hono {
  const app = new Hono();
  const all = (c: Context) => fetch(c.req.raw);
  if (basePath === '') app.all('*', all);
  else app.all(basePath, all).all(`${basePath}/*`, all);
  return app;
}

function isText(value: string | undefined): value is string {
  return typeof value === 'string' && value !== '';
}

export type { CoreConfig };
