// The markup of <pay-invoice-view>, as functions of what it shows. Every value from the backend is
// bound as text (Lit escapes it): the note and item names can hold anything and never become markup.
import { html, nothing } from 'lit';
import type { TemplateResult } from 'lit';
import type { InvoiceChargeView, InvoiceViewModel } from '@pay-elements/protocol';
import type { PayCopyDetail } from '../../events/pay-copy.js';
import type { InvoiceViewTerms } from '../../i18n/types.js';
import { displayAccountNumber, spokenAccountNumber } from '../../lib/account-number.js';
import { formatCalendarDate } from '../../lib/dates.js';
import { defineQrOnce } from '../qr/lazy-qr.js';
import { isolateLtr } from '../../lib/money.js';
import { formatPercent, formatQuantity } from '../../lib/numbers.js';
import { safeHttpUrl } from '../../lib/safe-url.js';
import { renderReceiptLink } from '../receipt-link.templates.js';

/** The values <pay-invoice-view> copies. */
export type CopyField = Extract<PayCopyDetail['field'], 'amount' | 'account-number' | 'swift-code'>;

export interface InvoiceTemplateContext {
  view: InvoiceViewModel;
  term: InvoiceViewTerms;
  /** The locale for numbers and dates. */
  lang: string;
  /** The element's direction as laid out. */
  dir: 'ltr' | 'rtl';
  /** A decimal amount in the invoice's currency, formatted. */
  money: (amount: string) => string;
  /** The field whose copy button says "Copied" now, if any. */
  copied: string | null;
  /** Polls fail while the invoice is shown: "Reconnecting…" in place of the status sentence. */
  reconnecting: boolean;
  onCopy: (field: CopyField) => void;
  onPrint: () => void;
}

export function renderInvoice(ctx: InvoiceTemplateContext): TemplateResult {
  const { view, term } = ctx;
  const payable = view.status === 'pending' || view.status === 'overdue';
  const qrUrl = payable && view.hosted_url ? safeHttpUrl(view.hosted_url) : null;
  if (qrUrl) defineQrOnce();
  return html`
    <article part="base" aria-labelledby="title">
      <header part="header">
        <h2 part="title" id="title">${term.invoice.title(view.number)}</h2>
        <span part="status-badge" data-status=${view.status}>${term.invoice.status[view.status]}</span>
      </header>
      ${
        ctx.reconnecting
          ? html`<p part="reconnecting">
              <span class="spinner" aria-hidden="true"></span>${term.connection.reconnecting}
            </p>`
          : html`<p part="message">${term.invoice.statusBody[view.status]}</p>`
      }
      ${renderSummary(ctx)} ${renderItems(ctx)}
      ${
        view.note
          ? html`<div class="note" role="group" aria-labelledby="note-title">
              <h3 id="note-title">${term.invoice.noteLabel}</h3>
              <p part="note" dir="auto">${view.note}</p>
            </div>`
          : nothing
      }
      ${payable ? renderPaymentDetails(ctx) : nothing}
      ${qrUrl ? html`<pay-qr part="qr" value=${qrUrl} label=${term.invoice.qrLabel}></pay-qr>` : nothing}
      <div class="actions">
        <button part="print-button" type="button" @click=${ctx.onPrint}>${term.invoice.print}</button>
        ${view.status === 'paid' ? renderReceiptLink(view.receipt_url, term.viewReceipt) : nothing}
      </div>
    </article>
  `;
}

/** The day of a timestamp, or the text as given if it is not one (never a broken element). */
function calendarDate(iso: string, lang: string): string {
  return Number.isNaN(Date.parse(iso)) ? iso : formatCalendarDate(iso, lang);
}

function renderSummary({ view, term, lang }: InvoiceTemplateContext): TemplateResult {
  return html`
    <dl part="summary" class="details-grid">
      ${
        view.due_date
          ? html`<div class="row">
              <dt>${term.invoice.dueDateLabel}</dt>
              <dd part="due-date">${calendarDate(view.due_date, lang)}</dd>
            </div>`
          : nothing
      }
      <div class="row">
        <dt>${term.invoice.issuedLabel}</dt>
        <dd part="issued">${calendarDate(view.created_at, lang)}</dd>
      </div>
    </dl>
  `;
}

function chargeLabel(charge: InvoiceChargeView, term: InvoiceViewTerms, lang: string): string {
  const name = term.invoice.charge[charge.kind];
  return charge.type === 'percentage'
    ? term.invoice.chargeWithRate(name, formatPercent(charge.rate, lang))
    : name;
}

