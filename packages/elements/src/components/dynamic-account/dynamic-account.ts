import { html } from 'lit';
import { PayElement } from '../pay-element.js';
import type { PropertyDeclarations, TemplateResult } from 'lit';
import type { SessionStatus, SessionView } from '@pay-elements/protocol';
import { ClipboardController } from '../../controllers/clipboard.js';
import { CountdownController } from '../../controllers/countdown.js';
import { LocalizeController } from '../../controllers/localize.js';
import { enDynamicAccount } from '../../i18n/en/dynamic-account.js';
import { ViewTaskController } from '../../controllers/view-task.js';
import type { ViewTaskStart } from '../../controllers/view-task.js';
import { SessionStreamController } from '../../controllers/session-stream.js';
import type { SessionStreamState } from '../../controllers/session-stream.js';
import { PayCopyEvent } from '../../events/pay-copy.js';
import { PayExpiredEvent } from '../../events/pay-expired.js';
import { PayPaidEvent } from '../../events/pay-paid.js';
import { PayStatusChangeEvent } from '../../events/pay-status-change.js';
import { compactAccountNumber } from '../../lib/account-number.js';
import { claimSession, fetchSession, renewSession, viewFromPage } from '../../lib/backend.js';
import { readSessionView } from '@pay-elements/protocol/guards';
import type { BackendError, SessionAnswer } from '../../lib/backend.js';
import { realClock } from '../../lib/clock.js';
import type { Clock } from '../../lib/clock.js';
import { announceAtMinutes, crossedMark } from '../../lib/countdown.js';
import type { PayTheme } from '../../styles/theme.js';
import {
  renderError,
  renderIcon,
  renderLoading,
  renderPending,
  renderTitle,
} from './dynamic-account.templates.js';
import type { CopyField } from './dynamic-account.templates.js';
import type * as Later from './dynamic-account.later.js';
import styles from './dynamic-account.styles.js';

/** What the element shows: before the first answer, each session status, or a failure with nothing to show. */
export type DynamicAccountState = 'loading' | SessionStatus | 'error';

const stateNames: readonly DynamicAccountState[] = ['loading', 'pending', 'paid', 'expired', 'error'];
const announceMarks = announceAtMinutes.map((minutes) => minutes * 60_000);

/**
 * The paid state, "I've sent the money" with the confirming state, and "Pay for me"
 * (./dynamic-account.later.ts): loaded once, after the first answer, as the status stream is.
 */
let later: typeof Later | undefined;
let loadingLater: Promise<void> | undefined;

