// server-example: the kit mounted at /pay, the demo site at /, the hosted checkout page at
// /checkout/{id}, the hosted invoice pay page at /invoices/{number}, the elements' script-tag files
// at /cdn/, and (with the emulator only) the demo's sandbox buttons under /demo-api. With no
// provider key it starts the emulator in the same process, sharing one clock with the kit, so that
// the emulator's /_sandbox/clock moves the kit's time too. The same checkout and gallery are also
// served locked down, under /locked-down/: nonce-based CSP, Trusted Types, cross-origin isolation.
// The kit's sessions and the emulator's state share one lifetime (lifetime.ts): with the in-process
// emulator both start fresh, and POST /demo-api/reset empties both together.
import type { IncomingMessage, Server } from 'node:http';
import { fileURLToPath } from 'node:url';
import { Hono, type Context } from 'hono';
import { PayClient, type FetchLike } from '@pay-elements/api';
import {
  createClock,
  DEFAULT_API_KEY,
  DEFAULT_WEBHOOK_SECRET,
  SandboxControl,
  startSandbox,
  fixtures,
  type Sandbox,
  type SandboxClock,
} from '@pay-elements/sandbox';
import {
  addressKey,
  createHealth,
  createPayHandler,
  describeError,
  errorAnswer,
  isCrossSite as isCrossSiteRequest,
  isStoreUnavailable,
  redactingLogger,
  type Logger,
  type PayHandler,
  type PayStore,
} from '@pay-elements/server';
import { toNodeListener } from '@pay-elements/server/node';
import type { ExampleConfig } from './config.js';
import { forwardedClient } from './headers.js';
import { demoMerchant, demoOrderResolver, demoOrders } from './orders.js';
import { checkoutPage, checkoutView, renewFromPage } from './checkout-page.js';
import { invoicePage } from './invoice-page.js';
import { demoLifetime } from './lifetime.js';
import { createLogger, nameRequest, requestFields } from './logging.js';
import { startMetrics } from './metrics.js';
import { closeServer, within } from './shutdown.js';
import { siteFiles } from './site-files.js';
import { pageCompression } from './compression.js';
import { demoApi } from './demo-api.js';
import { json, segment } from './http.js';
import { listen, type Gate } from './gate.js';
import { openStore, sandboxDataFile } from './stores.js';

export interface AppOptions {
  /** where the built demo is; default demo/dist of this repository */
  staticRoot?: string;
  /** the elements' script-tag files, served under /cdn/; default packages/elements/dist/cdn */
  cdnRoot?: string;
  /** the emulator's clock (emulator mode); default real time that /_sandbox/clock can move */
  clock?: SandboxClock;
  logger?: Logger;
  /**
   * a store to use instead of the one PAY_DB names, or how to open it (a pool may connect first);
   * POST /demo-api/reset cannot empty it
   */
  store?: PayStore | (() => Promise<PayStore>);
  /** called after the kit marks a session paid */
  onPaid?: (sessionId: string) => void;
  /** the provider client's fetch (default the global one); a benchmark counts provider calls through it */
  providerFetch?: FetchLike;
}

export interface App {
  url: string;
  /** the emulator, when there is no provider key */
  sandbox: Sandbox | null;
  /** the Prometheus metrics URL, when PAY_METRICS_PORT is set */
  metricsUrl: string | null;
  /** the kit (a new one after each POST /demo-api/reset) */
  readonly pay: PayHandler;
  server: Server;
  /**
   * Drains and stops: readiness answers 503 at once, open status streams are told to reconnect, the
   * listener takes no new connection, requests under way and onPaid deliveries finish (within
   * PAY_SHUTDOWN_GRACE_MS), then the store closes. Resolves to whether everything finished in time.
   */
  close(): Promise<boolean>;
}

/** Signs the demo's links with the emulator (the configuration refuses a provider without its own). */
const DEMO_TOKEN_SECRET = 'pay-elements demo: links signed with the emulator only';

const defaultStaticRoot = fileURLToPath(new URL('../../demo/dist', import.meta.url));
const defaultCdnRoot = fileURLToPath(new URL('../../packages/elements/dist/cdn', import.meta.url));

