// The service's start-up, one piece at a time: the listening socket with its connection cap (gate), the
// provider or the emulator in its demo mode, the store, the kit with the service's events and calls
// (kit.ts), the notifications (notify/), then one router for the rest: the merchant's API under /api,
// the hosted pages (checkout, invoice, a customer's accounts, receipt) and their files under /hosted/,
// health, and the elements' script-tag files under /cdn/. The kit answers /pay (the widget's routes,
// CORS for PAY_ALLOWED_ORIGINS, the provider's webhooks) through its own node listener.
import type { IncomingMessage, Server } from 'node:http';
import { Hono, type Context } from 'hono';
import type { FetchLike } from '@pay-elements/api';
import type { SessionMerchant } from '@pay-elements/protocol';
import type { Sandbox, SandboxClock } from '@pay-elements/sandbox';
import {
  createHealth,
  errorAnswer,
  failureAnswer,
  isCrossSite,
  redactingLogger,
  type Logger,
  type PayStore,
} from '@pay-elements/server';
import { toNodeListener } from '@pay-elements/server/node';
import { apiApp } from './api/router.js';
import { configSecrets, emulatorMode, hostOrigin, type ServiceConfig } from './config.js';
import { cdnFiles } from './hosted/cdn.js';
import { requestLanguage } from './hosted/language.js';
import { notFoundPage, pageAnswer } from './hosted/pages.js';
import { hostedRoutes } from './hosted/routes.js';
import { faviconAnswer, serviceTemplates, type HostedTemplates } from './hosted/templates.js';
import { smtpReceiptSender, type ReceiptSender } from './mail/smtp.js';
import {
  createServiceKit,
  isMerchantEvent,
  type AnyKitEvent,
  type ServiceKit,
  type ServiceKitOptions,
} from './kit.js';
import { Notifier, notifierDeliveries } from './notify/notifier.js';
import { clientKeys } from './operations/client-key.js';
import { pageCompression } from './operations/compression.js';
import { answerHeaders, dispatch, logHandlerError } from './operations/dispatch.js';
import { listenThen, type Gate, type Listening, type NodeListener } from './operations/gate.js';
import { keyAware, saturationAware } from './operations/health.js';
import { notFoundLimit, writeError } from './operations/not-found-limit.js';
import { createLogger, requestFields } from './operations/logging.js';
import { startMetrics } from './operations/metrics.js';
import { drainAndStop } from './operations/shutdown.js';
import { startSweeper } from './operations/sweeper.js';
import { notifierMetrics } from './notify/metrics.js';
import { checkProvider, requireProviderKey, startProvider } from './provider.js';
import { firstStart, paidBefore } from './since.js';
import { openStore } from './stores.js';

/** Signs links with the emulator only (the configuration refuses a provider without its own secret). */
const DEMO_TOKEN_SECRET = 'pay-service demo: links signed with the emulator only';

export interface ServiceOptions {
  /** the emulator's clock (demo mode); default real time that /_sandbox/clock can move */
  clock?: SandboxClock;
  logger?: Logger;
  /** a store to use instead of the one PAY_DB or PAY_DATABASE_URL names, or how to open it */
  store?: PayStore | (() => Promise<PayStore>);
  /** the provider client's fetch (default the global one): a test counts provider calls through it */
  providerFetch?: FetchLike;
  /** the notifications' fetch (default the global one) */
  notifyFetch?: typeof fetch;
  /** the elements' script-tag files, served under /cdn/; default the installed elements' dist/cdn */
  cdnRoot?: string;
  /** the hosted pages' shells; default the service's own */
  templates?: HostedTemplates;
}

export interface Service {
  url: string;
  /** no PAY_API_KEY: the emulator stands in for the provider, nothing is real money (`emulatorMode`) */
  emulatorMode: boolean;
  /** the emulator, in demo mode (no PAY_API_KEY) */
  sandbox: Sandbox | null;
  /** the Prometheus metrics URL, when PAY_METRICS_PORT is set */
  metricsUrl: string | null;
  kit: ServiceKit;
  notifier: Notifier | null;
  server: Server;
  /**
   * Drains and stops: readiness answers 503 at once, open status streams are told to reconnect, the
   * listener takes no new connection, requests, deliveries and notifications under way finish (within
   * PAY_SHUTDOWN_GRACE_MS), then the store closes. Resolves to whether everything finished in time.
   */
  close(): Promise<boolean>;
}

/** What the pages call a merchant PAY_MERCHANT_NAME does not name ("Pay the shop", never "Pay 127.0.0.1:3000"). */
export const UNNAMED_MERCHANT = 'the shop';