/**
 * Loads the session view from `{endpoint}/sessions/{session}` (or takes the one a server-rendered page
 * put in it as a child `<script type="application/json">`, with no request; other children are the
 * page's fallback for browsers without script, never shown once the element runs), then listens to the kit's status
 * stream (`{endpoint}/sessions/{session}/events`, one connection shared by every element showing the
 * session, closed after 30 s hidden), and polls whenever the stream is not open (every 2 s for the
 * first minute, then backing off to 10 s; paused while the page is hidden), and offers a new account
 * (`{endpoint}/sessions/{session}/renew`) once the account has expired. When polls fail while an
 * account is shown (the payment provider is down, the network is gone), the account and countdown
 * stay, a polite "Reconnecting…" notice replaces the waiting message, one pay-error is fired for the
 * whole outage, and polling keeps going (backing off) until the backend answers again.
 *
 * @summary The single-use bank account a shopper transfers the exact amount to, with a countdown to
 * its expiry; waits for the transfer and says when it has arrived.
 *
 * @event {PayStatusChangeEvent} pay-status-change - The status is first known or changed. `detail: {status, previous, session}`.
 * @event {PayPaidEvent} pay-paid - The transfer arrived; fired once. `detail: {session}`.
 * @event {PayExpiredEvent} pay-expired - The account expired unpaid. `detail: {session}`.
 * @event {PayErrorEvent} pay-error - Loading or renewing failed (once per run of failed polls). `detail: {code, message, status, operation}`.
 * @event {PayCopyEvent} pay-copy - A copy button put its value on the clipboard. `detail: {field, value}`.
 * @event {PayClaimedEvent} pay-claimed - The shopper said "I've sent the money" (here or on another page showing the session): the confirming state shows, the element keeps listening. `detail: {session}`.
 *
 * @csspart base - The box around every state.
 * @csspart title - The heading of the current state.
 * @csspart instructions - "Transfer exactly … to this account".
 * @csspart details - The list of amount, bank, account name and account number.
 * @csspart amount - The formatted amount.
 * @csspart bank-name - The bank's name.
 * @csspart account-name - The account holder's name.
 * @csspart account-number - The grouped account number (always left to right, also in Arabic).
 * @csspart copy-button - Both copy buttons (each also has its own part, below).
 * @csspart copy-amount - The amount's copy button.
 * @csspart copy-account-number - The account number's copy button.
 * @csspart countdown - The countdown text and progress bar.
 * @csspart countdown-text - "Expires in 29:05".
 * @csspart progress - The progress bar's track.
 * @csspart progress-indicator - The progress bar's fill.
 * @csspart message - The explanation under the title (waiting, paid, expired, error).
 * @csspart reconnecting - "Reconnecting…", in place of the waiting message while polls fail.
 * @csspart paid-at - "Received on …", in the paid state.
 * @csspart receipt-link - "View receipt", in the paid state when the backend names a receipt (`receipt_url`).
 * @csspart renew-error - Why getting a new account failed, in the expired state.
 * @csspart status-icon - The icon of the paid, expired and error states.
 * @csspart renew-button - "Get a new account".
 * @csspart retry-button - "Try again".
 * @csspart qr - The <pay-qr> (`show-qr`): of the hosted checkout URL, or without one, of the transfer details.
 * @csspart qr-caption - What the QR code is for, under it.
 * @csspart low-time - The warning in the last minutes ("Less than 5 minutes left…"), an alert.
 * @csspart new-account - After a renewal: the account number is a new one.
 * @csspart already-sent - The expired state: what becomes of a transfer already sent.
 * @csspart claim-button - "I've sent the money", while pending and not yet claimed.
 * @csspart confirming - "We're confirming your transfer…", in place of the countdown once claimed.
 * @csspart share-button - "Pay for me": the transfer details and checkout link to the share sheet, else the clipboard.
 * @csspart share-copied - "Payment details copied…", where there is no share sheet.
 * @csspart share-text - The text to share, selected, where the clipboard is refused (a WebView).
 * @csspart share-hint - "Press and hold to copy", under the selected text.
 *
 * @cssproperty --pay-color-text - Text colour.
 * @cssproperty --pay-color-text-muted - Secondary text colour.
 * @cssproperty --pay-color-surface - Background of the box.
 * @cssproperty --pay-color-surface-raised - Background of the account details.
 * @cssproperty --pay-color-border - Borders and the progress track.
 * @cssproperty --pay-color-accent - Buttons and the progress fill.
 * @cssproperty --pay-color-accent-text - Text on accent backgrounds.
 * @cssproperty --pay-color-success - The paid state and "Copied".
 * @cssproperty --pay-color-danger - The expired and error states.
 * @cssproperty --pay-color-focus - The focus ring.
 * @cssproperty --pay-font-family - Font.
 * @cssproperty --pay-font-size - Base font size.
 * @cssproperty --pay-radius - Corner radius.
 * @cssproperty --pay-spacing - Base spacing.
 * @cssproperty --pay-focus-ring-width - Width of the focus ring.
 * @cssproperty --pay-transition-duration - Transitions (0s under prefers-reduced-motion).
 * @cssproperty --pay-progress-height - Height of the progress bar.
 * @cssproperty --pay-progress-color - Fill of the progress bar.
 * @cssproperty --pay-progress-track-color - Track of the progress bar.
 *
 * @cssstate loading - Waiting for the first answer.
 * @cssstate pending - The account is open, waiting for the transfer.
 * @cssstate paid - The transfer arrived.
 * @cssstate expired - The account expired unpaid.
 * @cssstate error - Nothing to show: the session is unknown or the backend failed.
 * @cssstate reconnecting - The account is shown but the backend is not answering; polling goes on.
 */