export async function startApp(config: ExampleConfig, options: AppOptions = {}): Promise<App> {
  // one logger for the kit and for server-example's own lines, no secret in either
  const secrets = [config.PAY_API_KEY, config.PAY_WEBHOOK_SECRET].filter((s): s is string => Boolean(s));
  const logger = redactingLogger(options.logger ?? createLogger(config.PAY_LOG_FORMAT), secrets);
  const gate = await listen(config);
  try {
    return await startBehind(gate, config, { ...options, logger });
  } catch (error) {
    gate.fail(error);
    gate.server.closeAllConnections();
    gate.server.close();
    throw error;
  }
}

async function startBehind(gate: Gate, config: ExampleConfig, options: AppOptions): Promise<App> {
  const staticRoot = options.staticRoot ?? defaultStaticRoot;
  const log = options.logger ?? createLogger(config.PAY_LOG_FORMAT);
  const cdnRoot = options.cdnRoot ?? defaultCdnRoot;
  const { server } = gate;
  const address = server.address();
  if (address === null || typeof address === 'string') throw new Error('not a TCP server');
  const port = address.port;
  const url = config.PUBLIC_URL?.replace(/\/+$/, '') ?? `http://${config.HOST}:${port}`;

  const metrics = await startMetrics(config);
  const providerFetch = metrics
    ? metrics.metrics.instrumentFetch(options.providerFetch)
    : options.providerFetch;
  let sandbox: Sandbox | null = null;
  let client: PayClient;
  let customerId: string;
  let webhookSecret: string | undefined;
  if (config.PAY_API_KEY && config.PAY_BASE_URL) {
    client = new PayClient({
      apiKey: config.PAY_API_KEY,
      baseUrl: config.PAY_BASE_URL,
      ...(providerFetch ? { fetch: providerFetch } : {}),
    });
    customerId = config.PAY_DEMO_CUSTOMER_ID ?? '';
    webhookSecret = config.PAY_WEBHOOK_SECRET;
  } else {
    sandbox = await startSandbox({
      port: config.PAY_SANDBOX_PORT,
      host: config.HOST,
      clock: options.clock ?? createClock(),
      webhookUrl: `http://${config.HOST}:${port}/pay/webhooks`,
      webhookSecret: DEFAULT_WEBHOOK_SECRET,
      dataFile: sandboxDataFile(config),
    });
    client = new PayClient({
      apiKey: DEFAULT_API_KEY,
      baseUrl: sandbox.url,
      timeout: 5_000,
      ...(providerFetch ? { fetch: providerFetch } : {}),
    });
    customerId = config.PAY_DEMO_CUSTOMER_ID ?? fixtures.customers.ada.id;
    webhookSecret = DEFAULT_WEBHOOK_SECRET;
  }
  const control = sandbox ? new SandboxControl(sandbox.url, DEFAULT_API_KEY) : null;
  const lifetime = demoLifetime({
    inProcessEmulator: sandbox !== null,
    emulatorKeepsState: sandboxDataFile(config) !== undefined,
  });

  function createKit(store: PayStore): PayHandler {
    return createPayHandler({
      client,
      store,
      resolveOrder: demoOrderResolver(customerId, url),
      merchant: demoMerchant(url),
      onPaid: async (session) => {
        if (config.PAY_DEMO_FULFIL_MS > 0) {
          log.info(`order ${session.orderId} fulfilling (session ${session.id})`, { session_id: session.id });
          await new Promise((resolve) => setTimeout(resolve, config.PAY_DEMO_FULFIL_MS));
        }
        log.info(`order ${session.orderId} paid (session ${session.id})`, { session_id: session.id });
        options.onPaid?.(session.id);
      },
      pollIntervalMs: config.PAY_POLL_INTERVAL_MS,
      onPaidRetryAfterMs: config.PAY_ONPAID_RETRY_AFTER_MS,
      lifespanMinutes: config.PAY_LIFESPAN_MINUTES,
      basePath: '/pay',
      ...(sandbox ? { clock: sandbox.clock } : {}),
      ...(webhookSecret ? { webhookSecret } : {}),
      ...(options.logger ? { logger: options.logger } : {}),
      // the request's id (nameRequest set it as the request arrived) on the kit's lines
      logFields: requestFields,
      ...(metrics ? { observer: metrics.metrics.observer } : {}),
      checkoutUrl: (id) => `${url}/checkout/${encodeURIComponent(id)}`,
      invoiceUrl: (token) => `${url}/invoices/${token}`,
      // with the emulator, a demo secret that survives restarts (links stay good); a provider needs its own
      tokenSecret: config.PAY_TOKEN_SECRET ?? DEMO_TOKEN_SECRET,
      bankSuggestions: { enabled: true, perMinute: 10 },
      linkCurrency: 'NGN',
      // behind a proxy, the shopper is the address the nearest proxy saw, not the proxy itself
      ...(config.TRUST_PROXY
        ? {
            clientKey: (request: Request) => {
              const client = forwardedClient(request.headers.get('x-forwarded-for'));
              return client ? addressKey(client) : '';
            },
          }
        : {}),
    });
  }

  let pay = createKit(
    typeof options.store === 'function'
      ? await options.store()
      : (options.store ?? (await openStore(config, lifetime === 'fresh', options.logger))),
  );
  const store = () => pay.store;
  metrics?.metrics.track(() => pay);
  // readiness follows the kit of the moment (a new one after each reset)
  const health = createHealth({
    get store() {
      return pay.store;
    },
    drain: () => pay.drain(),
  });

  /**
   * POST /demo-api/reset: the emulator back to its seed and the kit with no sessions, together, so
   * that every demo order can be paid again. A store given by the embedding code is not ours to empty.
   */
  async function resetDemo(): Promise<Response> {
    if (!control) return errorAnswer('not_found', 'Only with the emulator.');
    if (options.store || config.PAY_DATABASE_URL)
      return errorAnswer('conflict', 'The session store is shared, not ours to empty.');
    await control.reset();
    const previous = pay;
    await previous.close();
    pay = createKit(await openStore(config, true, options.logger));
    kitListener = toNodeListener(pay, { headers: headersFor });
    return json(200, { reset: true });
  }

  const { page, checkoutNotFound, lockedDownPage, cdnFile, siteFile } = siteFiles({
    staticRoot,
    cdnRoot,
    origin: new URL(url).origin,
  });

  /**
   * A state-changing request a browser sent from another site is refused, whatever its content type
   * (a `text/plain` form post needs no preflight): the kit's rule, this server's public origin its own.
   * Provider webhooks and other servers send neither header.
   */
  const ownOrigin = new Set([new URL(url).origin]);
  function isCrossSite(request: Request): boolean {
    const method = request.method.toUpperCase();
    if (method === 'GET' || method === 'HEAD' || method === 'OPTIONS') return false;
    return isCrossSiteRequest(request, ownOrigin);
  }

  // The demo's sandbox buttons: POST only, a JSON body (or none), the emulator only.
  const crossSiteRefused = () => errorAnswer('forbidden', 'Cross-site requests are refused.');
  const failed = (error: unknown, c: Context) => {
    log.error('handler failed', { ...requestFields(c.req.raw), error: describeError(error) });
    return errorAnswer('internal', 'Something went wrong on our side.');
  };

  // The site: one router; handlers run in the order they are added.
  const app = new Hono();
  app.use('*', pageCompression);
  app.use('*', async (c, next) => {
    if (isCrossSite(c.req.raw)) return crossSiteRefused();
    await next();
  });
  app.get('/demo-api', () => json(200, { sandbox: Boolean(sandbox), orders: demoOrders }));
  app.route(
    '/demo-api',
    demoApi({ emulator: sandbox && control ? { sandbox, control } : null, store, reset: resetDemo }),
  );
  // "Get a new account" with script off: the kit renews, the page shows the new account
  app.post('/checkout/:id/renew', async (c) => {
    const id = segment(c.req.param('id'));
    if (!(await store().sessions.get(id))) return checkoutNotFound();
    await renewFromPage({
      id,
      origin: `http://${config.HOST}:${port}`,
      pay,
      requestId: c.req.header('x-request-id'),
    });
    return c.redirect(`/checkout/${encodeURIComponent(id)}`, 303);
  });
  app.use('*', async (c, next) => {
    const method = c.req.method;
    if (method !== 'GET' && method !== 'HEAD')
      return new Response('Method not allowed', { status: 405, headers: { allow: 'GET, HEAD' } });
    await next();
  });
  app.get('/healthz', () => health.live());
  app.get('/readyz', () => health.ready());
  app.get('/demo-config.json', () => json(200, { sandbox: Boolean(sandbox), orders: demoOrders }));
  app.get('/checkout/:id', async (c) => {
    const id = segment(c.req.param('id'));
    if (!(await store().sessions.get(id))) return checkoutNotFound();
    return checkoutPage({
      id,
      origin: `http://${config.HOST}:${port}`,
      pay,
      requestId: c.req.header('x-request-id'),
      staticRoot,
      acceptLanguage: c.req.header('accept-language'),
      siteOrigin: new URL(url).origin,
    });
  });
  app.get('/locked-down/checkout/:id', async (c) => {
    const id = segment(c.req.param('id'));
    if (!(await store().sessions.get(id))) return checkoutNotFound();
    return lockedDownPage(
      await checkoutView({
        id,
        origin: `http://${config.HOST}:${port}`,
        pay,
        requestId: c.req.header('x-request-id'),
      }),
    );
  });
  app.get('/locked-down/gallery', () => lockedDownPage());
  app.get('/invoices/:token', (c) =>
    invoicePage({
      token: segment(c.req.param('token')),
      origin: `http://${config.HOST}:${port}`,
      pay,
      requestId: c.req.header('x-request-id'),
      staticRoot,
      merchant: demoMerchant(url),
      shopUrl: `${url}/`,
      acceptLanguage: c.req.header('accept-language'),
    }),
  );
  app.get('/', (c) => page('/index.html', c.req.raw));
  app.get('*', async (c) => {
    // the path as sent (still percent-encoded): the static reader decodes it once, inside its root
    const path = new URL(c.req.url).pathname;
    if (path.startsWith('/cdn/')) return cdnFile(path.slice('/cdn'.length), c.req.raw);
    return siteFile(path, c.req.raw);
  });
  app.onError(failed);

  // The kit answers everything under its base path through its own node listener (a new kit after
  // each reset, hence no mount), which writes its answers without making Fetch objects and refuses
  // cross-site POSTs itself; every other path goes to the site's app.
  // every answer names its request (x-request-id), as do the log lines written while it is answered:
  // the id is the request's own header, set as it arrived (nameRequest), where the adapter, the kit's
  // logFields and the site's lines all read it (an AsyncLocalStorage carrying it instead cost a status
  // poll about 2.3 µs of 18: on Node 20 it runs promise hooks for the whole process)
  const headersFor = (req: IncomingMessage): Readonly<Record<string, string>> => {
    // copied, then the id set: `{ ...security, 'x-request-id': id }` gave every request's object a
    // hidden class of its own in V8, so each read of it took the slow path (3 µs of a poll's 22)
    const headers: Record<string, string> = Object.assign({}, gate.securityFor(req));
    const id = req.headers['x-request-id'];
    headers['x-request-id'] = typeof id === 'string' ? id : '';
    return headers;
  };
  let kitListener = toNodeListener(pay, { headers: headersFor });
  const siteListener = toNodeListener(app, { headers: headersFor });
  gate.open((req, res) => {
    // while draining, every answer ends its connection, so keep-alive clients move to another instance
    if (health.draining) res.shouldKeepAlive = false;
    nameRequest(req);
    const path = req.url ?? '/';
    const listener =
      path === '/pay' || path.startsWith('/pay/') || path.startsWith('/pay?') ? kitListener : siteListener;
    listener(req, res);
  });

  // An order is confirmed even when its shopper closed the tab and its webhook was lost, and an onPaid
  // an instance died delivering is delivered by another: the sweep, on every instance (the store
  // decides which one does each piece of work).
  const sweeper = setInterval(() => {
    pay.watcher.sweep().catch((error: unknown) => {
      // the store's own line said it is away; one short line a sweep, no stack
      if (isStoreUnavailable(error)) log.warn('sweep skipped: the session store is unavailable');
      else log.error('sweep failed', { error: describeError(error) });
    });
  }, config.PAY_SWEEP_INTERVAL_MS);
  sweeper.unref();

  return {
    url,
    sandbox,
    metricsUrl: metrics?.url ?? null,
    get pay() {
      return pay;
    },
    server,
    async close() {
      const deadline = Date.now() + config.PAY_SHUTDOWN_GRACE_MS;
      clearInterval(sweeper);
      health.drain();
      const delay = Math.min(config.PAY_SHUTDOWN_DELAY_MS, config.PAY_SHUTDOWN_GRACE_MS);
      if (delay > 0) await new Promise((resolve) => setTimeout(resolve, delay));
      const drained = await closeServer(server, Math.max(0, deadline - Date.now()));
      // the kit waits for onPaid deliveries under way; past the deadline one stays owed (claimed), and
      // another instance delivers it once its claim is stale
      const delivered = await within(pay.close(), deadline - Date.now());
      await sandbox?.close();
      await metrics?.close();
      return drained && delivered;
    },
  };
}
