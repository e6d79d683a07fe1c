// The markup of <pay-funding-account>: the customer's accounts, each a card of copyable details (a
// local one with a QR code of them, a USD one with its details for transfers from abroad and one
// button for the whole wire instructions), then the deposits and their totals. Its loading and failure
// are the shared panels. Every value from the backend is bound as text (Lit escapes it).
import { html, nothing } from 'lit';
import type { TemplateResult } from 'lit';
import type { FundingAccount, FundingDeposit, FundingView } from '@pay-elements/protocol';
import type { FundingAccountTerms, FundingCopyField } from '../../i18n/types.js';
import { displayAccountNumber, spokenAccountNumber } from '../../lib/account-number.js';
import {
  accountFields,
  fieldValue,
  isWireAccount,
  splitAround,
  transferDetails,
  wireFields,
  wordFields,
} from '../../lib/funding.js';
import { defineQrOnce } from '../qr/lazy-qr.js';

/** What one copy button copies: a field of the account at `index`, or its whole wire instructions. */
export type FundingCopy = { index: number; field: FundingCopyField | 'wire-instructions' };

export interface FundingTemplateContext {
  view: FundingView;
  term: FundingAccountTerms;
  /** An amount in a currency, formatted. */
  money: (amount: string, currency: string) => string;
  /** A timestamp as a date and time. */
  dateTime: (iso: string) => string;
  /** A currency's name ("US Dollar"). */
  currencyName: (code: string) => string;
  /** The key (`copyKey`) of the copy button that says "Copied" now, if any. */
  copied: string | null;
  /** The ids of the deposits that arrived with the last view (highlighted). */
  arrived: ReadonlySet<string>;
  /** Polls fail while the accounts are shown: "Reconnecting…" in place of the introduction. */
  reconnecting: boolean;
  onCopy: (copy: FundingCopy) => void;
}

/** The clipboard controller's key of a copy button. */
export const copyKey = ({ index, field }: FundingCopy): string => `${index}:${field}`;

export function renderFunding(ctx: FundingTemplateContext): TemplateResult {
  const { view, term } = ctx;
  return html`
    <article part="base" aria-labelledby="title">
      <h2 part="title" id="title">${term.funding.title}</h2>
      ${
        ctx.reconnecting
          ? html`<p part="reconnecting">
              <span class="spinner" aria-hidden="true"></span>${term.connection.reconnecting}
            </p>`
          : html`<p part="intro">${term.funding.intro}</p>`
      }
      <div part="accounts">${view.accounts.map((account, index) => renderAccount(ctx, account, index))}</div>
      ${renderDeposits(ctx)}
    </article>
  `;
}

function copyButton(ctx: FundingTemplateContext, copy: FundingCopy, field: FundingCopyField): TemplateResult {
  const copied = ctx.copied === copyKey(copy);
  const f = ctx.term.funding;
  const label = f.label[field];
  return html`<button
    part="copy-button copy-${field}"
    type="button"
    aria-label=${copied ? f.copiedField(label) : f.copyField(label)}
    ?data-copied=${copied}
    @click=${() => ctx.onCopy(copy)}
  >
    ${copied ? ctx.term.copied : ctx.term.copy}
  </button>`;
}

/** A field's row: its label, its value, its copy button. Numbers and codes read left to right everywhere. */
function row(ctx: FundingTemplateContext, account: FundingAccount, index: number, field: FundingCopyField) {
  const value = fieldValue(account, field);
  if (!value) return nothing;
  const number = field === 'account-number';
  return html`<div class="row copyable">
    <dt>${ctx.term.funding.label[field]}</dt>
    <dd>
      <span
        part=${field}
        class="value"
        dir=${wordFields.includes(field) ? 'auto' : 'ltr'}
        aria-hidden=${number ? 'true' : 'false'}
        >${number ? displayAccountNumber(value) : value}</span
      >
      ${number ? html`<span class="visually-hidden">${spokenAccountNumber(value)}</span>` : nothing}
      ${copyButton(ctx, { index, field }, field)}
    </dd>
  </div>`;
}

