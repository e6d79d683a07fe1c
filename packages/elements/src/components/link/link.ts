import { html, nothing } from 'lit';
import { PayElement } from '../pay-element.js';
import type { PropertyDeclarations, TemplateResult } from 'lit';
import type { LinkStatus, LinkView } from '@pay-elements/protocol';
import { ClipboardController } from '../../controllers/clipboard.js';
import { LocalizeController } from '../../controllers/localize.js';
import { enLink } from '../../i18n/en/link.js';
import { ViewTaskController, type ViewTaskStart } from '../../controllers/view-task.js';
import { PayCopyEvent } from '../../events/pay-copy.js';
import { PayShareEvent } from '../../events/pay-share.js';
import type { BackendError } from '../../lib/backend.js';
import { realClock } from '../../lib/clock.js';
import type { Clock } from '../../lib/clock.js';
import { fetchLink } from '../../lib/backend.js';
import { renderLinkBody } from './link.templates.js';
import { renderErrorPanel, renderLoadingPanel } from '../panels.templates.js';
import type { PayTheme } from '../../styles/theme.js';
import styles from './link.styles.js';

/** What the element shows: nothing yet, loading, each link status, or a failure. */
export type LinkElementState = 'loading' | LinkStatus | 'error';

const stateNames: readonly LinkElementState[] = ['loading', 'active', 'inactive', 'expired', 'error'];

/**
 * Either loads the link view from `{endpoint}/links/{link-id}` once (`updateComplete` waits for
 * it), or shows the `link` property as given (no request). The spec gives payment links no
 * currency: the amount is shown in the `currency` attribute's currency, else in the view's own
 * `currency`, else as a bare number. The expiry is measured against the element's clock (the link
 * view carries no server time).
 *
 * @summary A payment link to pass on: its title, description, amount, status and expiry, a QR code
 * of its URL, and buttons to copy it, share it and open its payment page.
 *
 * @event {PayShareEvent} pay-share - The shopper asked to share the link; cancelable (`preventDefault()` and the host shares it itself). `detail: {url, title, text}`.
 * @event {PayCopyEvent} pay-copy - The link's URL was put on the clipboard. `detail: {field: "link", value}`.
 * @event {PayErrorEvent} pay-error - Loading failed. `detail: {code, message, status, operation: "load"}`.
 *
 * @csspart base - The box around every state.
 * @csspart header - The title and the status badge.
 * @csspart title - The link's title (or the loading and error titles).
 * @csspart status-badge - The status in words.
 * @csspart status-text - What the status means: "Accepting payments".
 * @csspart description - The link's description (plain text).
 * @csspart amount - The formatted amount.
 * @csspart details - The list holding the expiry.
 * @csspart expiry - "in 30 days (14 February 2025 at 10:00)".
 * @csspart qr - The <pay-qr> of the link's URL (active links only).
 * @csspart actions - The row of buttons and the link.
 * @csspart copy-button - "Copy link".
 * @csspart share-button - "Share" (only where the browser has the Web Share API).
 * @csspart open-link - "Open payment page".
 * @csspart message - The error's explanation.
 * @csspart retry-button - "Try again".
 *
 * @cssproperty --pay-color-text - Text colour.
 * @cssproperty --pay-color-text-muted - Secondary text colour.
 * @cssproperty --pay-color-surface - Background of the box.
 * @cssproperty --pay-color-border - Borders.
 * @cssproperty --pay-color-accent - Buttons, the link and the active badge.
 * @cssproperty --pay-color-accent-text - Text on accent backgrounds.
 * @cssproperty --pay-color-success - "Copied".
 * @cssproperty --pay-color-danger - The expired badge and the error state.
 * @cssproperty --pay-color-focus - The focus ring.
 * @cssproperty --pay-font-family - Font.
 * @cssproperty --pay-font-size - Base font size.
 * @cssproperty --pay-radius - Corner radius.
 * @cssproperty --pay-spacing - Base spacing.
 * @cssproperty --pay-focus-ring-width - Width of the focus ring.
 * @cssproperty --pay-transition-duration - Transitions (0s under prefers-reduced-motion).
 *
 * @cssstate loading - Waiting for the link view.
 * @cssstate active - The link accepts payments.
 * @cssstate inactive - The link is paused.
 * @cssstate expired - The link has expired.
 * @cssstate error - Nothing to show: the link is unknown or the backend failed.
 */
export class PayLink extends PayElement {
  static override styles = styles;
  static override properties: PropertyDeclarations = {
    linkId: { attribute: 'link-id' },
    endpoint: { attribute: 'endpoint' },
    link: { attribute: false },
    currency: { attribute: 'currency' },
    theme: { reflect: true, attribute: 'theme' },
    clock: { attribute: false },
  };

  /** The payment link's id, loaded from `{endpoint}/links/{link-id}` (unless `link` is set). */
  linkId = '';

  /** Base URL of the backend kit's widget endpoints. */
  endpoint = '/pay';

