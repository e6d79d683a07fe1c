// The hosted pages' elements written on the server: the shopper's language from Accept-Language (among
// the languages the elements ship), and <pay-dynamic-account> with its payment details in the HTML
// (readable with no script) and its session view as its first (no second fetch once script runs).
import '@pay-elements/elements/i18n/fr';
import '@pay-elements/elements/i18n/pt';
import '@pay-elements/elements/i18n/sw';
import '@pay-elements/elements/i18n/ar';
import { dynamicAccountHtml, fundingAccountHtml, invoiceViewHtml } from '@pay-elements/elements/ssr';
import type { FundingView, InvoiceViewModel, SessionView } from '@pay-elements/protocol';
import { escapeHtml } from './pages.js';

/** The languages the hosted pages speak; the page's script loads the one it is given. */
export const hostedLanguages = ['en', 'fr', 'pt', 'sw', 'ar'] as const;
export type HostedLanguage = (typeof hostedLanguages)[number];
const isHostedLanguage = (language: string): language is HostedLanguage =>
  (hostedLanguages as readonly string[]).includes(language);

/** The first language of an Accept-Language header that the pages speak (by weight), English otherwise. */
export function pickLanguage(acceptLanguage: string | undefined): HostedLanguage {
  const ranked = (acceptLanguage ?? '')
    .split(',')
    .map((entry, index) => {
      const [tag = '', ...params] = entry.trim().split(';');
      const q = params.map((p) => /^\s*q=([\d.]+)\s*$/.exec(p)?.[1]).find(Boolean);
      return { language: tag.trim().toLowerCase().split('-')[0] ?? '', weight: q ? Number(q) : 1, index };
    })
    .filter((entry) => entry.weight > 0)
    .sort((a, b) => b.weight - a.weight || a.index - b.index);
  for (const { language } of ranked) if (isHostedLanguage(language)) return language;
  return 'en';
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
}): string {
  const { id, view, language, pagePath } = options;
  if (!view)
    return `<pay-dynamic-account endpoint="/pay" session="${escapeHtml(id)}" show-qr></pay-dynamic-account>`;
  return dynamicAccountHtml(view, {
    endpoint: '/pay',
    locale: language,
    checkAgainUrl: pagePath,
    renewUrl: `${pagePath}/renew`,
    claimUrl: `${pagePath}/claim`,
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
}): string {
  return invoiceViewHtml(options.view, options.token, {
    endpoint: '/pay',
    locale: options.language,
    checkAgainUrl: options.pagePath,
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
}): string {
  return fundingAccountHtml(options.view, options.token, {
    endpoint: '/pay',
    locale: options.language,
    checkAgainUrl: options.pagePath,
  });
}