// Explicit table roles: a narrow element lays the rows out as stacked blocks (display: block/grid),
// which must not take the table's meaning away from assistive technology. `data-label` is the
// column's name the stacked cells show (CSS generated content, with no text for screen readers, which
// hear the column header already).
function renderItems({ view, term, lang, money }: InvoiceTemplateContext): TemplateResult {
  const t = term.invoice;
  return html`
    <div class="table-wrap" tabindex="0" role="group" aria-labelledby="items-caption">
      <table part="items" role="table">
        <caption id="items-caption">
          ${t.itemsCaption}
        </caption>
        <thead role="rowgroup">
          <tr role="row">
            <th scope="col" role="columnheader">${t.itemColumn}</th>
            <th scope="col" role="columnheader" class="num">${t.quantityColumn}</th>
            <th scope="col" role="columnheader" class="num">${t.unitPriceColumn}</th>
            <th scope="col" role="columnheader" class="num">${t.lineTotalColumn}</th>
          </tr>
        </thead>
        <tbody role="rowgroup">
          ${view.items.map(
            (item) => html`
              <tr part="item-row" role="row">
                <th scope="row" role="rowheader"><bdi>${item.name}</bdi></th>
                <td class="num" role="cell" data-label=${t.quantityColumn}>
                  ${formatQuantity(item.quantity, lang)}
                </td>
                <td class="num" role="cell" data-label=${t.unitPriceColumn}>
                  <bdi dir="ltr">${money(item.unit_price)}</bdi>
                </td>
                <td class="num" role="cell" data-label=${t.lineTotalColumn}>
                  <bdi dir="ltr">${money(item.total)}</bdi>
                </td>
              </tr>
            `,
          )}
        </tbody>
        <tfoot role="rowgroup">
          <tr role="row">
            <th scope="row" role="rowheader" colspan="3">${t.subtotal}</th>
            <td class="num" role="cell" part="subtotal"><bdi dir="ltr">${money(view.subtotal)}</bdi></td>
          </tr>
          ${view.charges.map(
            (charge) => html`
              <tr part="charge charge-${charge.kind}" role="row">
                <th scope="row" role="rowheader" colspan="3">${chargeLabel(charge, term, lang)}</th>
                <td class="num" role="cell"><bdi dir="ltr">${money(charge.amount)}</bdi></td>
              </tr>
            `,
          )}
          <tr class="total-row" role="row">
            <th scope="row" role="rowheader" colspan="3">${t.total}</th>
            <td class="num" role="cell" part="total"><bdi dir="ltr">${money(view.total)}</bdi></td>
          </tr>
        </tfoot>
      </table>
    </div>
  `;
}

function copyButton(
  ctx: InvoiceTemplateContext,
  field: CopyField,
  label: string,
  copiedLabel: string,
): TemplateResult {
  const copied = ctx.copied === field;
  return html`<button
    part="copy-button copy-${field === 'amount' ? 'total' : field}"
    type="button"
    aria-label=${copied ? copiedLabel : label}
    ?data-copied=${copied}
    @click=${() => ctx.onCopy(field)}
  >
    ${copied ? ctx.term.copied : ctx.term.copy}
  </button>`;
}

function renderPaymentDetails(ctx: InvoiceTemplateContext): TemplateResult {
  const { view, term, money } = ctx;
  const details = view.payment_details;
  const t = term.invoice;
  const total = money(view.total);
  const dir = ctx.dir;
  return html`
    <div part="payment-details" role="group" aria-labelledby="payment-title">
      <h3 id="payment-title">${t.paymentDetailsTitle}</h3>
      <p part="instructions">${t.paymentInstructions(isolateLtr(total, dir))}</p>
      <dl class="details-grid">
        <div class="row copyable">
          <dt>${t.total}</dt>
          <dd>
            <span class="value amount" dir="ltr">${total}</span>
            ${copyButton(ctx, 'amount', t.copyTotal, t.copiedTotal)}
          </dd>
        </div>
        <div class="row">
          <dt>${term.accountNameLabel}</dt>
          <dd part="account-name" dir="auto">${details.account_name}</dd>
        </div>
        <div class="row copyable">
          <dt>${term.accountNumberLabel}</dt>
          <dd>
            <span part="account-number" class="value" dir="ltr" aria-hidden="true"
              >${displayAccountNumber(details.account_number)}</span
            >
            <span class="visually-hidden">${spokenAccountNumber(details.account_number)}</span>
            ${copyButton(ctx, 'account-number', term.copyAccountNumber, term.copiedAccountNumber)}
          </dd>
        </div>
        <div class="row">
          <dt>${term.bankLabel}</dt>
          <dd part="bank-name" dir="auto">${details.bank_name}</dd>
        </div>
        <div class="row">
          <dt>${t.currencyLabel}</dt>
          <dd part="currency">${details.currency}</dd>
        </div>
        ${
          details.swift_code
            ? html`<div class="row copyable">
                <dt>${t.swiftCodeLabel}</dt>
                <dd>
                  <span part="swift-code" class="value" dir="ltr">${details.swift_code}</span>
                  ${copyButton(ctx, 'swift-code', t.copySwiftCode, t.copiedSwiftCode)}
                </dd>
              </div>`
            : nothing
        }
      </dl>
    </div>
  `;
}