  /** The link's view given directly (e.g. from a list the page already has): shown with no request. */
  link: LinkView | null = null;

  /** ISO 4217 code to show the amount in; defaults to the view's `currency`, else no currency symbol. */
  currency = '';

  /** Colour scheme: `auto` (follow the system), `light`, `dark` or `high-contrast`. */
  theme: PayTheme = 'auto';

  /** Source of time (the relative expiry) and timers ("Copied"). Inject a `ManualClock` to control time. */
  clock: Clock = realClock;

  readonly #localize = new LocalizeController(this, enLink);
  /** The link loaded by id (once: a payment link changes rarely; `reload()` asks again). */
  readonly #resource = new ViewTaskController(this, {
    clock: () => this.clock,
    args: () => [this.link, this.linkId, this.endpoint] as const,
    // loaded by id unless it is given: never polled
    start: ([link, linkId]): ViewTaskStart<LinkView> => ({
      active: !link && linkId !== '',
      poll: () => false,
    }),
    fetch: ({ signal }) =>
      this.linkId ? fetchLink(this.endpoint, this.linkId, { signal }) : Promise.resolve({ kind: 'aborted' }),
    isFinal: () => true,
    onView: () => undefined,
    onFailure: (error) => this.fail(error, 'load', this.#errorMessage(error)),
  });
  readonly #clipboard = new ClipboardController(this, { clock: () => this.clock });

  constructor() {
    super('region');
  }

  /** The link shown: the `link` property, else the one loaded by id; null before it is known. */
  get linkView(): LinkView | null {
    return this.link ?? this.#resource.view;
  }

  /** The link's status, or null when there is no link to show. */
  get status(): LinkStatus | null {
    return this.linkView?.status ?? null;
  }

  /** Loads the link again (when it is loaded by id). */
  async reload(): Promise<void> {
    this.#resource.run();
    await this.updateComplete;
  }

  /** Also waits for the link view being loaded, and its rendering. */
  protected override async getUpdateComplete(): Promise<boolean> {
    let complete = await super.getUpdateComplete();
    await this.#resource.taskComplete;
    if (this.isUpdatePending) complete = await super.getUpdateComplete();
    return complete;
  }

  protected override updated(): void {
    const current = this.#displayState;
    this.showState(stateNames, current, this.status);
    const term = this.#localize.term.link;
    this.internals.ariaLabel = this.linkView?.title || term.label;
    this.internals.ariaBusy = current === 'loading' ? 'true' : 'false';
  }

  get #displayState(): LinkElementState | null {
    const view = this.linkView;
    if (view) return view.status;
    if (this.#resource.failure) return 'error';
    return this.#resource.loading ? 'loading' : null;
  }

  #errorMessage(error: BackendError): string {
    const term = this.#localize.term;
    return error.code === 'not_found' ? term.link.notFound : term.errors[error.code];
  }

  readonly #handleCopy = async (): Promise<void> => {
    const view = this.linkView;
    if (!view) return;
    const term = this.#localize.term;
    const copied = await this.#clipboard.copy('link', view.url);
    if (!copied) {
      this.announcer.announce(term.copyFailed);
      return;
    }
    this.announcer.announce(term.link.copiedLink);
    this.dispatchEvent(new PayCopyEvent({ field: 'link', value: view.url }));
  };

  readonly #handleShare = async (): Promise<void> => {
    const view = this.linkView;
    if (!view) return;
    const detail = { url: view.url, title: view.title, text: view.description };
    if (!this.dispatchEvent(new PayShareEvent(detail))) return;
    if (!canShare()) return;
    try {
      await navigator.share(detail);
    } catch {
      // the shopper closed the share sheet, or the browser refused: nothing to say
    }
  };

  readonly #handleRetry = (): void => {
    void this.reload();
  };

  protected override render(): TemplateResult {
    const term = this.#localize.term;
    const view = this.linkView;
    let body: TemplateResult | typeof nothing = nothing;
    if (view) {
      body = renderLinkBody({
        view,
        term,
        lang: this.#localize.lang(),
        now: this.clock.now(),
        currency: this.currency || view.currency || null,
        dateTime: (iso) => this.#localize.dateTime(iso),
        copied: this.#clipboard.copied === 'link',
        canShare: canShare(),
        onCopy: () => void this.#handleCopy(),
        onShare: () => void this.#handleShare(),
      });
    } else if (this.#resource.failure) {
      const failure = this.#resource.failure;
      body = renderErrorPanel(
        term.link.errorTitle,
        this.#errorMessage(failure),
        failure.code,
        term.retry,
        this.#handleRetry,
      );
    } else if (this.#resource.loading) {
      body = renderLoadingPanel(term.link.loading);
    }
    return html`${body} ${this.announcer.render()}`;
  }
}

/** Whether this browser has the Web Share API. */
function canShare(): boolean {
  return typeof navigator.share === 'function';
}
