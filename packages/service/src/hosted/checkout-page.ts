// The hosted checkout page, /checkout/{id}: the built page with who asks for the money (the merchant's
// name and logo), what for (the order's title and reference), a way back to the shop, and one main
// heading for each state of the session, all from the session view the kit answers (display fields
// the merchant supplied, never anything the browser sent), and the element with the payment details
// already in the HTML (hosted-render.ts), payable with script off; every word in the shopper's language
// (language.ts), the links keeping it. Every value is escaped.
import { SessionView } from '@pay-elements/protocol';
import type { PayHandler } from '@pay-elements/server';
import {
  escapeHtml,
  fillPlaceholders,
  merchantHeader,
  notBuiltAnswer,
  notFoundPage,
  pageAnswer,
} from './pages.js';
import { contentSecurityPolicyWith, logoSources } from '../operations/headers.js';
import { checkoutElement } from './hosted-render.js';
import { pageLanguage, type PageLanguage } from './language.js';
import { sameRequestId } from '../operations/logging.js';
import type { HostedTemplates } from './templates.js';

/**
 * The session view of a checkout; `missing` when the kit has no such session (404), null when it
 * cannot answer now (the page shows without the details, and the element retries).
 */
export async function checkoutView(options: {
  id: string;
  origin: string;
  pay: Pick<PayHandler, 'fetch'>;
  /** the page's request id, named on the kit's lines */
  requestId?: string | undefined;
}): Promise<SessionView | 'missing' | null> {
  const answer = await options.pay.fetch(
    new Request(
      `${options.origin}/pay/sessions/${encodeURIComponent(options.id)}`,
      sameRequestId(options.requestId),
    ),
  );
  if (answer.status === 404) return 'missing';
  const parsed = answer.ok ? SessionView.safeParse(await answer.json().catch(() => null)) : null;
  return parsed?.success ? parsed.data : null;
}

/** The hosted checkout's page for a session that is not there, in the shopper's language. */
export function checkoutNotFound(
  site: Pick<HostedTemplates, 'stylesheet' | 'home'>,
  language: PageLanguage = pageLanguage(),
): Response {
  return pageAnswer(
    notFoundPage({
      ...language.terms.checkout.missing,
      stylesheet: site.stylesheet,
      home: site.home,
      lang: language,
    }),
    404,
  );
}

/** The main heading of each state; the page's script switches between them as the state changes. */
export function checkoutHeadings(
  merchant: string | undefined,
  language: PageLanguage = pageLanguage(),
): Record<SessionView['status'], string> {
  const words = language.terms.checkout.heading;
  return {
    pending: merchant ? words.pending(merchant) : words.pendingNoMerchant,
    paid: words.paid,
    expired: words.expired,
  };
}

/**
 * The placeholders of a checkout's shell (the service's, demo/checkout.html), filled from a session
 * view (or generic when there is none) in the shopper's language (English by default).
 */
export function checkoutFills(
  view: SessionView | null,
  language: PageLanguage = pageLanguage(),
): Record<string, string> {
  const merchant = view?.merchant;
  const words = language.terms;
  const headings = checkoutHeadings(merchant?.name, language);
  const status = view?.status ?? 'pending';
  const order = view?.order;
  const back = view?.return_url
    ? `<a href="${escapeHtml(view.return_url)}">${escapeHtml(merchant ? words.backTo(merchant.name) : words.backToShop)}</a>`
    : '';
  const title = [headings[status], order?.title].filter(Boolean).join(' — ');
  return {
    __PAY_LANG__: language.code,
    __PAY_DIR__: language.dir,
    __PAY_TITLE__: escapeHtml(title),
    __PAY_DESCRIPTION__: escapeHtml(words.checkout.description(order?.title ?? null, merchant?.name ?? null)),
    __PAY_LEAD__: escapeHtml(words.checkout.lead),
    __PAY_MERCHANT__: merchant ? merchantHeader(merchant) : '',
    __PAY_HEADING_PENDING__: escapeHtml(headings.pending),
    __PAY_HEADING_PAID__: escapeHtml(headings.paid),
    __PAY_HEADING_EXPIRED__: escapeHtml(headings.expired),
    __PAY_HEADING__: escapeHtml(headings[status]),
    __PAY_STATUS__: status,
    __PAY_ORDER__: order
      ? `${escapeHtml(order.title)}${order.reference ? ` <span class="muted">· ${escapeHtml(words.checkout.order(order.reference))}</span>` : ''}`
      : '',
    __PAY_BACK__: back,
  };
}

