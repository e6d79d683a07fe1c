// The hosted pages' shared pieces: what a page by token is written from, the page answer (never
// cached), the merchant's header, the view the kit answers or the page shown instead, the server-written
// "not found" page, placeholders filled in one pass, and a built page made ready for a nonce. Every value
// is escaped; there is no inline script or style (the CSP forbids both).

import { escapeHtml } from '@pay-elements/elements/ssr';
import type { SessionMerchant } from '@pay-elements/protocol';
import type { PayHandler } from '@pay-elements/server';
import { pageLanguage, type PageLanguage } from './language.js';
import { FAVICON_LINK, type HostedTemplates } from './templates.js';

// the one escape for server-written HTML, the elements' own (their server fallback uses it too)
export { escapeHtml };

/** What a hosted page by token (an invoice's, a customer's accounts') is written from. */
export interface HostedPageOptions {
  /** the token, as the URL carries it: the kit's signed handle (a number or an id alone shows nothing) */
  token: string;
  /** the kit's origin, for the requests the page makes to it */
  origin: string;
  pay: Pick<PayHandler, 'fetch'>;
  /** the pages' shells and stylesheet */
  templates: HostedTemplates;
  merchant: SessionMerchant;
  /** the shop's own site, for "Back to …"; null for no such link (never this server's root, a 404) */
  shopUrl: string | null;
  /** the visitor's Accept-Language: the page is written in the first one the pages speak */
  acceptLanguage?: string | undefined;
  /** the `lang` of the page's query, which comes before Accept-Language (language.ts) */
  lang?: string | undefined;
  /** the page's request id, named on the kit's lines */
  requestId?: string | undefined;
}

/**
 * A server-written page, never cached: it carries one visitor's data. It is written in the language
 * the visitor's Accept-Language asks for (language.ts), which `Vary` says.
 */
export function pageAnswer(body: string, status: number, headers: Record<string, string> = {}): Response {
  return new Response(body, {
    status,
    headers: {
      'content-type': 'text/html; charset=utf-8',
      'cache-control': 'no-store',
      vary: 'Accept-Language',
      ...headers,
    },
  });
}

/** The answer for a hosted page whose shell is not built (`HostedTemplates.notBuilt` says how to build it). */
export function notBuiltAnswer(
  how = 'The demo is not built: run `npm run build -w demo` (npm start does it).',
): Response {
  return new Response(how, {
    status: 503,
    headers: { 'content-type': 'text/plain; charset=utf-8' },
  });
}

/** Who asks for the money, as a hosted page's header shows it: the logo when there is one, the name. */
export function merchantHeader(merchant: SessionMerchant): string {
  const logo = merchant.logo_url
    ? `<img class="hosted-logo" src="${escapeHtml(merchant.logo_url)}" alt="" width="40" height="40">`
    : '';
  return `${logo}<span class="hosted-merchant">${escapeHtml(merchant.name)}</span>`;
}

/** "Back to {merchant}" to the shop's own site, in the page's language, or nothing when there is none. */
export function backLink(
  shopUrl: string | null,
  merchantName: string,
  language: PageLanguage = pageLanguage(),
): string {
  return shopUrl === null
    ? ''
    : `<a href="${escapeHtml(shopUrl)}">${escapeHtml(language.terms.backTo(merchantName))}</a>`;
}

type Wording = { title: string; message: string };

/**
 * A hosted page's view from the kit's answer (an invoice's, a customer's accounts'), or the page its
 * visitor sees instead: `missing` when the kit answers 404 (a bad or tampered token), `unavailable`
 * (503) when it cannot answer now or its answer is not the view.
 */
