// createPayHandler: the kit as one Fetch-standard handler, put together from its rooms: the options
// parsed once (options.ts), the provider side (watcher, breaker, account openings), the routes of
// each flow (routes/), their status streams (streams/), all served by one Hono app (http/router.ts)
// that turns every failure into the protocol's error body in one place. What leaves through `fetch`
// and `app` is a real Response; the node adapter alone reads the kit's answers as they are.
import { Hono, type Context } from 'hono';
import { plainAnswers, realResponse } from '@pay-elements/http';
import { Deliveries } from './deliveries.js';
import { createRouter, type Route } from './http/router.js';
import { WEBHOOK_BODY_LIMIT, WIDGET_BODY_LIMIT } from './http/input.js';
import { redactingLogger, type Logger } from './log.js';
import { observedOnPaid, observedStore } from './observer.js';
import { parseOptions, type PayHandlerConfig, type PayHandlerOptions } from './options.js';
import { AccountOpener } from './provider/accounts.js';
import { CircuitBreaker } from './provider/breaker.js';
import { clientKeyOrShared, RequestLimiter } from './provider/rate-limit.js';
import { PaymentWatcher } from './provider/watcher.js';
import { bankRoutes } from './routes/banks.js';
import { invoiceEventRoutes } from './routes/invoice-events.js';
import { finalInvoice, type StableInvoiceView } from './routes/invoice-view.js';
import { InvoiceViews, invoiceRoutes } from './routes/invoices.js';
import { linkRoutes } from './routes/links.js';
import { OrderSessions } from './routes/order-sessions.js';
import { sessionEventRoutes } from './routes/session-events.js';
import { sessionDisplay, stableView } from './routes/session-view.js';
import { sessionRoutes } from './routes/sessions.js';
import { webhookRoutes } from './routes/webhooks.js';
import {
  fundingChange,
  type DepositRecord,
  type FundingPart,
  type PayStore,
  type SessionRecord,
} from './store/parts.js';

const FUNDING_CHANGE = fundingChange('');
import { StreamAdmission } from './streams/admission.js';
import { ViewHub } from './streams/view-hub.js';
import { SessionHub } from './streams/session-hub.js';
import { TokenSigner } from './tokens.js';
import { PayError } from './errors.js';
import { FundingAccounts } from './funding/accounts.js';
import { DepositBook } from './funding/deposits.js';
import type { StableFundingView } from './funding/view.js';
import { FundingViews, fundingRoutes } from './routes/funding.js';

export interface PayHandler {
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
  /** Status streams open on this instance now (sessions and invoices together). */
  readonly streams: number;
  /**
   * The invoice's handle for a browser: `GET {basePath}/invoices/{token}`, `<pay-invoice-view
   * invoice="{token}">`, a hosted page's URL. Unguessable; the number alone opens nothing.
   */
  invoiceToken(invoiceNumber: string): string;
  /**
   * A customer's handle for a browser (`funding` on): `GET {basePath}/funding/{token}`,
   * `<pay-funding-account token="{token}">`, a hosted page's URL. Signed for that customer only, it
   * opens the page until `expiresInSeconds` (default the `funding.tokenTtlSeconds` option) pass.
   */
  fundingToken(customerId: string, options?: { expiresInSeconds?: number }): string;
  /**
   * The instance is going away: open status streams are told to reconnect (a `retry:` hint, then a
   * clean end, so the element carries on against another instance) and new ones are refused.
   */
  drain(): void;
  /** Drains, waits for checks and onPaid deliveries under way, then closes the store. */
  close(): Promise<void>;
}

/** What every part of the kit shares: the options, the store as the kit sees it, the provider side. */
interface Core {
  config: PayHandlerConfig;
  logger: Logger;
  store: PayStore;
  breaker: CircuitBreaker;
  watcher: PaymentWatcher;
  tokens: TokenSigner;
  admission: StreamAdmission;
  invoices: InvoiceViews;
  /** a session's view as the status route answers it (without server_time) */
  sessionView: (session: SessionRecord) => Promise<object>;
  /** customers' own accounts, with the `funding` option */
  funding: KitFunding | null;
  sessionHub: SessionHub;
  invoiceHub: ViewHub<StableInvoiceView>;
}

/** Customers' own accounts: their views, their stream hub, and where deposits are recorded. */
interface KitFunding {
  views: FundingViews;
  hub: ViewHub<StableFundingView>;
  deposits: { funding: FundingPart; book: DepositBook };
  /** stops hearing of deposits from the store's change feed */
  unsubscribe: () => void;
}

