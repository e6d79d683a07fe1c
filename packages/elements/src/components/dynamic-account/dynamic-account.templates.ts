// The markup of <pay-dynamic-account>, one function per state it shows. Every value from the backend
// is bound as text (Lit escapes it), and inline styles go through the CSSOM (`.style`), which a CSP
// without 'unsafe-inline' allows where it refuses a style attribute.
import { html, nothing } from 'lit';
import type { TemplateResult } from 'lit';
import type { SessionView } from '@pay-elements/protocol';
import type { PayCopyDetail } from '../../events/pay-copy.js';
import type { DynamicAccountTerms } from '../../i18n/types.js';
import { compactAccountNumber, displayAccountNumber, spokenAccountNumber } from '../../lib/account-number.js';
import type { BackendError } from '../../lib/backend.js';
import { lowTimeMs, remainingFraction } from '../../lib/countdown.js';
import { defineQrOnce } from '../qr/lazy-qr.js';
import { isolateLtr } from '../../lib/money.js';

/** The values <pay-dynamic-account> copies. */
export type CopyField = Extract<PayCopyDetail['field'], 'amount' | 'account-number'>;

/** What the markup formats in the element's language (its LocalizeController). */
export interface DynamicAccountFormat {
  money(amount: string, currency: string): string;
  dateTime(iso: string): string;
  clockFace(ms: number): string;
  durationWords(ms: number): string;
  dir(): 'ltr' | 'rtl';
}

export function renderTitle(text: string): TemplateResult {
  return html`<p part="title" id="title" role="heading" aria-level="2" tabindex="-1">${text}</p>`;
}

export function renderLoading(term: DynamicAccountTerms): TemplateResult {
  return html`
    <div part="base" role="group" aria-labelledby="title" aria-busy="true">
      <p part="title" id="title"><span class="spinner" aria-hidden="true"></span>${term.loading}</p>
    </div>
  `;
}

export function renderError(
  term: DynamicAccountTerms,
  code: BackendError['code'],
  onRetry: () => void,
): TemplateResult {
  return html`
    <div part="base" role="group" aria-labelledby="title">
      ${renderIcon('error')} ${renderTitle(term.errorTitle)}
      <p part="message">${term.errors[code]}</p>
      ${
        code === 'not_found'
          ? nothing
          : html`<button part="retry-button" type="button" @click=${onRetry}>${term.retry}</button>`
      }
    </div>
  `;
}

/**
 * The account to pay into, the countdown and the waiting message. Its arguments are positional, not
 * an object: this is most of the element's first load, which is within 0.1 kB of its size budget,
 * and an object's keys ship in it.
 *
 * @param copied - The field whose copy button says "Copied" now, if any.
 * @param remaining - Time left on the countdown, ms.
 * @param windowStart - When the account's window opened (server time, ms): the progress bar's whole.
 * @param renewed - The account replaced an expired one: say the number is new.
 * @param reconnecting - Polls fail while the account is shown: "Reconnecting…" replaces the waiting message.
 * @param showQr - Show a QR code: of the hosted checkout URL when the session has one, else of the
 * transfer details as text (amount, bank, account name and number), to carry them to a phone.
 * @param later - Once dynamic-account.later.ts has loaded: the confirming words (the shopper said the
 * money is sent) in place of the countdown, or null for the countdown; and "I've sent the money" and
 * "Pay for me".
 */