/** Who asks for the money on the hosted pages: PAY_MERCHANT_NAME (and logo), else "the shop". */
export function merchantOf(config: ServiceConfig): SessionMerchant {
  return {
    name: config.PAY_MERCHANT_NAME ?? UNNAMED_MERCHANT,
    ...(config.PAY_MERCHANT_LOGO_URL ? { logo_url: config.PAY_MERCHANT_LOGO_URL } : {}),
  };
}

export async function startService(config: ServiceConfig, options: ServiceOptions = {}): Promise<Service> {
  const logger = redactingLogger(
    options.logger ??
      createLogger(config.PAY_LOG_FORMAT, { name: 'pay-service', livemode: !emulatorMode(config) }),
    configSecrets(config),
  );
  return listenThen(config, logger, (gate, where) => startBehind(gate, where, config, options, logger));
}

async function startBehind(
  gate: Gate,
  { port, url }: Listening,
  config: ServiceConfig,
  options: ServiceOptions,
  logger: Logger,
): Promise<Service> {
  const { server } = gate;
  const kitOrigin = hostOrigin(config.HOST, port);
  const merchant = merchantOf(config);

  const metrics = await startMetrics(config);
  const provider = await startProvider(config, {
    port,
    clock: options.clock,
    fetch: metrics ? metrics.metrics.instrumentFetch(options.providerFetch) : options.providerFetch,
  });
  const keyCheck = await checkProvider(provider.client, config);
  requireProviderKey(keyCheck, logger);
  const store = await storeOf(config, options, provider.lifetime === 'fresh', logger);
  const clients = clientKeys(config, logger);
  const clock = provider.emulator?.sandbox.clock ?? { now: () => Date.now() };
  const since = await firstStart(store, clock.now());
  let notifier: Notifier | null = null;
  // the emulator's events say so in every body: a production endpoint refuses them
  const livemode = provider.emulator === null;
  const events = kitEvents(config, { since, client: provider.client, logger }, livemode, () => notifier);
  const mailer = receiptSenderOf(config);
  const kit = serviceKitOf(config, {
    mailer,
    provider,
    store,
    merchant,
    events,
    clock,
    logger,
    metrics,
    url,
    clients,
  });
  notifier = notifierOf(config, {
    state: kit.state,
    livemode,
    admit: admitted({ since, client: provider.client, logger }),
    clock,
    logger,
    metrics,
    fetch: options.notifyFetch,
  });
  metrics?.metrics.track(kit.pay);
  const health = keyAware(
    saturationAware(createHealth(kit.pay), () => gate.saturated),
    { first: keyCheck, check: () => checkProvider(provider.client, config), clock, log: logger },
  );
  const headers = answerHeaders(gate.securityFor);
  const onError = logHandlerError(logger);
  const listener = withoutOrderRoute(toNodeListener(kit.pay, { headers, onError }), headers);
  const site = serviceSite({
    kit,
    url,
    kitOrigin,
    merchant,
    // the not-found pages' "Back to the shop" goes where the others' "Back to …" does, or nowhere
    templates: options.templates ?? { ...serviceTemplates, home: config.PAY_SHOP_URL ?? null },
    cdnRoot: options.cdnRoot,
    config,
    notifier,
    clock,
    logger,
    onBehalfOf: clients.onBehalfOf,
    health,
  });
  const notFound = notFoundLimit(config, clock); // clients guessing session ids or tokens
  gate.open(dispatch({ kit: { listener }, site, health, headers, onError, notFoundLimit: notFound }));
  const stopSweeper = startSweeper(() => kit.pay, config.PAY_SWEEP_INTERVAL_MS, logger);
  notifier?.start();

  const sandbox = provider.emulator?.sandbox ?? null;
  return {
    url,
    emulatorMode: emulatorMode(config),
    sandbox,
    metricsUrl: metrics?.url ?? null,
    kit,
    notifier,
    server,
    close: () =>
      drainAndStop({
        server,
        health,
        pay: () => kit.pay,
        stopSweeper,
        others: [{ close: () => notifier?.stop() ?? Promise.resolve() }, mailer, sandbox, metrics],
        graceMs: config.PAY_SHUTDOWN_GRACE_MS,
        delayMs: config.PAY_SHUTDOWN_DELAY_MS,
      }),
  };
}

/** The store the options give (or make), else the one PAY_DB or DATABASE_URL names. */
async function storeOf(
  config: ServiceConfig,
  options: ServiceOptions,
  fresh: boolean,
  logger: Logger,
): Promise<PayStore> {
  if (typeof options.store === 'function') return options.store();
  return options.store ?? openStore(config, fresh, logger);
}

