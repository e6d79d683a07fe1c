// What <pay-dynamic-account> loads after its first answer rather than with it (dynamic-account.ts
// imports it then, as it does the status stream): the paid and expired states, "I've sent the
// money" and the confirming state, and "Pay for me" (the share sheet; else the clipboard; else,
// where a WebView refuses the clipboard, the text selected with a hint to copy it by hand), with
// their English and their styles (adopted by the element's shadow root when first shown). Until it
// has loaded, a paid or expired view shows the loading state.
//
// It imports nothing at run time that the first load also imports: lit's `html` comes from the
// element as an argument. So a merchant's bundler that splits the code puts all of this in one lazy
// chunk and splits no new shared chunk off the first load.
import type { ReactiveElement, TemplateResult, html as litHtml } from 'lit';
import type { SessionView } from '@pay-elements/protocol';
import type { AnnouncerController } from '../../controllers/announcer.js';
import type { BackendError } from '../../errors.js';
import { PayClaimedEvent } from '../../events/pay-claimed.js';
import { enDynamicAccountLater } from '../../i18n/en/dynamic-account-later.js';
import type { DynamicAccountLaterTranslation, DynamicAccountTerms } from '../../i18n/types.js';
import { safeHttpUrl } from '../../lib/safe-url.js';
import type { DynamicAccountFormat } from './dynamic-account.templates.js';

type Html = typeof litHtml;

/**
 * What became of the last "Pay for me" of a session (`id`): copied, or to be copied by hand (the
 * clipboard refused).
 */
type ShareOutcome = { id: string } & ({ copied: true } | { copied: false; text: string });

const shareOutcomes = new WeakMap<ReactiveElement, ShareOutcome>();

/**
 * The styles of these parts, minified by hand (a css`` template is lit's, which this module does not
 * import): the claim button filled like the element's other main buttons, the confirming words like
 * its notices, the buttons side by side and wrapping, the text to copy as wide as the box.
 */
const styles = [
  '.actions{display:flex;flex-wrap:wrap;gap:calc(var(--pay-spacing)*.5)}',
  '.actions button{font-size:1em;padding:.5em 1em}',
  "[part~='claim-button']{color:var(--pay-color-accent-text);background:var(--pay-color-accent);",
  'border-color:var(--pay-color-accent)}',
  "[part='confirming']{padding:calc(var(--pay-spacing)*.5) calc(var(--pay-spacing)*.75);",
  'border-inline-start:4px solid;border-radius:calc(var(--pay-radius)*.5);',
  'background:var(--pay-color-surface-raised);color:var(--pay-color-accent);font-weight:600}',
  "[part='share-text']{box-sizing:border-box;width:100%;font:inherit;color:inherit;",
  'background:var(--pay-color-surface-raised);border:1px solid var(--pay-color-border);',
  'border-radius:calc(var(--pay-radius)*.5)}',
  // the paid state's: its icon in the success colour, and the receipt link as
  // styles/shared/receipt-link.styles.ts draws it for <pay-invoice-view>
  ":host(:state(paid)) [part='status-icon']{color:var(--pay-color-success)}",
  "[part='receipt-link']{justify-self:start;color:var(--pay-color-accent);font-weight:600;",
  "text-underline-offset:.2em}[part='receipt-link']:focus-visible{",
  'outline:var(--pay-focus-ring-width) solid var(--pay-color-focus);outline-offset:2px}',
].join('');
let sheet: CSSStyleSheet | undefined;

/** Adds these parts' styles to `host`'s shadow root, once. */
function adoptStyles(host: ReactiveElement): void {
  const root = host.renderRoot;
  if (!(root instanceof ShadowRoot)) return;
  if (!sheet) {
    sheet = new CSSStyleSheet();
    sheet.replaceSync(styles);
  }
  if (!root.adoptedStyleSheets.includes(sheet)) root.adoptedStyleSheets = [...root.adoptedStyleSheets, sheet];
}

/**
 * The words of these parts: the registered table's where it has them, else the English here (the
 * element's own English table does not carry them).
 */
export function words(term: DynamicAccountTerms): DynamicAccountLaterTranslation {
  return { ...enDynamicAccountLater, ...(term as Partial<DynamicAccountLaterTranslation>) };
}