export async function viewOrPage<T>(
  answer: Response,
  schema: { safeParse(value: unknown): { success: true; data: T } | { success: false } },
  wording: { missing: Wording; unavailable: Wording },
  site: Pick<HostedTemplates, 'stylesheet' | 'home'> = { stylesheet: '/site.css', home: '/' },
  /** the language the page shown instead is in (its wording's) */
  language: PageLanguage = pageLanguage(),
): Promise<{ view: T } | { page: Response }> {
  const page = (words: Wording, status: number) => ({
    page: pageAnswer(
      notFoundPage({ ...words, stylesheet: site.stylesheet, home: site.home, lang: language }),
      status,
    ),
  });
  if (answer.status === 404) return page(wording.missing, 404);
  const parsed = answer.ok ? schema.safeParse(await answer.json().catch(() => null)) : null;
  return parsed?.success ? { view: parsed.data } : page(wording.unavailable, 503);
}

/** A plain, styled page for a missing checkout or invoice; uses the site's stylesheet when given. */
export function notFoundPage(options: {
  title: string;
  message: string;
  stylesheet?: string | undefined;
  /** where "Back to the shop" goes; null for no such link (default the site's root) */
  home?: string | null | undefined;
  /** the language the title and message are in (default English), and its "Back to the shop" */
  lang?: { code: string; dir: 'ltr' | 'rtl'; terms?: { backToShop: string } } | undefined;
}): string {
  const { title, message, stylesheet, home = '/', lang = { code: 'en', dir: 'ltr' } } = options;
  const back = lang.terms?.backToShop ?? pageLanguage().terms.backToShop;
  return `<!doctype html>
<html lang="${escapeHtml(lang.code)}" dir="${lang.dir}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${escapeHtml(title)}</title>
${FAVICON_LINK}
${stylesheet ? `<link rel="stylesheet" href="${escapeHtml(stylesheet)}">` : ''}
</head>
<body class="hosted">
<main class="hosted-main">
<h1>${escapeHtml(title)}</h1>
<p>${escapeHtml(message)}</p>
${home === null ? '' : `<p><a href="${escapeHtml(home)}">${escapeHtml(back)}</a></p>`}
</main>
</body>
</html>
`;
}

/**
 * Replaces each placeholder of a built page (`__PAY_HEADING__`) by its fill, which is HTML the caller
 * has already escaped (escapeHtml) or built from escaped values. One pass over the page: a fill is
 * never searched again, so a value holding a placeholder's name (a merchant's order title reading
 * `__PAY_ELEMENT__`) stays the text it is.
 */
export function fillPlaceholders(html: string, fills: Readonly<Record<string, string>>): string {
  const names = Object.keys(fills);
  if (names.length === 0) return html;
  // the longest first, so that `__PAY_HEADING_PAID__` is not read as `__PAY_HEADING__` and the rest
  const escaped = names
    .sort((a, b) => b.length - a.length)
    .map((name) => name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'));
  return html.replace(new RegExp(escaped.join('|'), 'g'), (name) => fills[name] ?? name);
}

/**
 * A built page made ready for a nonce-based CSP: every `<script>` and `<link rel="modulepreload">`
 * gets `nonce`, and `__PAY_NONCE__` (the `<meta property="csp-nonce">` that Vite's preload helper
 * reads for the chunks it loads later) becomes it, the meta given an empty `content` if it has none.
 * The nonce is base64, which needs no escaping.
 */
export function withNonce(html: string, nonce: string): string {
  if (!/^[A-Za-z0-9+/=]+$/.test(nonce)) throw new Error('a nonce is base64');
  return (
    html
      .replaceAll('__PAY_NONCE__', nonce)
      // a <meta property> has content (the Nu Html Checker says so); the nonce stays in `nonce` alone,
      // which browsers hide from the DOM's attributes, so no selector can read it
      .replace(/<meta\b(?=[^>]*\bproperty="csp-nonce")(?![^>]*\scontent=)/gi, '<meta content=""')
      .replace(/<script\b(?![^>]*\snonce=)/gi, `<script nonce="${nonce}"`)
      .replace(/<link\b(?=[^>]*\brel="?modulepreload)(?![^>]*\snonce=)/gi, `<link nonce="${nonce}"`)
  );
}
