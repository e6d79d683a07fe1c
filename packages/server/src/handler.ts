// createPayHandler: the kit as one Fetch-standard handler. Options are parsed once; routes come
// from a table; every failure becomes the protocol's error body in one place (http.ts).
import {
  corsHeaders,
  CORS_ALLOW_HEADERS,
  errorResponse,
  HttpError,
  WEBHOOK_BODY_LIMIT,
  WIDGET_BODY_LIMIT,
  withHeaders,
} from './http.js';
import { bankRoutes } from './banks.js';
import { CircuitBreaker } from './breaker.js';
import { eventRoutes } from './events.js';
import { parseOptions, type PayHandlerOptions } from './config.js';
import { invoiceRoutes } from './invoices.js';
import { linkRoutes } from './links.js';
import { redactingLogger, type Logger } from './log.js';
import { RequestLimiter } from './rate-limit.js';
import { Router, type Route } from './router.js';
import { sessionDisplay } from './session-display.js';
import { sessionRoutes, stableView } from './sessions.js';
import type { SessionStore } from './store/types.js';
import { PaymentWatcher } from './watcher.js';
import { webhookRoutes } from './webhooks.js';

export interface PayHandler {
  /** Answers a request under the base path (anything else is a 404). */
  fetch(request: Request): Promise<Response>;
  /** The payment watcher: `sweep()` may be called on an interval; `idle()` waits for background work. */
  watcher: PaymentWatcher;
  /** The provider's circuit breaker (its `state` suits a health check). */
  breaker: CircuitBreaker;
  store: SessionStore;
  /** Waits for checks and onPaid deliveries under way, then closes the store. */
  close(): Promise<void>;
}

export function createPayHandler(options: PayHandlerOptions): PayHandler {
  const config = parseOptions(options);
  const logger: Logger = redactingLogger(config.logger, config.webhookSecret ? [config.webhookSecret] : []);
  const { store, clock, client } = config;
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
    onPaid: config.onPaid,
  });
  const routes: Route[] = sessionRoutes({
    client,
    store,
    watcher,
    breaker,
    clock,
    logger,
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
  routes.push(
    ...invoiceRoutes({
      client,
      clock,
      logger,
      maxBodyBytes: WIDGET_BODY_LIMIT,
      invoiceUrl: config.invoiceUrl,
    }),
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
        logger,
        maxBodyBytes: WEBHOOK_BODY_LIMIT,
      }),
    );
  }
  const router = new Router(routes);
  const origins = new Set(config.allowedOrigins);
  const basePath = config.basePath;

  function relativePath(pathname: string): string | null {
    if (basePath === '') return pathname;
    if (pathname === basePath) return '/';
    return pathname.startsWith(`${basePath}/`) ? pathname.slice(basePath.length) : null;
  }

  async function dispatch(request: Request): Promise<Response> {
    const path = relativePath(new URL(request.url).pathname);
    if (path === null) throw new HttpError('not_found', 'No such route.');
    const method = request.method.toUpperCase();
    if (method === 'OPTIONS') return preflight(request, path);
    const match = router.match(method, path);
    if (match.kind === 'not-found') throw new HttpError('not_found', 'No such route.');
    if (match.kind === 'wrong-method') {
      throw new HttpError('method_not_allowed', `Use ${match.allow.join(' or ')} on this route.`, {
        headers: { allow: [...match.allow, 'OPTIONS'].join(', ') },
      });
    }
    const declared = request.headers.get('content-length');
    if (declared !== null && Number(declared) > match.route.maxBodyBytes)
      throw new HttpError(
        'payload_too_large',
        `The request body is larger than ${match.route.maxBodyBytes} bytes.`,
      );
    return match.route.handle({ request, params: match.params });
  }

  function preflight(request: Request, path: string): Response {
    const match = router.match('OPTIONS', path);
    if (match.kind !== 'wrong-method') throw new HttpError('not_found', 'No such route.');
    const allow = [...match.allow, 'OPTIONS'].join(', ');
    const headers: Record<string, string> = { allow };
    const origin = request.headers.get('origin');
    const asked = request.headers.get('access-control-request-method')?.toUpperCase();
    if (origin && origins.has(origin) && asked && allow.split(', ').includes(asked)) {
      headers['access-control-allow-methods'] = allow;
      headers['access-control-allow-headers'] = CORS_ALLOW_HEADERS;
      headers['access-control-max-age'] = '600';
    }
    return new Response(null, { status: 204, headers });
  }

  async function handle(request: Request): Promise<Response> {
    let response: Response;
    try {
      response = await dispatch(request);
    } catch (error) {
      let path = request.url;
      try {
        path = new URL(request.url).pathname;
      } catch {
        // keep the raw URL
      }
      response = errorResponse(error, logger, { method: request.method, path });
    }
    return withHeaders(response, { ...corsHeaders(request.headers.get('origin'), origins), vary: 'Origin' });
  }

  watcher.start();
  return {
    fetch: handle,
    watcher,
    breaker,
    store,
    async close() {
      events.hub?.close();
      await watcher.close();
      await store.close();
    },
  };
}
