// <pay-dynamic-account> written by a server: the element's tag with its attributes, the session view
// it takes as its first (a child <script type="application/json">, so the browser makes no request
// for it), and the payment details as plain HTML inside it, which a browser without script (or
// without declarative shadow DOM) shows, and which the element's shadow root hides once it runs.
// The same terms (the translation tables) and formatters (money, account number) as the element.
import type { SessionView } from '@pay-elements/protocol';
import { displayAccountNumber } from '../lib/account-number.js';
import { formatMoney, isolateLtr } from '../lib/money.js';
import { dateTimeFormat } from '../lib/intl.js';
import { safeHttpUrl } from '../lib/safe-url.js';
import { translationFor } from '../i18n/index.js';
import { claimWordsFor } from '../i18n/claim-words.js';
import { attribute, escapeHtml, jsonScript } from './html.js';

export interface DynamicAccountHtmlOptions {
  /** Base URL of the backend kit's widget endpoints, as the element's `endpoint`. */
  endpoint?: string;
  /** The locale of the fallback text (a registered translation, English otherwise). */
  locale?: string;
  /** The time zone of the expiry's clock time (the server does not know the shopper's: UTC by default). */
  timeZone?: string;
  /** The page's own address: "Check again" reloads it with the current state. */
  checkAgainUrl?: string;
  /** Where a form posts to get a new account once this one expired (no button without it). */
  renewUrl?: string;
  /** Where a form posts "I've sent the money" while the session is pending (no button without it). */
  claimUrl?: string;
  /** Further attributes of the element (`show-qr`, `theme`), already decided by the page. */
  attributes?: Readonly<Record<string, string | true>>;
}

/** The clock time of `iso` with its zone ("14:35 UTC"), for a page read with no script. */
export function clockTime(iso: string, locale: string, timeZone = 'UTC'): string {
  return dateTimeFormat(locale, {
    hour: '2-digit',
    minute: '2-digit',
    timeZone,
    timeZoneName: 'short',
  }).format(new Date(iso));
}

/** The day and time of `iso` with its zone ("1 January 2025, 14:10 UTC"). */
function dateTime(iso: string, locale: string, timeZone = 'UTC'): string {
  return dateTimeFormat(locale, {
    year: 'numeric',
    month: 'long',
    day: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    timeZone,
    timeZoneName: 'short',
  }).format(new Date(iso));
}

/** The payment details of a session as plain HTML, in the element's words. */
export function dynamicAccountFallback(view: SessionView, options: DynamicAccountHtmlOptions = {}): string {
  const locale = options.locale ?? 'en';
  const t = translationFor(locale);
  const amount = formatMoney(view.amount, view.currency, locale);
  const text = (value: string) => escapeHtml(value);
  const row = (label: string, value: string, ltr = false) =>
    `<div><dt>${text(label)}</dt><dd dir="${ltr ? 'ltr' : 'auto'}">${text(value)}</dd></div>`;
  const checkAgain = options.checkAgainUrl
    ? `<p class="pay-fallback-check"><a href="${attribute(options.checkAgainUrl)}">${text(t.hosted.checkAgain)}</a> <span>${text(t.hosted.checkAgainHint)}</span></p>`
    : '';
  const title = `<h2 class="pay-fallback-title">${text(t.statusTitle[view.status])}</h2>`;
  let body: string;
  switch (view.status) {
    case 'pending':
      body = [
        `<p>${text(t.instructions(isolateLtr(amount, t.$dir)))}</p>`,
        `<dl class="pay-fallback-details">${row(t.amountLabel, amount, true)}${row(t.bankLabel, view.account.bank_name)}${row(t.accountNameLabel, view.account.account_name)}${row(t.accountNumberLabel, displayAccountNumber(view.account.account_number), true)}</dl>`,
        // claimed: the confirming words in place of the expiry; else the expiry and the claim's form
        view.claimed_at
          ? `<p class="pay-fallback-confirming" role="status">${text(claimWordsFor(t.$code).confirming)}</p>`
          : `<p class="pay-fallback-expiry">${text(t.hosted.expiresAt(clockTime(view.expires_at, locale, options.timeZone)))}</p>` +
            (options.claimUrl
              ? `<form method="post" action="${attribute(options.claimUrl)}"><button type="submit">${text(claimWordsFor(t.$code).claim)}</button></form>`
              : ''),
        checkAgain,
      ].join('');
      break;
    case 'paid':
      body = [
        `<p>${text(t.paidBody)}</p>`,
        `<dl class="pay-fallback-details">${row(t.amountLabel, amount, true)}</dl>`,
        view.paid_at ? `<p>${text(t.paidAt(dateTime(view.paid_at, locale, options.timeZone)))}</p>` : '',
        // an http(s) URL, or one relative to the page (resolved against any http base to check it)
        view.receipt_url && safeHttpUrl(view.receipt_url, 'http://page/')
          ? `<p><a href="${attribute(view.receipt_url)}">${text(t.viewReceipt)}</a></p>`
          : '',
      ].join('');
      break;
    case 'expired':
      body = [
        `<p>${text(t.expiredBody)}</p>`,
        `<p>${text(t.expiredAlreadySent)}</p>`,
        options.renewUrl
          ? `<form method="post" action="${attribute(options.renewUrl)}"><button type="submit">${text(t.renew)}</button></form>`
          : '',
        checkAgain,
      ].join('');
      break;
  }
  return `<div class="pay-fallback" data-status="${view.status}">${title}${body}</div>`;
}

/**
 * The whole element for a server-rendered page: `<pay-dynamic-account>` with its attributes, the
 * details as fallback and the view as its first. Every value is escaped.
 */
export function dynamicAccountHtml(view: SessionView, options: DynamicAccountHtmlOptions = {}): string {
  const attributes: Record<string, string | true> = {
    endpoint: options.endpoint ?? '/pay',
    session: view.id,
    ...options.attributes,
  };
  const rendered = Object.entries(attributes)
    .map(([name, value]) => (value === true ? ` ${name}` : ` ${name}="${attribute(value)}"`))
    .join('');
  return `<pay-dynamic-account${rendered}>${dynamicAccountFallback(view, options)}${jsonScript(view)}</pay-dynamic-account>`;
}