export function renderPending(
  view: SessionView,
  term: DynamicAccountTerms,
  format: DynamicAccountFormat,
  copied: string | null,
  remaining: number,
  windowStart: number,
  renewed: boolean,
  reconnecting: boolean,
  showQr: boolean,
  onCopy: (field: CopyField) => void,
  later: [confirming: TemplateResult | null, actions: TemplateResult] | undefined,
): TemplateResult {
  const amount = format.money(view.amount, view.currency);
  const accountNumber = displayAccountNumber(view.account.account_number);
  if (showQr) defineQrOnce();
  return html`
    <div part="base" role="group" aria-labelledby="title">
      ${renderTitle(term.statusTitle.pending)}
      ${renewed ? html`<p part="new-account">${term.newAccount}</p>` : nothing}
      <p part="instructions">${term.instructions(isolateLtr(amount, format.dir()))}</p>
      <dl
        part="details"
        class="details-grid"
        .style=${`--pay-amount-chars:${amount.length};--pay-number-chars:${accountNumber.length}`}
      >
        <div class="row copyable">
          <dt>${term.amountLabel}</dt>
          <dd>
            <span part="amount" dir="ltr">${amount}</span>
            ${copyButton('amount', copied, term.copyAmount, term.copiedAmount, term, onCopy)}
          </dd>
        </div>
        <div class="row">
          <dt>${term.bankLabel}</dt>
          <dd part="bank-name" dir="auto">${view.account.bank_name}</dd>
        </div>
        <div class="row">
          <dt>${term.accountNameLabel}</dt>
          <dd part="account-name" dir="auto">${view.account.account_name}</dd>
        </div>
        <div class="row copyable">
          <dt>${term.accountNumberLabel}</dt>
          <dd>
            <span part="account-number" dir="ltr" aria-hidden="true">${accountNumber}</span>
            <span class="visually-hidden">${spokenAccountNumber(view.account.account_number)}</span>
            ${copyButton('account-number', copied, term.copyAccountNumber, term.copiedAccountNumber, term, onCopy)}
          </dd>
        </div>
      </dl>
      ${
        later?.[0] ??
        html`${renderCountdown(view, term, format, remaining, windowStart)}
        ${
          remaining > 0 && remaining <= lowTimeMs
            ? html`<p part="low-time" role="alert">${term.lowTime(format.durationWords(lowTimeMs))}</p>`
            : nothing
        }`
      }
      <p part=${reconnecting ? 'reconnecting' : 'message'}>
        <span class="spinner" aria-hidden="true"></span
        >${reconnecting ? term.connection.reconnecting : term.waiting}
      </p>
      ${later?.[1]} ${showQr ? renderQr(view, term, amount) : nothing}
    </div>
  `;
}

/** The copy button of a field: named for what it copies, and "Copied" once it has. */
function copyButton(
  field: CopyField,
  copied: string | null,
  name: string,
  copiedName: string,
  term: DynamicAccountTerms,
  onCopy: (field: CopyField) => void,
): TemplateResult {
  const done = copied === field;
  return html`<button
    part="copy-button copy-${field}"
    type="button"
    aria-label=${done ? copiedName : name}
    ?data-copied=${done}
    @click=${() => onCopy(field)}
  >
    ${done ? term.copied : term.copy}
  </button>`;
}

/**
 * The QR code under the account: of the hosted checkout when the session has one, else of the
 * transfer details as text (amount, bank, account name and number), with its caption.
 */
function renderQr(view: SessionView, term: DynamicAccountTerms, amount: string): TemplateResult {
  const line = term.detailLine;
  const [value, label, caption] = view.checkout_url
    ? [view.checkout_url, term.qrCheckout, term.qrCheckoutCaption]
    : [
        [
          line(term.amountLabel, amount),
          line(term.bankLabel, view.account.bank_name),
          line(term.accountNameLabel, view.account.account_name),
          line(term.accountNumberLabel, compactAccountNumber(view.account.account_number)),
        ].join('\n'),
        term.qrDetails,
        term.qrDetailsCaption,
      ];
  return html`<figure class="qr-figure">
    <pay-qr part="qr" value=${value} label=${label}></pay-qr>
    <figcaption part="qr-caption">${caption}</figcaption>
  </figure>`;
}

function renderCountdown(
  view: SessionView,
  term: DynamicAccountTerms,
  format: DynamicAccountFormat,
  remaining: number,
  windowStart: number,
): TemplateResult {
  const total = Math.max(0, Date.parse(view.expires_at) - windowStart);
  const fraction = remainingFraction(remaining, total);
  const seconds = Math.ceil(remaining / 1000);
  return html`
    <div part="countdown">
      <p part="countdown-text">${term.expiresIn(format.clockFace(remaining))}</p>
      <div
        part="progress"
        role="progressbar"
        aria-label=${term.timeLeftLabel}
        aria-valuemin="0"
        aria-valuemax=${Math.max(seconds, Math.ceil(total / 1000))}
        aria-valuenow=${seconds}
        aria-valuetext=${term.timeLeftValue(format.durationWords(remaining))}
      >
        <div part="progress-indicator" .style=${`transform:scaleX(${fraction})`}></div>
      </div>
    </div>
  `;
}

export function renderIcon(kind: 'paid' | 'expired' | 'error'): TemplateResult {
  const path =
    kind === 'paid'
      ? 'M9 16.2 4.8 12l-1.4 1.4L9 19 21 7l-1.4-1.4z'
      : 'M12 2a10 10 0 1 0 0 20 10 10 0 0 0 0-20zm1 15h-2v-2h2zm0-4h-2V7h2z';
  return html`<svg part="status-icon" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
    <path fill="currentColor" d=${path}></path>
  </svg>`;
}
