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
  return dynamicAccountHtml(view, {
    endpoint: '/pay',
    locale: language,
    checkAgainUrl: `${pagePath}${query}`,
    renewUrl: `${pagePath}/renew${query}`,
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
  return invoiceViewHtml(options.view, options.token, {
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
