// The site beside the kit, one Hono router whose handlers run in the order they are added: the demo's
// sandbox buttons (/demo-api, POST), the hosted checkout's renew form, then GET and HEAD only: health,
// the demo's configuration, the hosted checkout and invoice pages, the locked-down pages, the
// elements' script-tag files under /cdn/ and the built demo.
import { Hono, type Context } from 'hono';
import {
  describeError,
  errorAnswer,
  isCrossSite as isCrossSiteRequest,
  type Health,
  type Logger,
} from '@pay-elements/server';
import { checkoutPage, checkoutView, renewFromPage } from './checkout-page.js';
import type { ClientKeys } from './client-key.js';
import type { ExampleConfig } from './config.js';
import { demoApi } from './demo-api.js';
import { invoicePage } from './invoice-page.js';
import { json, segment } from './json-and-segment.js';
import type { CurrentKit } from './kit.js';
import { requestFields } from './logging.js';
import { demoMerchant, demoOrders } from './orders.js';
import type { Provider } from './provider.js';
import { siteFiles } from './site-files.js';
import { pageCompression } from './compression.js';
import { fundPage } from './fund-page.js';
import type { HostedPageOptions } from './pages.js';

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
  // "Get a new account" with script off: the kit renews, the page shows the new account
  app.post('/checkout/:id/renew', async (c) => {
    const id = segment(c.req.param('id'));
    if (!(await kit.pay.getSession(id))) return files.checkoutNotFound();
    await renewFromPage({
      id,
      origin: options.kitOrigin,
      pay: kit.pay,
      asShopper: (request) => options.clients.onBehalfOf(c.req.raw, request),
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
  app.get('/demo-config.json', () => json(200, demoConfig(options)));
  // the demo's hosted pages for its invoice and its customer, by links signed now
  app.get('/demo/invoice', (c) => c.redirect(`/invoices/${kit.pay.invoiceToken(DEMO_INVOICE)}`, 303));
  app.get('/demo/fund', (c) => {
    if (!provider.customerBvn) return files.siteFile(new URL(c.req.url).pathname, c.req.raw);
    return c.redirect(`/fund/${kit.pay.fundingToken(provider.customerId)}`, 303);
  });
  addHostedPages(app, options, files);
  app.get('/', (c) => files.page('/index.html', c.req.raw));
  app.get('*', async (c) => {
    // the path as sent (still percent-encoded): the static reader decodes it once, inside its root
    const path = new URL(c.req.url).pathname;
    if (path.startsWith('/cdn/')) return files.cdnFile(path.slice('/cdn'.length), c.req.raw);
    return files.siteFile(path, c.req.raw);
  });
  app.onError((error: unknown, c: Context) => {
    log.error('handler failed', { ...requestFields(c.req.raw), error: describeError(error) });
    return errorAnswer('internal', 'Something went wrong on our side.');
  });
  return app;
}

/** The emulator's seed invoice, the demo's. */
const DEMO_INVOICE = 'INV-000101';

/**
 * What the demo's pages are told (`/demo-config.json`, demo/src/shared.ts): the orders, the demo
 * invoice with its token, and the demo customer's funding token when their own accounts are offered.
 */
function demoConfig({ provider, kit }: SiteOptions): Record<string, unknown> {
  return {
    sandbox: provider.emulator !== null,
    orders: demoOrders,
    invoice: { number: DEMO_INVOICE, token: kit.pay.invoiceToken(DEMO_INVOICE) },
    ...(provider.customerBvn ? { fundingToken: kit.pay.fundingToken(provider.customerId) } : {}),
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

/** The hosted checkout (and its locked-down twin), invoice page and customer's accounts, from the kit's views. */
function addHostedPages(app: Hono, options: SiteOptions, files: ReturnType<typeof siteFiles>): void {
  const { url, kitOrigin: origin, staticRoot, kit } = options;
  app.get('/checkout/:id', async (c) => {
    const id = segment(c.req.param('id'));
    if (!(await kit.pay.getSession(id))) return files.checkoutNotFound();
    return checkoutPage({
      id,
      origin,
      pay: kit.pay,
      requestId: c.req.header('x-request-id'),
      staticRoot,
      acceptLanguage: c.req.header('accept-language'),
      siteOrigin: new URL(url).origin,
    });
  });
  app.get('/locked-down/checkout/:id', async (c) => {
    const id = segment(c.req.param('id'));
    if (!(await kit.pay.getSession(id))) return files.checkoutNotFound();
    return files.lockedDownPage(
      await checkoutView({ id, origin, pay: kit.pay, requestId: c.req.header('x-request-id') }),
    );
  });
  app.get('/locked-down/gallery', () => files.lockedDownPage());
  const byToken = (c: Context): HostedPageOptions => ({
    token: segment(c.req.param('token') ?? ''),
    origin,
    pay: kit.pay,
    requestId: c.req.header('x-request-id'),
    staticRoot,
    merchant: demoMerchant(url),
    shopUrl: `${url}/`,
    acceptLanguage: c.req.header('accept-language'),
  });
  app.get('/fund/:token', (c) => fundPage(byToken(c)));
  app.get('/invoices/:token', (c) => invoicePage(byToken(c)));
}