/** The kit as the service runs it: under /pay, its links to the hosted pages, no order route. */
function serviceKitOf(
  config: ServiceConfig,
  parts: {
    provider: Awaited<ReturnType<typeof startProvider>>;
    store: PayStore;
    merchant: SessionMerchant;
    /** the kit's events: to the notifier (its host delivery), else to a line each */
    events: Pick<ServiceKitOptions, 'onEvent' | 'eventDeliveries'>;
    clock: { now(): number };
    logger: Logger;
    metrics: Awaited<ReturnType<typeof startMetrics>>;
    url: string;
    clients: ReturnType<typeof clientKeys>;
    /** the receipt emails' sender (PAY_SMTP_URL), or none */
    mailer: ReceiptSender | null;
  },
): ServiceKit {
  return createServiceKit({
    client: parts.provider.client,
    store: parts.store,
    resolveOrder: () => null, // no order id becomes a session from the browser (withoutOrderRoute)
    merchant: parts.merchant,
    ...parts.events,
    pollIntervalMs: config.PAY_POLL_INTERVAL_MS,
    onPaidRetryAfterMs: config.PAY_ONPAID_RETRY_AFTER_MS,
    lifespanMinutes: config.PAY_LIFESPAN_MINUTES,
    basePath: '/pay',
    clock: parts.clock,
    ...(parts.provider.webhookSecret ? { webhookSecret: parts.provider.webhookSecret } : {}),
    logger: parts.logger,
    logFields: requestFields,
    ...(parts.metrics ? { observer: parts.metrics.metrics.observer } : {}),
    checkoutUrl: (id) => `${parts.url}/checkout/${encodeURIComponent(id)}`,
    invoiceUrl: (token) => `${parts.url}/invoices/${token}`,
    receiptUrl: (token) => `${parts.url}/receipts/${token}`,
    tokenSecret: config.PAY_TOKEN_SECRET ?? DEMO_TOKEN_SECRET,
    allowedOrigins: config.PAY_ALLOWED_ORIGINS,
    clientKey: parts.clients.clientKey,
    funding: { currencies: config.PAY_FUNDING_CURRENCIES },
    ...(parts.mailer ? { sendPaidEmail: parts.mailer.send } : {}),
  });
}

/** The receipt emails' sender when PAY_SMTP_URL is set (config.ts holds PAY_MAIL_FROM to it). */
export function receiptSenderOf(
  config: Pick<ServiceConfig, 'PAY_SMTP_URL' | 'PAY_MAIL_FROM' | 'PAY_MERCHANT_NAME'>,
): ReceiptSender | null {
  if (!config.PAY_SMTP_URL || !config.PAY_MAIL_FROM) return null;
  return smtpReceiptSender({
    url: config.PAY_SMTP_URL,
    from: config.PAY_MAIL_FROM,
    ...(config.PAY_MERCHANT_NAME ? { merchant: config.PAY_MERCHANT_NAME } : {}),
  });
}

/**
 * Where the kit's events go: with PAY_NOTIFY_URL and PAY_NOTIFY_SECRET, to the notifier as the kit's
 * host delivery (one outbox entry each); else to a line each (onEvent).
 */
function kitEvents(
  config: ServiceConfig,
  since: Parameters<typeof admitted>[0],
  livemode: boolean,
  notifier: () => Notifier | null,
): Pick<ServiceKitOptions, 'onEvent' | 'eventDeliveries'> {
  return config.PAY_NOTIFY_URL && config.PAY_NOTIFY_SECRET
    ? { eventDeliveries: notifierDeliveries(livemode, notifier) }
    : { onEvent: merchantEvents(since) };
}

/**
 * Whether a kit event is notified, asked before its first attempt: every event of every type, but
 * for a payment made before the service's first start (since.ts): recorded, said on a line, not sent.
 */
function admitted(options: {
  since: number;
  client: Parameters<typeof paidBefore>[2];
  logger: Logger;
}): (event: AnyKitEvent) => Promise<boolean> {
  const { since, client, logger } = options;
  return async (event) => {
    if (isMerchantEvent(event) && (await paidBefore(event, since, client))) {
      logger.info(`event ${event.type}: paid before this service's first start, recorded, not notified`, {
        event_id: event.id,
        since: new Date(since).toISOString(),
      });
      return false;
    }
    logger.info(`event ${event.type}`, { event_id: event.id });
    return true;
  };
}

/** Without notifications: each kit event said on a line (a payment before the first start so said). */
function merchantEvents(options: {
  since: number;
  client: Parameters<typeof paidBefore>[2];
  logger: Logger;
}): NonNullable<ServiceKitOptions['onEvent']> {
  const admit = admitted(options);
  return async (event) => {
    await admit(event);
  };
}

