// <pay-invoice-view> written by a server: the element's tag, the invoice view it takes as its first
// (a child <script type="application/json">), and the invoice as plain HTML inside it (status, dates,
// items, charges, totals, the account to pay into, "Check again") for a browser without script, hidden
// by the element's shadow root once it runs. The element's terms and formatters.
import type { InvoiceChargeView, InvoiceViewModel } from '@pay-elements/protocol';
import { displayAccountNumber } from '../lib/account-number.js';
import { formatCalendarDate } from '../lib/dates.js';
import { formatMoney, isolateLtr } from '../lib/money.js';
import { formatPercent, formatQuantity } from '../lib/numbers.js';
import { translationFor } from '../i18n/index.js';
import type { Translation } from '../i18n/types.js';
import { attribute, escapeHtml as text, jsonScript } from './html.js';

export interface InvoiceViewHtmlOptions {
  /** Base URL of the backend kit's widget endpoints, as the element's `endpoint`. */
  endpoint?: string;
  /** The locale of the fallback text (a registered translation, English otherwise). */
  locale?: string;
  /** The page's own address: "Check again" reloads it with the current state. */
  checkAgainUrl?: string;
}

function chargeLabel(charge: InvoiceChargeView, t: Translation, locale: string): string {
  const name = t.invoice.charge[charge.kind];
  return charge.type === 'percentage'
    ? t.invoice.chargeWithRate(name, formatPercent(charge.rate, locale))
    : name;
}

const date = (iso: string, locale: string) =>
  Number.isNaN(Date.parse(iso)) ? iso : formatCalendarDate(iso, locale);

/** The invoice as plain HTML, in the element's words. */
export function invoiceViewFallback(view: InvoiceViewModel, options: InvoiceViewHtmlOptions = {}): string {
  const locale = options.locale ?? 'en';
  const t = translationFor(locale);
  const i = t.invoice;
  const money = (amount: string) => formatMoney(amount, view.currency, locale);
  const row = (label: string, value: string, ltr = false) =>
    `<div><dt>${text(label)}</dt><dd dir="${ltr ? 'ltr' : 'auto'}">${text(value)}</dd></div>`;
  const items = view.items
    .map(
      (item) =>
        `<tr><th scope="row">${text(item.name)}</th><td>${text(formatQuantity(item.quantity, locale))}</td><td dir="ltr">${text(money(item.unit_price))}</td><td dir="ltr">${text(money(item.total))}</td></tr>`,
    )
    .join('');
  const sum = (label: string, amount: string) =>
    `<tr><th scope="row" colspan="3">${text(label)}</th><td dir="ltr">${text(money(amount))}</td></tr>`;
  const charges = view.charges.map((charge) => sum(chargeLabel(charge, t, locale), charge.amount)).join('');
  const open = view.status === 'pending' || view.status === 'overdue';
  const details = view.payment_details;
  const total = money(view.total);
  const payment = open
    ? `<h3>${text(i.paymentDetailsTitle)}</h3><p>${text(i.paymentInstructions(isolateLtr(total, t.$dir)))}</p><dl class="pay-fallback-details">${row(i.total, total, true)}${row(t.accountNameLabel, details.account_name)}${row(t.accountNumberLabel, displayAccountNumber(details.account_number), true)}${row(t.bankLabel, details.bank_name)}${row(i.currencyLabel, details.currency)}${details.swift_code ? row(i.swiftCodeLabel, details.swift_code, true) : ''}</dl>`
    : '';
  const checkAgain =
    open && options.checkAgainUrl
      ? `<p class="pay-fallback-check"><a href="${attribute(options.checkAgainUrl)}">${text(t.hosted.checkAgain)}</a> <span>${text(t.hosted.checkAgainHint)}</span></p>`
      : '';
  return [
    `<div class="pay-fallback" data-status="${view.status}">`,
    `<h2 class="pay-fallback-title">${text(i.title(view.number))} · ${text(i.status[view.status])}</h2>`,
    `<p>${text(i.statusBody[view.status])}</p>`,
    `<dl class="pay-fallback-details">${view.due_date ? row(i.dueDateLabel, date(view.due_date, locale)) : ''}${row(i.issuedLabel, date(view.created_at, locale))}</dl>`,
    `<table class="pay-fallback-items"><caption>${text(i.itemsCaption)}</caption>`,
    `<thead><tr><th scope="col">${text(i.itemColumn)}</th><th scope="col">${text(i.quantityColumn)}</th><th scope="col">${text(i.unitPriceColumn)}</th><th scope="col">${text(i.lineTotalColumn)}</th></tr></thead>`,
    `<tbody>${items}</tbody><tfoot>${sum(i.subtotal, view.subtotal)}${charges}${sum(i.total, view.total)}</tfoot></table>`,
    view.note ? `<p><strong>${text(i.noteLabel)}</strong> ${text(view.note)}</p>` : '',
    payment,
    checkAgain,
    `</div>`,
  ].join('');
}

/**
 * The whole element for a server-rendered page: `<pay-invoice-view token>` (the invoice's token, from
 * `pay.invoiceToken(number)`), the invoice as fallback, the view as its first.
 */
export function invoiceViewHtml(
  view: InvoiceViewModel,
  token: string,
  options: InvoiceViewHtmlOptions = {},
): string {
  return `<pay-invoice-view endpoint="${attribute(options.endpoint ?? '/pay')}" token="${attribute(token)}">${invoiceViewFallback(view, options)}${jsonScript(view)}</pay-invoice-view>`;
}
