// The hosted checkout page, /checkout/{id}: the built page with who asks for the money (the merchant's
// name and logo), what for (the order's title and reference), a way back to the shop, and one main
// heading for each state of the session, all from the session view the kit answers (display fields
// the merchant supplied, never anything the browser sent), and the element with the payment details
// already in the HTML (hosted-render.ts), payable with script off. Every value is escaped.
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
import { checkoutElement, pickLanguage } from './hosted-render.js';
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

/** The hosted checkout's page for a session that is not there. */
export function checkoutNotFound(site: Pick<HostedTemplates, 'stylesheet' | 'home'>): Response {
  return pageAnswer(
    notFoundPage({
      title: 'Checkout not found',
      message: 'This payment link is not valid. Ask the shop for a new one.',
      ...site,
    }),
    404,
  );
}

/** The main heading of each state; the page's script switches between them as the state changes. */
export function checkoutHeadings(merchant: string | undefined): Record<SessionView['status'], string> {
  return {
    pending: merchant ? `Pay ${merchant}` : 'Pay for your order',
    paid: 'Your order is paid',
    expired: 'The time to pay ran out',
  };
}

/** The placeholders of demo/checkout.html, filled from a session view (or generic when there is none). */
export function checkoutFills(view: SessionView | null): Record<string, string> {
  const merchant = view?.merchant;
  const headings = checkoutHeadings(merchant?.name);
  const status = view?.status ?? 'pending';
  const order = view?.order;
  const back = view?.return_url
    ? `<a href="${escapeHtml(view.return_url)}">Back to ${escapeHtml(merchant?.name ?? 'the shop')}</a>`
    : '';
  const title = [headings[status], order?.title].filter(Boolean).join(' — ');
  return {
    __PAY_TITLE__: escapeHtml(title),
    __PAY_DESCRIPTION__: escapeHtml(
      `${merchant ? `${merchant.name}: ` : ''}${order?.title ?? 'your order'}, paid by bank transfer.`,
    ),
    __PAY_MERCHANT__: merchant ? merchantHeader(merchant) : '',
    __PAY_HEADING_PENDING__: escapeHtml(headings.pending),
    __PAY_HEADING_PAID__: escapeHtml(headings.paid),
    __PAY_HEADING_EXPIRED__: escapeHtml(headings.expired),
    __PAY_HEADING__: escapeHtml(headings[status]),
    __PAY_STATUS__: status,
    __PAY_ORDER__: order
      ? `${escapeHtml(order.title)}${order.reference ? ` <span class="muted">· Order ${escapeHtml(order.reference)}</span>` : ''}`
      : '',
    __PAY_BACK__: back,
  };
}

export async function checkoutPage(options: {
  id: string;
  origin: string;
  pay: Pick<PayHandler, 'fetch'>;
  templates: HostedTemplates;
  /** the shopper's Accept-Language: the payment details are written in the first one the pages speak */
  acceptLanguage?: string | undefined;
  /** the page's own path (/checkout/{id}, or under /locked-down/), for "Check again" */
  pagePath?: string;
  /** the site's public origin (a logo elsewhere is allowed by the page's CSP) */
  siteOrigin?: string;
  /** the page's request id, named on the kit's lines */
  requestId?: string | undefined;
}): Promise<Response> {
  const { id, origin, pay, templates } = options;
  // the page shows without the order's details if the kit cannot answer now; the element retries
  const found = await checkoutView({ id, origin, pay, requestId: options.requestId });
  if (found === 'missing') return checkoutNotFound(templates);
  const view = found;
  const template = await templates.page('checkout');
  if (template === null) return notBuiltAnswer(templates.notBuilt);
  const language = pickLanguage(options.acceptLanguage);
  const fills = {
    ...checkoutFills(view),
    __PAY_LANG__: language,
    __PAY_ELEMENT__: checkoutElement({
      id,
      view,
      language,
      pagePath: options.pagePath ?? `/checkout/${encodeURIComponent(id)}`,
    }),
  };
  // a merchant's logo on another site is allowed by this page's policy
  const logos = logoSources(view?.merchant?.logo_url, options.siteOrigin ?? origin);
  const csp: Record<string, string> =
    logos.length > 0 ? { 'content-security-policy': contentSecurityPolicyWith(logos) } : {};
  return pageAnswer(fillPlaceholders(template, fills), 200, csp);
}

/**
 * A page's renew form (script off): asks the kit for a new account, as the shopper who sent the form
 * (`asShopper`: under their per-client limit on accounts opened); whatever it answers, the page
 * shows where the session stands. Answers the kit's status (404: no such session).
 */
export async function renewFromPage(options: {
  id: string;
  origin: string;
  pay: Pick<PayHandler, 'fetch'>;
  /** the request to the kit, counted as the shopper's */
  asShopper: (request: Request) => Request;
  /** the page's request id, named on the kit's lines */
  requestId?: string | undefined;
}): Promise<number> {
  const { id, origin, pay } = options;
  const request = new Request(`${origin}/pay/sessions/${encodeURIComponent(id)}/renew`, {
    method: 'POST',
    ...sameRequestId(options.requestId),
  });
  return (await pay.fetch(options.asShopper(request))).status;
}

// ── claim (issue 44): the no-script "I've sent the money" form ──
/**
 * A page's claim form (script off): tells the kit the shopper has sent the money, as the shopper who
 * sent the form (under their per-client limit on claims); whatever it answers, the page shows where
 * the session stands (claimed: the confirming words). Answers the kit's status (404: no such session).
 */
export async function claimFromPage(options: {
  id: string;
  origin: string;
  pay: Pick<PayHandler, 'fetch'>;
  asShopper: (request: Request) => Request;
  requestId?: string | undefined;
}): Promise<number> {
  const { id, origin, pay } = options;
  const request = new Request(`${origin}/pay/sessions/${encodeURIComponent(id)}/claim`, {
    method: 'POST',
    ...sameRequestId(options.requestId),
  });
  return (await pay.fetch(options.asShopper(request))).status;
}
