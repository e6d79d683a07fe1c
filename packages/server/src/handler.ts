// createPayHandler: the kit as one Fetch-standard handler. Options are parsed once; routes come
// from the protocol's table, served by one Hono app (router.ts); every failure becomes the
// protocol's error body in one place (http.ts). What leaves through `fetch` and `app` is a real
// Response; the node adapter alone reads the kit's answers as they are (`plainAnswers`).
import { Hono, type Context } from 'hono';
import { plainAnswers, realResponse } from '@pay-elements/http';
import { WEBHOOK_BODY_LIMIT, WIDGET_BODY_LIMIT } from './http/input.js';
import { bankRoutes } from './routes/banks.js';
import { CircuitBreaker } from './provider/breaker.js';
import { eventRoutes } from './routes/session-events.js';
import { parseOptions, type PayHandlerOptions } from './options.js';
import { invoiceRoutes } from './routes/invoices.js';
import { invoiceEventRoutes } from './routes/invoice-events.js';
import { linkRoutes } from './routes/links.js';
import { redactingLogger, type Logger } from './log.js';
import { RequestLimiter } from './provider/rate-limit.js';
import { createRouter, type Route } from './http/router.js';
import { sessionDisplay } from './routes/session-view.js';
import { sessionRoutes, stableView } from './routes/sessions.js';
import type { PayStore } from './store/parts.js';
import { PaymentWatcher } from './provider/watcher.js';
import { webhookRoutes } from './routes/webhooks.js';
import { observedOnPaid, observedStore } from './observer.js';

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
  /** Status streams open on this instance now. */
  readonly streams: number;
  /**
   * The instance is going away: open status streams are told to reconnect (a `retry:` hint, then a
   * clean end, so the element carries on against another instance) and new ones are refused.
   */
  drain(): void;
  /** Drains, waits for checks and onPaid deliveries under way, then closes the store. */
  close(): Promise<void>;
}

export function createPayHandler(options: PayHandlerOptions): PayHandler {
  const config = parseOptions(options);
  const logger: Logger = redactingLogger(config.logger, config.webhookSecret ? [config.webhookSecret] : []);
  const { clock, client, observer } = config;
  // the kit's own view of the store: transitions it makes are counted for the observer
  const store = observedStore(config.store, observer);
  const onPaid = observedOnPaid(config.onPaid, observer);
  const breaker = new CircuitBreaker({
    clock,
    logger,
    failureThreshold: config.circuitBreaker.failureThreshold,
    cooldownMs: config.circuitBreaker.cooldownMs,
  });
  const watcher = new PaymentWatcher({
    client,
    store,
    clock,
    logger,
    intervalMs: config.pollIntervalMs,
    retryAfterMs: config.onPaidRetryAfterMs,
    checkTimeoutMs: config.checkTimeoutMs,
    breaker,
    onPaid,
  });
  const routes: Route[] = sessionRoutes({
    client,
    store,
    watcher,
    breaker,
    clock,
    lifespanMinutes: config.lifespanMinutes,
    maxBodyBytes: WIDGET_BODY_LIMIT,
    resolveOrder: config.resolveOrder,
    checkoutUrl: config.checkoutUrl,
    merchant: config.merchant,
    claimTimeoutMs: config.claimTimeoutMs,
    limiter: config.accountRateLimit
      ? new RequestLimiter({
          clock,
          logger,
          perClientPerMinute: config.accountRateLimit.perClientPerMinute,
          perSubjectPerMinute: config.accountRateLimit.perOrderPerMinute,
          maxKeys: config.accountRateLimit.maxKeys,
          clientKey: config.clientKey,
          what: 'account openings',
        })
      : null,
  });
  const invoices = invoiceRoutes({
    client,
    clock,
    logger,
    maxBodyBytes: WIDGET_BODY_LIMIT,
    invoiceUrl: config.invoiceUrl,
  });
  const invoiceEvents = invoiceEventRoutes({
    viewOf: invoices.viewOf,
    logger,
    streams: config.streams,
    checkIntervalMs: Math.max(config.pollIntervalMs, 1000),
    maxBodyBytes: WIDGET_BODY_LIMIT,
  });
  routes.push(
    ...invoices.routes,
    ...invoiceEvents.routes,
    ...linkRoutes({
      client,
      clock,
      logger,
      maxBodyBytes: WIDGET_BODY_LIMIT,
      cacheMs: config.linkCacheMs,
      currency: config.linkCurrency,
    }),
    ...bankRoutes({
      client,
      clock,
      logger,
      maxBodyBytes: WIDGET_BODY_LIMIT,
      cacheMs: config.bankCacheMs,
      suggestions: config.bankSuggestions,
      clientKey: config.clientKey,
    }),
  );
  const events = eventRoutes({
    store,
    watcher,
    clock,
    logger,
    streams: config.streams,
    checkIntervalMs: config.pollIntervalMs,
    maxBodyBytes: WIDGET_BODY_LIMIT,
    // the same view (display fields included) as the status route, so event ids are its ETags
    view: (session) =>
      Promise.resolve(stableView(session, config.checkoutUrl, sessionDisplay(config.merchant, session))),
    clientKey: config.clientKey,
  });
  routes.push(...events.routes);
  if (config.webhookSecret || config.webhookVerifier) {
    routes.push(
      ...webhookRoutes({
        secret: config.webhookSecret,
        verifier: config.webhookVerifier,
        toleranceSeconds: config.webhookToleranceSeconds,
        store,
        watcher,
        clock,
        observer,
        maxBodyBytes: WEBHOOK_BODY_LIMIT,
        onInvoicePaid: (number) => invoiceEvents.hub?.changed(number),
      }),
    );
  }
  const router = createRouter({
    routes,
    basePath: config.basePath,
    allowedOrigins: new Set(config.allowedOrigins),
    logger,
    logFields: config.logFields,
  });
  const answer = (request: Request) => router.fetch(request);
  const fetch = Object.assign(async (request: Request) => realResponse(await answer(request)), {
    [plainAnswers]: answer,
  });
  // The public app: every path under the base path to the router (its 404, 405 and preflights
  // included), its answers made real, so that a merchant's Hono app on any runtime may mount it.
  const app = new Hono();
  const all = (c: Context) => fetch(c.req.raw);
  if (config.basePath === '') app.all('*', all);
  else app.all(config.basePath, all).all(`${config.basePath}/*`, all);

  watcher.start();
  return {
    fetch,
    app,
    watcher,
    breaker,
    store: config.store,
    get streams() {
      return events.hub?.size ?? 0;
    },
    drain() {
      events.hub?.close();
    },
    async close() {
      events.hub?.close();
      invoiceEvents.hub?.close();
      await watcher.close();
      await config.store.close();
    },
  };
}
