// <pay-funding-account> written by a server: the element's tag, the customer's accounts view it takes
// as its first (a child <script type="application/json">), and the accounts and deposits as plain HTML
// inside it (each account's details, a USD account's details for transfers from abroad, the deposits
// and their totals, "Check again") for a browser without script, hidden by the element's shadow root
// once it runs. The element's terms and formatters.
import type { FundingAccount, FundingView } from '@pay-elements/protocol';
import { displayAccountNumber } from '../lib/account-number.js';
import {
  accountFields,
  fieldValue,
  isWireAccount,
  splitAround,
  wireFields,
  wordFields,
} from '../lib/funding.js';
import { currencyName, dateTimeFormat } from '../lib/intl.js';
import { formatMoney } from '../lib/money.js';
import { translationFor } from '../i18n/index.js';
import type { FundingCopyField, Translation } from '../i18n/types.js';
import { attribute, escapeHtml as text, jsonScript } from './html.js';

export interface FundingAccountHtmlOptions {
  /** Base URL of the backend kit's widget endpoints, as the element's `endpoint`. */
  endpoint?: string;
  /** The locale of the fallback text (a registered translation, English otherwise). */
  locale?: string;
  /** The time zone of the deposits' times (the server does not know the customer's: UTC by default). */
  timeZone?: string;
  /** The page's own address: "Check again" reloads it with the deposits since. */
  checkAgainUrl?: string;
}

/** The fields the account has, as rows of a description list. */
function rows(account: FundingAccount, t: Translation, fields: readonly FundingCopyField[]): string {
  return fields
    .map((field) => {
      const value = fieldValue(account, field);
      if (!value) return '';
      const shown = field === 'account-number' ? displayAccountNumber(value) : value;
      const dir = wordFields.includes(field) ? 'auto' : 'ltr';
      return `<div><dt>${text(t.funding.label[field])}</dt><dd dir="${dir}">${text(shown)}</dd></div>`;
    })
    .join('');
}

function accountHtml(account: FundingAccount, t: Translation, locale: string): string {
  const f = t.funding;
  const wire = isWireAccount(account)
    ? `<h4>${text(f.wireTitle)}</h4><dl class="pay-fallback-details">${rows(account, t, wireFields)}</dl>`
    : '';
  const title = `${f.accountTitle(currencyName(locale, account.currency))} (${account.currency})`;
  return `<section class="pay-fallback-account" data-currency="${attribute(account.currency)}"><h3>${text(title)}</h3><dl class="pay-fallback-details">${rows(account, t, accountFields)}</dl>${wire}</section>`;
}

/** The customer's accounts and deposits as plain HTML, in the element's words. */
export function fundingAccountFallback(view: FundingView, options: FundingAccountHtmlOptions = {}): string {
  const locale = options.locale ?? 'en';
  const t = translationFor(locale);
  const f = t.funding;
  const when = dateTimeFormat(locale, {
    dateStyle: 'long',
    timeStyle: 'short',
    timeZone: options.timeZone ?? 'UTC',
  });
  const money = (amount: string, currency: string) => formatMoney(amount, currency, locale);
  const to = splitAround(f.depositTo);
  const totals = view.totals.length
    ? `<dl class="pay-fallback-details"><div><dt>${text(f.totalLabel)}</dt>${view.totals.map((total) => `<dd dir="ltr">${text(money(total.amount, total.currency))}</dd>`).join('')}</div></dl>`
    : '';
  const deposits = view.deposits.length
    ? `<ul class="pay-fallback-deposits">${view.deposits
        .map(
          (deposit) =>
            `<li><strong dir="ltr">${text(money(deposit.amount, deposit.currency))}</strong> <time datetime="${attribute(deposit.received_at)}">${text(when.format(new Date(deposit.received_at)))}</time> <span>${text(to[0])}<bdi dir="ltr">${text(displayAccountNumber(deposit.account_number))}</bdi>${text(to[1])}</span></li>`,
        )
        .join('')}</ul>`
    : `<p>${text(f.noDeposits)}</p>`;
  const checkAgain = options.checkAgainUrl
    ? `<p class="pay-fallback-check"><a href="${attribute(options.checkAgainUrl)}">${text(t.hosted.checkAgain)}</a> <span>${text(t.hosted.checkAgainHint)}</span></p>`
    : '';
  return [
    `<div class="pay-fallback">`,
    `<h2 class="pay-fallback-title">${text(f.title)}</h2>`,
    `<p>${text(f.intro)}</p>`,
    view.accounts.map((account) => accountHtml(account, t, locale)).join(''),
    `<h3>${text(f.depositsTitle)}</h3>`,
    totals,
    deposits,
    checkAgain,
    `</div>`,
  ].join('');
}

/**
 * The whole element for a server-rendered page: `<pay-funding-account token>` (the customer's token,
 * from `pay.fundingToken(customerId)`), the accounts and deposits as fallback, the view as its first.
 * Every value is escaped.
 */
export function fundingAccountHtml(
  view: FundingView,
  token: string,
  options: FundingAccountHtmlOptions = {},
): string {
  return `<pay-funding-account endpoint="${attribute(options.endpoint ?? '/pay')}" token="${attribute(token)}">${fundingAccountFallback(view, options)}${jsonScript(view)}</pay-funding-account>`;
}
