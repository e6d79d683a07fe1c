// The hosted pages as routes of a Hono app: the checkout (and its renew form for script-off
// browsers), the invoice, a customer's own accounts and the receipt, each written from the kit's view
// in the shopper's language (`?lang=`, then Accept-Language), and the pages' own scripts and
// stylesheet under /hosted/. The service mounts them; server-example mounts the same with the demo's
// built shells.
import type { Context, Hono } from 'hono';
import type { SessionMerchant } from '@pay-elements/protocol';
import type { PayHandler } from '@pay-elements/server';
import { segment } from './answers.js';
import { hostedAssets } from './assets.js';
import { checkoutNotFound, checkoutPage, claimFromPage, renewFromPage } from './checkout-page.js';
import { fundPage } from './fund-page.js';
import { invoicePage } from './invoice-page.js';
import { requestLanguage } from './language.js';
import type { HostedPageOptions } from './pages.js';
import { receiptPage } from './receipt-page.js';
import { HOSTED_ASSETS, type HostedTemplates } from './templates.js';

export interface HostedRoutesOptions {
  /** the kit of the moment (server-example puts a new one in place on a demo reset) */
  pay: () => Pick<PayHandler, 'fetch'>;
  /** where the kit is asked for the pages' views: this server's own address */
  kitOrigin: string;
  /** this server's public origin (a merchant logo there needs no CSP source of its own) */
  siteOrigin: string;
  templates: HostedTemplates;
  /** who asks for the money, on the invoice, accounts and receipt pages */
  merchant: SessionMerchant;
  /** the shop's own site, where "Back to …" goes on the invoice, accounts and receipt pages; null: no link */
  shopUrl: string | null;
  /** a request made to the kit on a shopper's behalf, counted as theirs (client-key.ts) */
  onBehalfOf: (shopper: Request, request: Request) => Request;
  /** the origins that may frame the hosted checkout and hear its outcomes (PAY_FRAME_ORIGINS) */
  frameOrigins?: readonly string[];
}

/** Adds the hosted pages to `app`: POST /checkout/{id}/renew and /claim, then the pages, then /hosted/ files. */
export function hostedRoutes(app: Hono, options: HostedRoutesOptions): void {
  const { kitOrigin: origin, templates } = options;
  const assets = hostedAssets();
  // "Get a new account" with script off: the kit renews, the page shows the new account
  app.post('/checkout/:id/renew', async (c) => {
    const id = segment(c.req.param('id'));
    const status = await renewFromPage({
      id,
      origin,
      pay: options.pay(),
      asShopper: (request) => options.onBehalfOf(c.req.raw, request),
      requestId: c.req.header('x-request-id'),
    });
    const language = requestLanguage(c.req.raw);
    if (status === 404) return checkoutNotFound(templates, language);
    // back to the page in the language the form was sent from
    return c.redirect(`/checkout/${encodeURIComponent(id)}${language.query}`, 303);
  });
  // ── claim (issue 44): "I've sent the money" with script off; the page then shows it confirming ──
  app.post('/checkout/:id/claim', async (c) => {
    const id = segment(c.req.param('id'));
    const status = await claimFromPage({
      id,
      origin,
      pay: options.pay(),
      asShopper: (request) => options.onBehalfOf(c.req.raw, request),
      requestId: c.req.header('x-request-id'),
    });
    const language = requestLanguage(c.req.raw);
    if (status === 404) return checkoutNotFound(templates, language);
    // back to the page in the language the form was sent from
    return c.redirect(`/checkout/${encodeURIComponent(id)}${language.query}`, 303);
  });
  // ── end claim ──
  app.get('/checkout/:id', (c) =>
    checkoutPage({
      id: segment(c.req.param('id')),
      origin,
      pay: options.pay(),
      templates,
      requestId: c.req.header('x-request-id'),
      acceptLanguage: c.req.header('accept-language'),
      lang: c.req.query('lang'),
      siteOrigin: options.siteOrigin,
      frameOrigins: options.frameOrigins ?? [],
    }),
  );
  const byToken = (c: Context): HostedPageOptions => ({
    token: segment(c.req.param('token') ?? ''),
    origin,
    pay: options.pay(),
    requestId: c.req.header('x-request-id'),
    templates,
    merchant: options.merchant,
    shopUrl: options.shopUrl,
    acceptLanguage: c.req.header('accept-language'),
    lang: c.req.query('lang'),
  });
  app.get('/fund/:token', (c) => fundPage(byToken(c)));
  app.get('/invoices/:token', (c) => invoicePage(byToken(c)));
  app.get('/receipts/:token', (c) => receiptPage(byToken(c)));
  app.get(`${HOSTED_ASSETS}/*`, (c) =>
    assets(new URL(c.req.url).pathname.slice(HOSTED_ASSETS.length), c.req.raw),
  );
}