function renderAccount(ctx: FundingTemplateContext, account: FundingAccount, index: number): TemplateResult {
  const f = ctx.term.funding;
  const title = f.accountTitle(ctx.currencyName(account.currency));
  const wire = isWireAccount(account);
  if (!wire) defineQrOnce();
  // the cards and the deposits are groups, not regions: a page may show the element twice (a theme
  // gallery), and the same named landmarks twice are one too many (axe's landmark-unique)
  return html`
    <section
      part="account"
      class="account"
      data-currency=${account.currency}
      role="group"
      aria-labelledby="account-${index}"
    >
      <header part="account-header">
        <h3 part="account-title" id="account-${index}">${title}</h3>
        <span part="currency">${account.currency}</span>
      </header>
      <dl class="details-grid">${accountFields.map((field) => row(ctx, account, index, field))}</dl>
      ${wire ? renderWire(ctx, account, index) : renderQr(ctx, account, title)}
    </section>
  `;
}

/** A USD account's details for transfers from abroad, and one button for them all. */
function renderWire(ctx: FundingTemplateContext, account: FundingAccount, index: number): TemplateResult {
  const f = ctx.term.funding;
  const copy: FundingCopy = { index, field: 'wire-instructions' };
  const copied = ctx.copied === copyKey(copy);
  return html`
    <div part="wire" role="group" aria-labelledby="wire-${index}">
      <h4 id="wire-${index}">${f.wireTitle}</h4>
      <dl class="details-grid">${wireFields.map((field) => row(ctx, account, index, field))}</dl>
      <button part="copy-wire-button" type="button" ?data-copied=${copied} @click=${() => ctx.onCopy(copy)}>
        ${copied ? f.copiedWire : f.copyWire}
      </button>
    </div>
  `;
}

/** A local account's details as a QR code, to carry them to a phone. */
function renderQr(ctx: FundingTemplateContext, account: FundingAccount, title: string): TemplateResult {
  const f = ctx.term.funding;
  return html`<figure class="qr-figure">
    <pay-qr part="qr" value=${transferDetails(account, ctx.term)} label=${f.qrLabel(title)}></pay-qr>
    <figcaption part="qr-caption">${f.qrCaption}</figcaption>
  </figure>`;
}

function renderDeposit(ctx: FundingTemplateContext, deposit: FundingDeposit): TemplateResult {
  // the number in an element of its own where the sentence puts it: WebKit lays out the isolate
  // characters' (isolateLtr) groups right to left in an Arabic sentence
  const [before, after] = splitAround(ctx.term.funding.depositTo);
  return html`<li part="deposit${ctx.arrived.has(deposit.id) ? ' deposit-new' : ''}">
    <span part="deposit-amount" dir="ltr">${ctx.money(deposit.amount, deposit.currency)}</span>
    <time part="deposit-time" datetime=${deposit.received_at}>${ctx.dateTime(deposit.received_at)}</time>
    <span part="deposit-account"
      >${before}<bdi dir="ltr">${displayAccountNumber(deposit.account_number)}</bdi>${after}</span
    >
  </li>`;
}

function renderDeposits(ctx: FundingTemplateContext): TemplateResult {
  const { view } = ctx;
  const f = ctx.term.funding;
  return html`
    <section part="deposits" role="group" aria-labelledby="deposits-title">
      <h3 id="deposits-title">${f.depositsTitle}</h3>
      ${
        view.totals.length > 0
          ? html`<dl part="totals" class="details-grid">
              <div class="row">
                <dt>${f.totalLabel}</dt>
                ${view.totals.map(
                  (total) =>
                    html`<dd part="total" data-currency=${total.currency}>
                      <span class="value" dir="ltr">${ctx.money(total.amount, total.currency)}</span>
                    </dd>`,
                )}
              </div>
            </dl>`
          : nothing
      }
      ${
        view.deposits.length > 0
          ? html`<ul part="deposit-list" aria-labelledby="deposits-title">
              ${view.deposits.map((deposit) => renderDeposit(ctx, deposit))}
            </ul>`
          : html`<p part="no-deposits">${f.noDeposits}</p>`
      }
    </section>
  `;
}
