// The way to a paid payment's receipt (<pay-dynamic-account>, <pay-invoice-view>): the view's
// `receipt_url`, opened in the same tab. Only an http(s) URL (a relative one resolved against the
// page) becomes an href, so a `javascript:` URL in a record can never run in the merchant's page.
import { html, nothing } from 'lit';
import type { TemplateResult } from 'lit';
import { safeHttpUrl } from '../lib/safe-url.js';

export function renderReceiptLink(url: string | undefined, text: string): TemplateResult | typeof nothing {
  const href = url && safeHttpUrl(url, document.baseURI);
  return href ? html`<a part="receipt-link" href=${href}>${text}</a>` : nothing;
}