export async function checkoutPage(options: {
  id: string;
  origin: string;
  pay: Pick<PayHandler, 'fetch'>;
  templates: HostedTemplates;
  /** the shopper's Accept-Language: the page is written in the first one the pages speak */
  acceptLanguage?: string | undefined;
  /** the `lang` of the page's query, which comes before Accept-Language */
  lang?: string | undefined;
  /** the page's own path (/checkout/{id}, or under /locked-down/), for "Check again" */
  pagePath?: string;
  /** the site's public origin (a logo elsewhere is allowed by the page's CSP) */
  siteOrigin?: string;
  /** the page's request id, named on the kit's lines */
  requestId?: string | undefined;
  /** the origins that may frame the page and hear its outcomes (PAY_FRAME_ORIGINS); none: not framed */
  frameOrigins?: readonly string[];
}): Promise<Response> {
  const { id, origin, pay, templates } = options;
  const language = pageLanguage(options);
  // the page shows without the order's details if the kit cannot answer now; the element retries
  const found = await checkoutView({ id, origin, pay, requestId: options.requestId });
  if (found === 'missing') return checkoutNotFound(templates, language);
  const view = found;
  const template = await templates.page('checkout');
  if (template === null) return notBuiltAnswer(templates.notBuilt);
  const frames = options.frameOrigins ?? [];
  const fills = {
    ...checkoutFills(view, language),
    // read by the page's script: the parent windows it tells the outcome to (browser/checkout.ts)
    __PAY_FRAME_ORIGINS__: escapeHtml(frames.join(' ')),
    __PAY_ELEMENT__: checkoutElement({
      id,
      view,
      language: language.code,
      pagePath: options.pagePath ?? `/checkout/${encodeURIComponent(id)}`,
      query: language.query,
    }),
  };
  // a merchant's logo on another site is allowed by this page's policy
  const logos = logoSources(view?.merchant?.logo_url, options.siteOrigin ?? origin);
  const csp: Record<string, string> =
    logos.length > 0 || frames.length > 0
      ? { 'content-security-policy': contentSecurityPolicyWith(logos, frames) }
      : {};
  return pageAnswer(fillPlaceholders(template, fills), 200, csp);
}

/** What a page's form posts to the kit on the shopper's behalf (script off). */
interface PageFormOptions {
  id: string;
  origin: string;
  pay: Pick<PayHandler, 'fetch'>;
  /** the request to the kit, counted as the shopper's (under their per-client limits) */
  asShopper: (request: Request) => Request;
  /** the page's request id, named on the kit's lines */
  requestId?: string | undefined;
}

/** Posts a page's form to the kit's session route `action`; answers the kit's status (404: no such session). */
async function postFromPage(action: 'renew' | 'claim', options: PageFormOptions): Promise<number> {
  const { id, origin, pay } = options;
  const request = new Request(`${origin}/pay/sessions/${encodeURIComponent(id)}/${action}`, {
    method: 'POST',
    ...sameRequestId(options.requestId),
  });
  return (await pay.fetch(options.asShopper(request))).status;
}

/**
 * A page's renew form: asks the kit for a new account, as the shopper who sent the form; whatever it
 * answers, the page shows where the session stands.
 */
export const renewFromPage = (options: PageFormOptions): Promise<number> => postFromPage('renew', options);

/**
 * A page's "I've sent the money" form (issue 44): tells the kit the shopper has sent the money;
 * whatever it answers, the page shows where the session stands (claimed: the confirming words).
 */
export const claimFromPage = (options: PageFormOptions): Promise<number> => postFromPage('claim', options);
