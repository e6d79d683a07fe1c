// What <pay-dynamic-account> loads after its first answer rather than with it (dynamic-account.ts
// imports it then, as it does the status stream): the paid state.
//
// It imports nothing at run time that the first load also imports: lit's `html` comes from the
// element as an argument. So a merchant's bundler that splits the code puts all of this in one lazy
// chunk and splits no new shared chunk off the first load.
import type { TemplateResult, html as litHtml } from 'lit';
import type { SessionView } from '@pay-elements/protocol';
import type { DynamicAccountTerms } from '../../i18n/types.js';
import { safeHttpUrl } from '../../lib/safe-url.js';
import type { DynamicAccountFormat } from './dynamic-account.templates.js';

type Html = typeof litHtml;

/** The paid state; `icon` and `title` are the element's own (shared with its other states). */
export function renderPaid(
  html: Html,
  view: SessionView,
  term: DynamicAccountTerms,
  format: DynamicAccountFormat,
  icon: TemplateResult,
  title: TemplateResult,
): TemplateResult {
  const amount = format.money(view.amount, view.currency);
  // only an http(s) URL becomes an href, so a `javascript:` URL in a record never runs in the page
  const receipt = view.receipt_url && safeHttpUrl(view.receipt_url, document.baseURI);
  return html`
    <div part="base" role="group" aria-labelledby="title">
      ${icon} ${title}
      <p part="message">${term.paidBody}</p>
      <dl part="details" class="details-grid" .style=${`--pay-amount-chars:${amount.length}`}>
        <div class="row">
          <dt>${term.amountLabel}</dt>
          <dd><span part="amount" dir="ltr">${amount}</span></dd>
        </div>
      </dl>
      ${view.paid_at ? html`<p part="paid-at">${term.paidAt(format.dateTime(view.paid_at))}</p>` : ''}
      ${receipt ? html`<a part="receipt-link" href=${receipt}>${term.viewReceipt}</a>` : ''}
    </div>
  `;
}
