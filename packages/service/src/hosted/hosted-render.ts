// The hosted pages' elements written on the server, in the shopper's language (language.ts):
// <pay-dynamic-account> with its payment details in the HTML (readable with no script) and its session
// view as its first (no second fetch once script runs); its links keep the page's language.
import '@pay-elements/elements/i18n/fr';
import '@pay-elements/elements/i18n/pt';
import '@pay-elements/elements/i18n/sw';
import '@pay-elements/elements/i18n/ar';
import { dynamicAccountHtml, fundingAccountHtml, invoiceViewHtml } from '@pay-elements/elements/ssr';
import type { FundingView, InvoiceViewModel, SessionView } from '@pay-elements/protocol';
import type { HostedLanguage } from './language.js';
import { escapeHtml } from './pages.js';

export { hostedLanguages, pickLanguage, type HostedLanguage } from './language.js';

/**
 * A view's receipt link with the page's `?lang=` (the kit's `receipt_url` has none), so that the
 * receipt opens in the language the shopper chose; the view as it is when there is none to keep.
 */
export function withReceiptLanguage<T extends { receipt_url?: string | null | undefined }>(
  view: T,
  query = '',
): T {
  if (!query || !view.receipt_url) return view;
  try {
    const url = new URL(view.receipt_url);
    if (url.searchParams.has('lang')) return view;
    url.searchParams.set('lang', new URLSearchParams(query).get('lang') ?? '');
    return { ...view, receipt_url: url.href };
  } catch {
    return view;
  }
}

/**
 * The checkout's element: with the session view, its payment details in the HTML and the view as its
 * first; without one (the kit could not answer), the bare element, which loads and retries by itself.
 */
export function checkoutElement(options: {
  id: string;
  view: SessionView | null;
  language: HostedLanguage;
  /** the page's own path, for "Check again" */
  pagePath: string;
  /** what the page's links carry to keep its language (`?lang=fr`, or '') */
  query?: string;
}): string {
  const { id, view, language, pagePath, query = '' } = options;
  if (!view)
    return `<pay-dynamic-account endpoint="/pay" session="${escapeHtml(id)}" show-qr></pay-dynamic-account>`;
  return dynamicAccountHtml(withReceiptLanguage(view, query), {
    endpoint: '/pay',
    locale: language,
    checkAgainUrl: `${pagePath}${query}`,
    renewUrl: `${pagePath}/renew${query}`,
    claimUrl: `${pagePath}/claim${query}`,
    attributes: { 'show-qr': true },
  });
}

/** The invoice page's element: the invoice in the HTML and its view as the element's first. */
export function invoiceElement(options: {
  view: InvoiceViewModel;
  /** the invoice's token, which the element asks the kit with */
  token: string;
  language: HostedLanguage;
  /** the page's own path, for "Check again" */
  pagePath: string;
  /** what the page's links carry to keep its language (`?lang=fr`, or '') */
  query?: string;
}): string {
  return invoiceViewHtml(withReceiptLanguage(options.view, options.query), options.token, {
    endpoint: '/pay',
    locale: options.language,
    checkAgainUrl: `${options.pagePath}${options.query ?? ''}`,
  });
}

/**
 * The customer's page's element: their accounts and latest deposits in the HTML (times in UTC: the
 * server does not know the customer's zone; the element shows them in it once it runs) and the view as
 * its first.
 */
export function fundingElement(options: {
  view: FundingView;
  /** the customer's token, which the element asks the kit with */
  token: string;
  language: HostedLanguage;
  /** the page's own path, for "Check again" */
  pagePath: string;
  /** what the page's links carry to keep its language (`?lang=fr`, or '') */
  query?: string;
}): string {
  return fundingAccountHtml(options.view, options.token, {
    endpoint: '/pay',
    locale: options.language,
    checkAgainUrl: `${options.pagePath}${options.query ?? ''}`,
  });
}
