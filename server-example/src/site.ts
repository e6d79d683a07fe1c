// The site beside the kit, one Hono router whose handlers run in the order they are added: the demo's
// sandbox buttons (/demo-api, POST), the hosted pages (the service's, in the demo's built shells: the
// checkout with its renew form, the invoice, a customer's accounts, the receipt), then GET and HEAD
// only: health, the demo's configuration and links, the locked-down pages, the elements' script-tag
// files under /cdn/ and the built demo.
import { Hono, type Context } from 'hono';
import {
  errorAnswer,
  failureAnswer,
  isCrossSite as isCrossSiteRequest,
  type Health,
  type Logger,
} from '@pay-elements/server';
import {
  builtTemplates,
  checkoutNotFound,
  checkoutView,
  hostedRoutes,
  json,
  requestLanguage,
  segment,
} from '@pay-elements/service/hosted';
import { pageCompression, requestFields } from '@pay-elements/service/operations';
import type { ClientKeys } from '@pay-elements/service/operations';
import type { ExampleConfig } from './config.js';
import { demoApi } from './demo-api.js';
import type { CurrentKit } from './kit.js';
import { demoMerchant, demoOrders } from './orders.js';
import type { Provider } from './provider.js';
import { siteFiles } from './site-files.js';

export interface SiteOptions {
  config: ExampleConfig;
  /** this server's public URL */
  url: string;
  /** where the kit is asked for the hosted pages' views: this server's own address */
  kitOrigin: string;
  /** the built demo (demo/dist) */
  staticRoot: string;
  /** the elements' script-tag files (packages/elements/dist/cdn) */
  cdnRoot: string;
  provider: Provider;
  kit: CurrentKit;
  /** who a request comes from, for the kit's per-client limits */
  clients: ClientKeys;
  health: Health;
  /** POST /demo-api/reset */
  reset: () => Promise<Response>;
  logger: Logger;
}

/** The site's router. */
export function siteApp(options: SiteOptions): Hono {
  const { url, provider, kit, health, logger: log } = options;
  const sandbox = provider.emulator !== null;
  const app = new Hono();
  app.use('*', pageCompression);
  app.use('*', refuseCrossSite(new URL(url).origin));
  app.get('/demo-api', () => json(200, { sandbox, orders: demoOrders }));
  app.route(
    '/demo-api',
    demoApi({
      emulator: provider.emulator,
      pay: () => kit.pay,
      customerId: provider.customerId,
      reset: options.reset,
    }),
  );
  const files = siteFiles({
    staticRoot: options.staticRoot,
    cdnRoot: options.cdnRoot,
    origin: new URL(url).origin,
  });
  const templates = builtTemplates(options.staticRoot);
  hostedRoutes(app, {
    pay: () => kit.pay,
    kitOrigin: options.kitOrigin,
    siteOrigin: new URL(url).origin,
    templates,
    merchant: demoMerchant(url),
    shopUrl: `${url}/`,
    onBehalfOf: (shopper, request) => options.clients.onBehalfOf(shopper, request),
    frameOrigins: options.config.PAY_FRAME_ORIGINS,
  });
  app.use('*', async (c, next) => {
    const method = c.req.method;
    if (method !== 'GET' && method !== 'HEAD')
      return new Response('Method not allowed', { status: 405, headers: { allow: 'GET, HEAD' } });
    await next();
  });
  app.get('/healthz', () => health.live());
  app.get('/readyz', () => health.ready());
  // what the demo's pages are told; with tokens only while the demo's links are served (demoLinks)
  app.get('/demo-config.json', () => noStore(json(200, demoConfig(options))));
  // the demo's hosted pages for its invoice and its customer, by links signed now
  app.get('/demo/invoice', (c) => {
    if (!demoLinks(options)) return files.siteFile(new URL(c.req.url).pathname, c.req.raw);
    return noStore(c.redirect(`/invoices/${kit.pay.invoiceToken(DEMO_INVOICE)}`, 303));
  });
  app.get('/demo/fund', (c) => {
    if (!demoLinks(options) || !provider.customerBvn)
      return files.siteFile(new URL(c.req.url).pathname, c.req.raw);
    return noStore(c.redirect(`/fund/${kit.pay.fundingToken(provider.customerId)}`, 303));
  });
  app.get('/locked-down/checkout/:id', async (c) => {
    const view = await checkoutView({
      id: segment(c.req.param('id')),
      origin: options.kitOrigin,
      pay: kit.pay,
      requestId: c.req.header('x-request-id'),
    });
    if (view === 'missing') return checkoutNotFound(templates, requestLanguage(c.req.raw));
    return files.lockedDownPage(view);
  });
  app.get('/locked-down/gallery', () => files.lockedDownPage());
  app.get('/', (c) => files.page('/index.html', c.req.raw));
  app.get('*', async (c) => {
    // the path as sent (still percent-encoded): the static reader decodes it once, inside its root
    const path = new URL(c.req.url).pathname;
    if (path.startsWith('/cdn/')) return files.cdnFile(path.slice('/cdn'.length), c.req.raw);
    return files.siteFile(path, c.req.raw);
  });
  // as the kit answers: a body past the node adapter's limit 413 (the demo's buttons read bodies)
  app.onError((error: unknown, c: Context) => failureAnswer(error, log, requestFields(c.req.raw)));
  return app;
}

/** The emulator's seed invoice, the demo's. */
const DEMO_INVOICE = 'INV-000101';

/**
 * Whether the demo's links are served: /demo/invoice, /demo/fund and the tokens of /demo-config.json
 * open the demo invoice and the demo customer's own accounts to anyone who asks. Always with the
 * emulator; with a real provider only when PAY_DEMO_ROUTES=1 (a demo on purpose).
 */
function demoLinks({ provider, config }: SiteOptions): boolean {
  return provider.emulator !== null || config.PAY_DEMO_ROUTES;
}

/** An answer that carries a token: kept by no cache (a shared one would hand it to the next visitor). */
function noStore(answer: Response): Response {
  answer.headers.set('cache-control', 'no-store');
  return answer;
}

/**
 * What the demo's pages are told (`/demo-config.json`, demo/src/shared.ts): the orders, and while the
 * demo's links are served the demo invoice with its token and the demo customer's funding token (when
 * their own accounts are offered).
 */
function demoConfig(options: SiteOptions): Record<string, unknown> {
  const { provider, kit } = options;
  const links = demoLinks(options);
  return {
    sandbox: provider.emulator !== null,
    orders: demoOrders,
    ...(links ? { invoice: { number: DEMO_INVOICE, token: kit.pay.invoiceToken(DEMO_INVOICE) } } : {}),
    ...(links && provider.customerBvn ? { fundingToken: kit.pay.fundingToken(provider.customerId) } : {}),
  };
}

/**
 * A state-changing request a browser sent from another site is refused, whatever its content type
 * (a `text/plain` form post needs no preflight): the kit's rule, this server's public origin its own.
 * Provider webhooks and other servers send neither header.
 */
function refuseCrossSite(origin: string) {
  const ownOrigin = new Set([origin]);
  return async (c: Context, next: () => Promise<void>) => {
    const method = c.req.method.toUpperCase();
    if (
      method !== 'GET' &&
      method !== 'HEAD' &&
      method !== 'OPTIONS' &&
      isCrossSiteRequest(c.req.raw, ownOrigin)
    )
      return errorAnswer('forbidden', 'Cross-site requests are refused.');
    await next();
  };
}