/** The notifications to PAY_NOTIFY_URL, signed with PAY_NOTIFY_SECRET; null when they are not set. */
function notifierOf(
  config: ServiceConfig,
  parts: {
    state: ServiceKit['state'];
    livemode: boolean;
    admit: (event: AnyKitEvent) => Promise<boolean>;
    clock: { now(): number };
    logger: Logger;
    metrics: Awaited<ReturnType<typeof startMetrics>>;
    fetch: typeof fetch | undefined;
  },
): Notifier | null {
  if (!config.PAY_NOTIFY_URL || !config.PAY_NOTIFY_SECRET) return null;
  return new Notifier({
    state: parts.state,
    url: config.PAY_NOTIFY_URL,
    secrets: config.PAY_NOTIFY_SECRET,
    livemode: parts.livemode,
    admit: parts.admit,
    clock: parts.clock,
    logger: parts.logger,
    timeoutMs: config.PAY_NOTIFY_TIMEOUT_MS,
    ...(config.PAY_NOTIFY_RETRY_MS ? { retryMs: config.PAY_NOTIFY_RETRY_MS } : {}),
    metrics: parts.metrics ? notifierMetrics(parts.metrics.metrics.registry) : undefined,
    ...(parts.fetch ? { fetch: parts.fetch } : {}),
  });
}

interface SiteOptions {
  kit: ServiceKit;
  url: string;
  kitOrigin: string;
  merchant: SessionMerchant;
  templates: HostedTemplates;
  cdnRoot: string | undefined;
  config: ServiceConfig;
  notifier: Notifier | null;
  clock: { now(): number };
  logger: Logger;
  onBehalfOf: (shopper: Request, request: Request) => Request;
  health: ReturnType<typeof saturationAware>;
}

/** Everything but /pay: the merchant's API, the hosted pages, health, the elements' files. */
function serviceSite(options: SiteOptions): Hono {
  const { kit, url, templates, logger: log, health } = options;
  const app = new Hono();
  app.use('*', pageCompression);
  app.route(
    '/',
    apiApp(
      {
        kit,
        url,
        kitOrigin: options.kitOrigin,
        fundingCurrencies: options.config.PAY_FUNDING_CURRENCIES,
        notifier: options.notifier,
        clock: options.clock,
        logger: log,
      },
      options.config.PAY_SERVICE_KEYS,
    ),
  );
  app.use('*', refuseCrossSite(new URL(url).origin));
  hostedRoutes(app, {
    pay: () => kit.pay,
    kitOrigin: options.kitOrigin,
    siteOrigin: new URL(url).origin,
    templates,
    merchant: options.merchant,
    shopUrl: options.config.PAY_SHOP_URL ?? null,
    onBehalfOf: options.onBehalfOf,
    frameOrigins: options.config.PAY_FRAME_ORIGINS,
  });
  app.use('*', async (c, next) => {
    const method = c.req.method;
    if (method !== 'GET' && method !== 'HEAD')
      return new Response('Method not allowed', { status: 405, headers: { allow: 'GET, HEAD' } });
    await next();
  });
  app.get('/favicon.svg', () => faviconAnswer());
  app.get('/favicon.ico', () => faviconAnswer());
  app.get('/healthz', () => health.live());
  app.get('/readyz', () => health.ready());
  const cdn = cdnFiles(options.cdnRoot);
  app.get('/cdn/*', (c) => cdn(new URL(c.req.url).pathname.slice('/cdn'.length), c.req.raw));
  app.get('*', (c) => {
    const language = requestLanguage(c.req.raw);
    return pageAnswer(
      notFoundPage({
        ...language.terms.notFound,
        stylesheet: templates.stylesheet,
        home: templates.home,
        lang: language,
      }),
      404,
    );
  });
  // as the kit answers: a body past the node adapter's limit 413 (the renew form reads one)
  app.onError((error: unknown, c: Context) => failureAnswer(error, log, requestFields(c.req.raw)));
  return app;
}

/**
 * The kit's listener without its order route: on pay-service no anonymous request turns a merchant's
 * order id (its own numbers, easily guessed) into that order's session; POST /pay/sessions is 404.
 */
function withoutOrderRoute(
  listener: NodeListener,
  headers: (req: IncomingMessage) => Readonly<Record<string, string>>,
): NodeListener {
  return (req, res) => {
    const path = (req.url ?? '/').split('?')[0]?.replace(/\/+$/, '');
    if (req.method === 'POST' && path === '/pay/sessions') {
      const message =
        "No such route: pay-service opens sessions from the merchant's server (POST /api/sessions).";
      writeError(res, 'not_found', message, headers(req));
      return;
    }
    listener(req, res);
  };
}

/**
 * A state-changing request a browser sent from another site is refused (the hosted checkout's renew
 * form is the one such route outside /pay and /api): the kit's rule, this server's public origin its own.
 */
function refuseCrossSite(origin: string) {
  const ownOrigin = new Set([origin]);
  return async (c: Context, next: () => Promise<void>) => {
    const method = c.req.method.toUpperCase();
    if (method !== 'GET' && method !== 'HEAD' && method !== 'OPTIONS' && isCrossSite(c.req.raw, ownOrigin))
      return errorAnswer('forbidden', 'Cross-site requests are refused.');
    await next();
  };
}