export function createPayHandler(options: PayHandlerOptions): PayHandler {
  const core = kitCore(parseOptions(options));
  const { config, watcher, breaker, tokens, admission } = core;
  const router = createRouter({
    routes: kitRoutes(core),
    basePath: config.basePath,
    allowedOrigins: new Set(config.allowedOrigins),
    logger: core.logger,
    logFields: config.logFields,
  });
  const answer = (request: Request) => router.fetch(request);
  const fetch = Object.assign(async (request: Request) => realResponse(await answer(request)), {
    [plainAnswers]: answer,
  });
  const drain = () => {
    admission.close();
    core.sessionHub.close();
    core.invoiceHub.close();
    core.funding?.hub.close();
  };
  watcher.start();
  return {
    fetch,
    app: publicApp(config.basePath, fetch),
    watcher,
    breaker,
    store: config.store,
    get streams() {
      return admission.size;
    },
    invoiceToken: (invoiceNumber) => tokens.sign('invoice', invoiceNumber),
    fundingToken(customerId, { expiresInSeconds } = {}) {
      if (!config.funding) throw new PayError('fundingToken: the kit has no funding option');
      const ttl = expiresInSeconds ?? config.funding.tokenTtlSeconds;
      return tokens.sign('funding', customerId, config.clock.now() + ttl * 1000);
    },
    drain,
    async close() {
      drain();
      core.funding?.unsubscribe();
      await watcher.close();
      await config.store.close();
    },
  };
}

/** The options put to work: the store as the kit uses it, the provider side, the stream hubs. */
function kitCore(config: PayHandlerConfig): Core {
  const logger = redactingLogger(config.logger, [config.webhookSecret, config.tokenSecret].filter(isText));
  const { clock, client, observer } = config;
  // the kit's own view of the store: transitions it makes are counted for the observer
  const store = observedStore(config.store, observer);
  const breaker = new CircuitBreaker({ clock, logger, ...config.circuitBreaker });
  const deliveries = new Deliveries<SessionRecord>({
    outbox: store.outbox,
    kind: 'paid',
    names: { callback: 'onPaid', id: 'sessionId' },
    load: (id) => store.sessions.get(id),
    callback: observedOnPaid(config.onPaid, observer),
    clock,
    logger,
    retryAfterMs: config.onPaidRetryAfterMs,
  });
  const depositDeliveries = store.funding
    ? new Deliveries<DepositRecord>({
        outbox: store.outbox,
        kind: 'deposit',
        names: { callback: 'onDeposit', id: 'depositId' },
        load: (id) => store.funding?.getDeposit(id) ?? Promise.resolve(null),
        callback: config.onDeposit,
        clock,
        logger,
        retryAfterMs: config.onPaidRetryAfterMs,
      })
    : null;
  const deposits =
    config.funding && store.funding && depositDeliveries
      ? {
          funding: store.funding,
          book: new DepositBook({ funding: store.funding, deliveries: depositDeliveries, clock, observer }),
        }
      : undefined;
  const watcher = new PaymentWatcher({
    client,
    sessions: store.sessions,
    watch: store.watch,
    deliveries,
    ...(deposits && depositDeliveries ? { deposits, otherDeliveries: [depositDeliveries] } : {}),
    clock,
    logger,
    intervalMs: config.pollIntervalMs,
    retryAfterMs: config.onPaidRetryAfterMs,
    checkTimeoutMs: config.checkTimeoutMs,
    breaker,
  });
  const { streams } = config;
  const tokens = new TokenSigner(config.tokenSecret, logger);
  const invoices = new InvoiceViews({ client, clock, logger, invoiceUrl: config.invoiceUrl, tokens });
  // the same view (display fields included) as the status route, so event ids are its ETags
  const sessionView = (session: SessionRecord) =>
    Promise.resolve(stableView(session, config.checkoutUrl, sessionDisplay(config.merchant, session)));
  return {
    config,
    logger,
    store,
    breaker,
    watcher,
    tokens,
    funding: deposits ? kitFunding(config, { store, watcher, breaker, tokens, logger, deposits }) : null,
    admission: new StreamAdmission(streams.maxStreams, streams.maxStreamsPerClient),
    invoices,
    sessionView,
    sessionHub: new SessionHub({
      sessions: store.sessions,
      changes: store.changes,
      watcher,
      clock,
      logger,
      scheduler: streams.scheduler,
      checkIntervalMs: Math.max(config.pollIntervalMs, 1000),
      heartbeatMs: streams.heartbeatMs,
      view: sessionView,
    }),
    invoiceHub: new ViewHub({
      event: 'invoice',
      viewOf: (number) => invoices.viewOf(number),
      final: finalInvoice,
      logger,
      streams,
      checkIntervalMs: Math.max(config.pollIntervalMs, 1000),
    }),
  };
}