export class PayDynamicAccount extends PayElement {
  static override styles = styles;
  static override properties: PropertyDeclarations = {
    session: { attribute: 'session' },
    endpoint: { attribute: 'endpoint' },
    showQr: { type: Boolean, attribute: 'show-qr' },
    theme: { reflect: true, attribute: 'theme' },
    updates: { attribute: 'updates' },
    shareUrl: { attribute: 'share-url' },
    clock: { attribute: false },
    claiming: { state: true },
    renewFailure: { state: true },
    renewing: { state: true },
    accountRenewed: { state: true },
  };

  /** The session id, as created by the merchant's backend (`POST {endpoint}/sessions`). */
  session = '';

  /** Base URL of the backend kit's widget endpoints. */
  endpoint = '/pay';

  /**
   * Shows a QR code to finish on a phone: of the session's hosted checkout URL when it has one
   * (`checkout_url`), else of the transfer details as text (amount, bank, account name and number).
   */
  showQr = false;

  /** Colour scheme: `auto` (follow the system), `light`, `dark` or `high-contrast`. */
  theme: PayTheme = 'auto';

  /** How status changes arrive: `push` (the kit's event stream, polling when it is unavailable) or `poll`. */
  updates: 'push' | 'poll' = 'push';

  /**
   * The link "Pay for me" shares with the transfer details (a page where someone else can pay); the
   * session's hosted checkout URL (`checkout_url`) when empty.
   */
  shareUrl = '';

  /** Source of time and timers (countdown, polling, "Copied"). Inject a `ManualClock` to control time. */
  clock: Clock = realClock;

  /** "I've sent the money" has been pressed and not answered yet. */
  private claiming = false;

  private renewFailure: BackendError | null = null;
  private renewing = false;
  /** The account shown replaced an expired one (renewed here or elsewhere): say the number is new. */
  private accountRenewed = false;

