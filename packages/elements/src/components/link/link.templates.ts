// The markup of <pay-link>: the link (its loading and failure are the shared panels). Every value
// from the backend is bound as text (Lit escapes it), and the only href is an http(s) URL.
import { html, nothing } from 'lit';
import type { TemplateResult } from 'lit';
import type { LinkView } from '@pay-elements/protocol';
import type { LinkTerms } from '../../i18n/types.js';
import { formatRelativeTime } from '../../lib/dates.js';
import { defineQrOnce } from '../qr/lazy-qr.js';
import { formatAmount } from '../../lib/numbers.js';
import { safeHttpUrl } from '../../lib/safe-url.js';

export interface LinkTemplateContext {
  view: LinkView;
  term: LinkTerms;
  /** The locale for numbers and dates. */
  lang: string;
  /** Now on the element's clock, epoch ms. */
  now: number;
  /** The currency to show the amount in, if any. */
  currency: string | null;
  /** A timestamp as a long date and time. */
  dateTime: (iso: string) => string;
  /** Whether the copy button says "Copied" now. */
  copied: boolean;
  /** Whether the browser can share (the Web Share API). */
  canShare: boolean;
  onCopy: () => void;
  onShare: () => void;
}

function renderExpiry({ view, term, lang, now, dateTime }: LinkTemplateContext): TemplateResult {
  const t = term.link;
  const expiresAt = view.expires_at ? Date.parse(view.expires_at) : Number.NaN;
  if (!view.expires_at || Number.isNaN(expiresAt)) {
    return html`<dt>${t.expiresLabel}</dt>
      <dd part="expiry">${view.expires_at ?? t.noExpiry}</dd>`;
  }
  const past = expiresAt <= now;
  const relative = formatRelativeTime(view.expires_at, now, lang);
  return html`<dt>${past ? t.expiredLabel : t.expiresLabel}</dt>
    <dd part="expiry">
      <time datetime=${view.expires_at}>${t.expiry(relative, dateTime(view.expires_at))}</time>
    </dd>`;
}

export function renderLinkBody(ctx: LinkTemplateContext): TemplateResult {
  const { view, term } = ctx;
  const t = term.link;
  const href = safeHttpUrl(view.url);
  const showQr = view.status === 'active' && href;
  if (showQr) defineQrOnce();
  return html`
    <article part="base" aria-labelledby="title">
      <header part="header">
        <h2 part="title" id="title"><bdi>${view.title}</bdi></h2>
        <span part="status-badge" data-status=${view.status}>${t.status[view.status]}</span>
      </header>
      <p part="status-text">${t.statusBody[view.status]}</p>
      ${view.description ? html`<p part="description" dir="auto">${view.description}</p>` : nothing}
      <p part="amount"><bdi dir="ltr">${formatAmount(view.amount, ctx.currency, ctx.lang)}</bdi></p>
      <dl part="details">
        <div class="row">${renderExpiry(ctx)}</div>
      </dl>
      ${showQr ? html`<pay-qr part="qr" value=${view.url} label=${t.qrLabel}></pay-qr>` : nothing}
      <div part="actions">
        <button part="copy-button" type="button" ?data-copied=${ctx.copied} @click=${ctx.onCopy}>
          ${ctx.copied ? t.copiedLink : t.copyLink}
        </button>
        ${
          ctx.canShare
            ? html`<button part="share-button" type="button" aria-label=${t.shareLabel} @click=${ctx.onShare}>
                ${t.share}
              </button>`
            : nothing
        }
        ${
          href
            ? html`<a part="open-link" href=${href} target="_blank" rel="noopener"
                >${t.open}<span class="visually-hidden"> ${t.opensInNewTab}</span></a
              >`
            : nothing
        }
      </div>
    </article>
  `;
}