/** Customers' own accounts put together: their opening, views, stream hub and deposits heard of. */
function kitFunding(
  config: PayHandlerConfig,
  parts: Pick<Core, 'store' | 'watcher' | 'breaker' | 'tokens' | 'logger'> & {
    deposits: KitFunding['deposits'];
  },
): KitFunding {
  const { store, watcher, breaker, tokens, logger, deposits } = parts;
  const options = config.funding;
  if (!options) throw new PayError('funding is off');
  const accounts = new FundingAccounts({
    funding: deposits.funding,
    client: config.client,
    watcher,
    breaker,
    clock: config.clock,
    currencies: options.currencies,
    customer: options.customer,
    claimTimeoutMs: config.claimTimeoutMs,
    claimLeaseMs: config.claimLeaseMs,
  });
  const views = new FundingViews({
    funding: deposits.funding,
    accounts,
    tokens,
    clock: config.clock,
    logger,
    recentDeposits: options.recentDeposits,
  });
  const hub = new ViewHub<StableFundingView>({
    event: 'funding',
    viewOf: (customerId) => views.viewOf(customerId),
    // the watcher's merchant-wide check, when due, finds deposits whose webhook did not come
    beforeCheck: () => watcher.poll(),
    logger,
    streams: config.streams,
    checkIntervalMs: Math.max(config.pollIntervalMs, 1000),
  });
  // a deposit recorded by this instance or (PostgreSQL) another reaches the streams held here at once
  const unsubscribe =
    store.changes?.subscribe((id) => {
      if (id === '*') hub.changed('*');
      else if (id.startsWith(FUNDING_CHANGE)) hub.changed(id.slice(FUNDING_CHANGE.length));
    }) ?? (() => undefined);
  return { views, hub, deposits, unsubscribe };
}

/** Every route of the kit, from the protocol's table. */
function kitRoutes(core: Core): Route[] {
  const { config, logger, store, watcher, admission, invoices } = core;
  const { clock, client } = config;
  const maxBodyBytes = WIDGET_BODY_LIMIT;
  const streamKey = clientKeyOrShared(config.clientKey, logger, 'status streams');
  const routes: Route[] = [
    ...sessionRoutes({
      sessions: store.sessions,
      orders: orderSessions(core),
      watcher,
      clock,
      maxBodyBytes,
      resolveOrder: config.resolveOrder,
      checkoutUrl: config.checkoutUrl,
      merchant: config.merchant,
    }),
    ...invoiceRoutes({ views: invoices, maxBodyBytes }),
    ...linkRoutes({
      client,
      clock,
      logger,
      maxBodyBytes,
      cacheMs: config.linkCacheMs,
      currency: config.linkCurrency,
    }),
    ...bankRoutes({
      client,
      clock,
      logger,
      maxBodyBytes,
      cacheMs: config.bankCacheMs,
      suggestions: config.bankSuggestions,
      clientKey: config.clientKey,
    }),
  ];
  if (config.streams.enabled)
    routes.push(
      ...sessionEventRoutes({
        sessions: store.sessions,
        hub: core.sessionHub,
        admission,
        streams: config.streams,
        maxBodyBytes,
        view: core.sessionView,
        clientKey: streamKey,
      }),
      ...invoiceEventRoutes({
        hub: core.invoiceHub,
        admission,
        streams: config.streams,
        maxBodyBytes,
        numberOf: (token) => invoices.numberOf(token),
        viewOf: (number, log) => invoices.viewOf(number, log),
        clientKey: streamKey,
      }),
    );
  if (core.funding)
    routes.push(
      ...fundingRoutes({
        views: core.funding.views,
        hub: config.streams.enabled ? core.funding.hub : null,
        admission,
        streams: config.streams,
        maxBodyBytes,
        clientKey: streamKey,
      }),
    );
  if (config.webhookSecret || config.webhookVerifier)
    routes.push(
      ...webhookRoutes({
        secret: config.webhookSecret,
        verifier: config.webhookVerifier,
        toleranceSeconds: config.webhookToleranceSeconds,
        sessions: store.sessions,
        webhookEvents: store.webhookEvents,
        retentionMs: config.webhookEventRetentionMs,
        watcher,
        clock,
        logger,
        observer: config.observer,
        maxBodyBytes: WEBHOOK_BODY_LIMIT,
        onInvoicePaid: (number) => core.invoiceHub.changed(number),
        deposits: core.funding?.deposits,
      }),
    );
  return routes;
}

/** An order's one session and its renewals: account openings under claims, limited per client and order. */
function orderSessions(core: Core): OrderSessions {
  const { config, logger, store, watcher, breaker } = core;
  const { clock } = config;
  const limits = config.accountRateLimit;
  return new OrderSessions({
    sessions: store.sessions,
    opener: new AccountOpener({
      client: config.client,
      watcher,
      breaker,
      lifespanMinutes: config.lifespanMinutes,
      // the opening gives up a little before a waiting request does, so that it can take over
      timeoutMs: Math.floor(config.claimTimeoutMs * 0.8),
    }),
    watcher,
    clock,
    limiter: limits
      ? new RequestLimiter({
          clock,
          logger,
          perClientPerMinute: limits.perClientPerMinute,
          perSubjectPerMinute: limits.perOrderPerMinute,
          maxKeys: limits.maxKeys,
          clientKey: config.clientKey,
          what: 'account openings',
        })
      : null,
    claimTimeoutMs: config.claimTimeoutMs,
    claimLeaseMs: config.claimLeaseMs,
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