  readonly #localize = new LocalizeController(this, enDynamicAccount);
  readonly #countdown = new CountdownController(this, {
    clock: () => this.clock,
    onTick: (remaining, previous) => this.#handleTick(remaining, previous),
    onZero: () => this.#handleCountdownZero(),
  });
  readonly #resource = new ViewTaskController(this, {
    clock: () => this.clock,
    args: () => [this.session, this.endpoint, this.updates] as const,
    start: () => this.#restart(),
    fetch: (options) =>
      this.session
        ? fetchSession(this.endpoint, this.session, options)
        : Promise.resolve({ kind: 'aborted' }),
    isFinal: (view) => view.status !== 'pending',
    onView: (view, previous) => this.#accept(view, previous),
    onFailure: (error, reconnecting) => {
      const term = this.#localize.term;
      this.fail(error, 'load', reconnecting ? term.connection.reconnecting : term.errors[error.code]);
    },
    onGone: () => this.#countdown.stop(),
    onReturn: () => this.#stream.revive(),
  });
  readonly #clipboard = new ClipboardController(this, { clock: () => this.clock });
  readonly #stream = new SessionStreamController(this, {
    clock: () => this.clock,
    onView: (view, version) => this.#handleStreamView(view, version),
    onState: (state) => this.#handleStreamState(state),
  });

  /** When the current account's window opened (server time, ms): created_at, or the renewal. */
  #windowStart = 0;
  #paidAnnounced = false;
  /** The view being taken is a renewal's answer (its window opens at its server time). */
  #renewedNow = false;
  #focusTitleAfterUpdate = false;
  #pageViewTaken = false;

  constructor() {
    super('region');
  }

  /** The session's status, or null before the first answer and when it failed to load. */
  get status(): SessionStatus | null {
    return this.#resource.view?.status ?? null;
  }

  /** The session view as last answered by the backend. */
  get sessionView(): SessionView | null {
    return this.#resource.view;
  }

  /** Asks the backend now rather than at the next poll. */
  async refreshNow(): Promise<void> {
    await this.#resource.pollNow();
  }

  protected override updated(): void {
    const current = this.#displayState;
    this.showState(stateNames, current, this.status);
    this.setState('reconnecting', this.#resource.reconnecting && current === 'pending');
    this.internals.ariaLabel = this.#localize.term.regionLabel;
    this.internals.ariaBusy = current === 'loading' || this.renewing ? 'true' : 'false';
    if (this.#focusTitleAfterUpdate) {
      this.#focusTitleAfterUpdate = false;
      this.renderRoot.querySelector<HTMLElement>('[part="title"]')?.focus();
    }
  }

  get #displayState(): DynamicAccountState {
    if (this.#resource.view) return this.#resource.view.status;
    return this.#resource.failure ? 'error' : 'loading';
  }

  /** A new session, endpoint or way of updating: what the last one showed is reset, and loaded anew. */
  #restart(): ViewTaskStart<SessionView> {
    this.#stream.stop();
    this.#countdown.stop();
    this.renewFailure = null;
    this.renewing = false;
    this.accountRenewed = false;
    this.claiming = false;
    this.#paidAnnounced = false;
    // a stream already open on the page (another element's) carries the changes: no polling
    return {
      active: this.session !== '',
      poll: (result) => result !== 'stop' && !this.#stream.open,
      first: this.#takeViewFromPage(),
    };
  }

  /** The first view a server-rendered page carried for this session, taken once (see viewFromPage). */
  #takeViewFromPage(): SessionAnswer | undefined {
    if (this.#pageViewTaken || !this.session) return undefined;
    this.#pageViewTaken = true;
    const answer = viewFromPage(this, readSessionView);
    return answer?.kind === 'view' && answer.view.id === this.session ? answer : undefined;
  }

  /** The later parts, once loaded; the first ask loads them and updates the element after. */
  #later(): typeof Later | undefined {
    if (!later)
      void (loadingLater ??= import('./dynamic-account.later.js').then(
        (module) => void (later = module),
        () => void (loadingLater = undefined),
      )).then(() => later && this.requestUpdate());
    return later;
  }

  #accept(view: SessionView, previous: SessionView | null): void {
    const renewed = this.#renewedNow;
    // the paid state and the pending state's buttons: ready before they are needed
    this.#later()?.viewTaken(this, this.announcer, view, previous, this.#localize.term);
    const newAccount =
      !previous ||
      previous.account.account_number !== view.account.account_number ||
      previous.expires_at !== view.expires_at;
    if (newAccount) {
      const start = Date.parse(renewed ? view.server_time : view.created_at);
      this.#windowStart = Number.isNaN(start) ? Date.parse(view.server_time) : start;
    }
    if (view.status === 'pending') this.#countdown.set(view.expires_at, view.server_time, this.clock.now());
    else this.#countdown.stop();
    const renewedHere = previous && newAccount && previous.status === 'expired' && view.status === 'pending';
    if (renewedHere) {
      this.accountRenewed = true;
      this.announcer.announce(this.#localize.term.newAccount);
    } else if (view.status !== 'pending') this.accountRenewed = false;
    // a final view (polled, when the stream sent none the element reads) ends the listening too
    if (view.status !== 'pending') this.#stream.stop();
    else if (this.updates === 'push') this.#stream.listen(this.endpoint, this.session);

    if (previous?.status === view.status) return;
    this.dispatchEvent(
      new PayStatusChangeEvent({ status: view.status, previous: previous?.status ?? null, session: view }),
    );
    const term = this.#localize.term;
    if (view.status === 'paid' && !this.#paidAnnounced) {
      this.#paidAnnounced = true;
      if (previous) this.announcer.announce(term.statusTitle.paid);
      this.dispatchEvent(new PayPaidEvent({ session: view }));
    } else if (view.status === 'expired') {
      if (previous) this.announcer.announce(term.statusTitle.expired);
      this.dispatchEvent(new PayExpiredEvent({ session: view }));
    }
  }

  /** A view pushed by the kit's stream: taken like a polled one (its version is the poll's ETag). */
  #handleStreamView(view: SessionView, version: string | null): void {
    this.#resource.accept(view, version ? `"${version}"` : undefined);
  }

  /** Polling pauses while the stream is open and carries on whenever it is not. */
  #handleStreamState(state: SessionStreamState): void {
    if (state === 'open') this.#resource.stopPolling();
    else if (state !== 'ended' && this.#resource.view?.status === 'pending') this.#resource.startPolling();
  }

  #handleTick(remaining: number, previous: number | null): void {
    // once the money is said to be sent, the countdown is no longer the shopper's concern
    if (previous === null || this.#resource.view?.claimed_at) return;
    const mark = crossedMark(previous, remaining, announceMarks);
    if (mark !== null && remaining > 0) {
      this.announcer.announce(this.#localize.term.remainingAnnouncement(this.#localize.durationWords(mark)));
    }
  }

  #handleCountdownZero(): void {
    // The server has the last word (a transfer may land in the final second): ask it now.
    if (this.#resource.view?.status === 'pending') void this.#resource.pollNow();
  }

  readonly #handleRenew = async (): Promise<void> => {
    if (this.renewing || !this.session) return;
    const generation = this.#resource.generation;
    this.renewing = true;
    this.renewFailure = null;
    const answer = await renewSession(this.endpoint, this.session, { signal: this.#resource.signal });
    if (!this.#resource.isCurrent(generation)) return;
    this.renewing = false;
    if (answer.kind === 'error') {
      const error = answer.error;
      this.renewFailure = error;
      this.fail(error, 'renew', this.#localize.term.errors[error.code]);
      // the session moved on (paid at the last second?): show where it stands
      if (error.code === 'conflict') void this.#resource.pollNow();
      return;
    }
    if (answer.kind !== 'view') return;
    this.#renewedNow = true;
    this.#resource.accept(answer.view, answer.etag);
    this.#renewedNow = false;
    this.#focusTitleAfterUpdate = true;
    if (answer.view.status === 'pending' && !this.#stream.open) this.#resource.startPolling();
  };

  /** "I've sent the money": the backend's answer is the view, claimed (a claim pays nothing). */
  readonly #handleClaim = async (): Promise<void> => {
    if (this.claiming) return;
    this.claiming = true;
    const answer = await claimSession(this.endpoint, this.session, { signal: this.#resource.signal });
    this.claiming = false;
    if (answer.kind === 'view') this.#resource.accept(answer.view, answer.etag);
    else if (answer.kind === 'error') {
      this.fail(answer.error, 'claim', this.#localize.term.errors[answer.error.code]);
      // paid or expired meanwhile: show where it stands
      void this.#resource.pollNow();
    }
  };

  readonly #handleRetry = (): void => {
    this.#resource.retry();
  };

  readonly #handleCopy = async (field: CopyField): Promise<void> => {
    const view = this.#resource.view;
    if (!view) return;
    const term = this.#localize.term;
    const [value, done] =
      field === 'amount'
        ? [view.amount, term.copiedAmount]
        : [compactAccountNumber(view.account.account_number), term.copiedAccountNumber];
    if (!(await this.#clipboard.copy(field, value))) {
      this.announcer.announce(this.#localize.term.copyFailed);
      return;
    }
    this.announcer.announce(done);
    this.dispatchEvent(new PayCopyEvent({ field, value }));
  };

  protected override render(): TemplateResult {
    const term = this.#localize.term;
    const view = this.#resource.view;
    const failure = this.#resource.failure;
    // the paid and expired states wait for the later parts (loading since the first answer)
    const parts = view && this.#later();
    let body: TemplateResult;
    if (!view) body = failure ? renderError(term, failure.code, this.#handleRetry) : renderLoading(term);
    else if (view.status === 'pending')
      body = renderPending(
        view,
        term,
        this.#localize,
        this.#clipboard.copied,
        this.#countdown.remaining,
        this.#windowStart,
        this.accountRenewed,
        this.#resource.reconnecting,
        this.showQr,
        (field) => void this.#handleCopy(field),
        parts?.renderPendingParts(
          html,
          this,
          this.#localize,
          this.announcer,
          this.claiming,
          this.#handleClaim,
        ),
      );
    else if (!parts) body = renderLoading(term);
    else if (view.status === 'paid')
      body = parts.renderPaid(
        html,
        this,
        view,
        term,
        this.#localize,
        renderIcon('paid'),
        renderTitle(term.statusTitle.paid),
      );
    else
      body = parts.renderExpired(
        html,
        term,
        renderIcon('expired'),
        renderTitle(term.statusTitle.expired),
        this.renewing,
        this.renewFailure,
        this.#handleRenew,
      );
    return html`${body} ${this.announcer.render()}`;
  }
}