/** The paid state; `icon` and `title` are the element's own (shared with its other states). */
export function renderPaid(
  html: Html,
  host: ReactiveElement,
  view: SessionView,
  term: DynamicAccountTerms,
  format: DynamicAccountFormat,
  icon: TemplateResult,
  title: TemplateResult,
): TemplateResult {
  adoptStyles(host);
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

/**
 * The expired state; `icon` and `title` are the element's own. `renewing`: a new account has been
 * asked for; `renewFailure`: why the last ask failed.
 */
export function renderExpired(
  html: Html,
  term: DynamicAccountTerms,
  icon: TemplateResult,
  title: TemplateResult,
  renewing: boolean,
  renewFailure: BackendError | null,
  onRenew: () => unknown,
): TemplateResult {
  const t = words(term);
  return html`
    <div part="base" role="group" aria-labelledby="title">
      ${icon} ${title}
      <p part="message">${t.expiredBody}</p>
      <p part="already-sent">${t.expiredAlreadySent}</p>
      ${renewFailure ? html`<p part="renew-error">${term.errors[renewFailure.code]}</p>` : ''}
      <button
        part="renew-button"
        type="button"
        aria-disabled=${renewing ? 'true' : 'false'}
        @click=${onRenew}
      >
        ${renewing ? t.renewing : t.renew}
      </button>
    </div>
  `;
}

/** The host's words and formats (its LocalizeController). */
interface Localize extends DynamicAccountFormat {
  readonly term: DynamicAccountTerms;
}

/** <pay-dynamic-account> as these parts read it. */
interface Host extends ReactiveElement {
  readonly sessionView: SessionView | null;
  shareUrl: string;
}

/**
 * What the pending state adds once loaded: the confirming words in place of the countdown once the
 * shopper has said the money is sent (else null: the countdown), and the buttons (renderActions).
 */
export function renderPendingParts(
  html: Html,
  host: Host,
  localize: Localize,
  announcer: AnnouncerController,
  claiming: boolean,
  onClaim: () => unknown,
): [TemplateResult | null, TemplateResult] {
  const view = host.sessionView;
  const term = localize.term;
  if (!view) return [null, html``];
  return [
    view.claimed_at ? html`<p part="confirming">${words(term).claim.confirming}</p>` : null,
    renderActions(
      html,
      host,
      announcer,
      view,
      term,
      localize,
      host.shareUrl || view.checkout_url,
      claiming,
      onClaim,
    ),
  ];
}

/**
 * The pending state's buttons: "I've sent the money" (until claimed) and "Pay for me", and what the
 * last share did: "copied" said under them, or the text selected for the shopper to copy by hand.
 * `url`: the link shared (none: no link line).
 */
function renderActions(
  html: Html,
  host: ReactiveElement,
  announcer: AnnouncerController,
  view: SessionView,
  term: DynamicAccountTerms,
  format: DynamicAccountFormat,
  url: string | undefined,
  claiming: boolean,
  onClaim: () => unknown,
): TemplateResult {
  adoptStyles(host);
  const { claim, payForMe } = words(term);
  // the last share's outcome, while the element shows the session it was of
  const last = shareOutcomes.get(host);
  const outcome = last?.id === view.id ? last : undefined;
  const onShare = async (): Promise<void> => {
    const text = shareText(view, term, format, url);
    shareOutcomes.delete(host);
    const shared = await share(text);
    if (shared === 'shared') return host.requestUpdate();
    shareOutcomes.set(
      host,
      shared === 'copied' ? { id: view.id, copied: true } : { id: view.id, copied: false, text },
    );
    host.requestUpdate();
    if (shared === 'copied') announcer.announce(payForMe.copied);
    else {
      await host.updateComplete;
      const area = host.renderRoot.querySelector<HTMLTextAreaElement>('[part="share-text"]');
      area?.focus();
      area?.select();
    }
  };
  return html`
    <div class="actions">
      ${
        view.claimed_at
          ? ''
          : html`<button
              part="claim-button"
              type="button"
              aria-disabled=${claiming ? 'true' : 'false'}
              @click=${onClaim}
            >
              ${claiming ? claim.sending : claim.button}
            </button>`
      }
      <button part="share-button" type="button" @click=${onShare}>${payForMe.button}</button>
    </div>
    ${outcome?.copied ? html`<p part="share-copied">${payForMe.copied}</p>` : ''}
    ${
      outcome && !outcome.copied
        ? html`<textarea
              part="share-text"
              readonly
              rows="7"
              aria-label=${payForMe.button}
              aria-describedby="share-hint"
              .value=${outcome.text}
            ></textarea>
            <p part="share-hint" id="share-hint">${payForMe.hint}</p>`
        : ''
    }
  `;
}

/**
 * The text "Pay for me" sends: a line asking, then the exact amount, bank, account name and number,
 * the expiry and, when there is one, the hosted checkout link, each "label: value" in the shopper's
 * language.
 */
export function shareText(
  view: SessionView,
  term: DynamicAccountTerms,
  format: DynamicAccountFormat,
  url: string | undefined,
): string {
  const { payForMe } = words(term);
  const line = term.detailLine;
  return [
    payForMe.intro,
    line(term.amountLabel, format.money(view.amount, view.currency)),
    line(term.bankLabel, view.account.bank_name),
    line(term.accountNameLabel, view.account.account_name),
    // as the copy button copies it (lib/account-number.ts's compactAccountNumber)
    line(term.accountNumberLabel, view.account.account_number.replace(/[\s\-.]/g, '')),
    line(payForMe.expiresLabel, format.dateTime(view.expires_at)),
    ...(url ? [line(payForMe.linkLabel, url)] : []),
  ].join('\n');
}

/**
 * Sends `text` through the browser's share sheet where it has one (a sheet the shopper closes counts
 * as shared: nothing more to do); else, or where the sheet is refused, puts it on the clipboard; else
 * (the clipboard refused too, as in many WebViews) answers `select`.
 */
async function share(text: string): Promise<'shared' | 'copied' | 'select'> {
  if ('share' in navigator) {
    try {
      await navigator.share({ text });
      return 'shared';
    } catch (error) {
      if (error instanceof DOMException && error.name === 'AbortError') return 'shared';
    }
  }
  try {
    await navigator.clipboard.writeText(text);
    return 'copied';
  } catch {
    return 'select';
  }
}

/**
 * A view taken: newly claimed (here, or on another page showing the session), it fires pay-claimed
 * and says the confirming words on the live region.
 */
export function viewTaken(
  host: HTMLElement,
  announcer: AnnouncerController,
  view: SessionView,
  previous: SessionView | null,
  term: DynamicAccountTerms,
): void {
  if (!view.claimed_at || !previous || previous.claimed_at || view.status !== 'pending') return;
  announcer.announce(words(term).claim.confirming);
  host.dispatchEvent(new PayClaimedEvent({ session: view }));
}
