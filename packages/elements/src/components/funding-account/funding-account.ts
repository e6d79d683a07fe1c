import { html } from 'lit';
import { PayElement } from '../pay-element.js';
import type { PropertyDeclarations, TemplateResult } from 'lit';
import type { FundingDeposit, FundingView } from '@pay-elements/protocol';
import { ClipboardController } from '../../controllers/clipboard.js';
import { ViewStreamController } from '../../controllers/view-stream.js';
import { LocalizeController } from '../../controllers/localize.js';
import { ViewTaskController, type ViewTaskStart } from '../../controllers/view-task.js';
import { enFundingAccount } from '../../i18n/en/funding-account.js';
import { PayCopyEvent } from '../../events/pay-copy.js';
import { PayDepositEvent } from '../../events/pay-deposit.js';
import type { BackendError, ViewAnswer } from '../../lib/backend.js';
import { endpointUrl, fetchFunding, viewFromPage } from '../../lib/backend.js';
import { realClock } from '../../lib/clock.js';
import type { Clock } from '../../lib/clock.js';
import { fieldValue, newDeposits, wireInstructions } from '../../lib/funding.js';
import { currencyName } from '../../lib/intl.js';
import type { PollSchedule } from '../../lib/poll-schedule.js';
import { fundingEventsPath, readFundingView } from '@pay-elements/protocol/guards';
import { renderErrorPanel, renderLoadingPanel } from '../panels.templates.js';
import { copyKey, renderFunding } from './funding-account.templates.js';
import type { FundingCopy } from './funding-account.templates.js';
import type { PayTheme } from '../../styles/theme.js';
import styles from './funding-account.styles.js';

/** What the element shows: before the first answer, the accounts, or a failure with nothing to show. */
export type FundingAccountState = 'loading' | 'ready' | 'error';

const stateNames: readonly FundingAccountState[] = ['loading', 'ready', 'error'];

/**
 * Money may arrive at any time, and a customer who has just sent some watches for it: when the stream
 * is not open, a poll every 5 s for a minute, then backing off to 30 s (paused while the page is hidden).
 */
export const fundingPollSchedule: PollSchedule = { fast: 5000, fastWindow: 60_000, factor: 2, max: 30_000 };

/**
 * Loads the customer's accounts from `{endpoint}/funding/{token}` (or takes the view a server-rendered
 * page put in it as a child `<script type="application/json">`, with no request; other children are the
 * page's fallback for browsers without script, never shown once the element runs), then listens to the
 * kit's stream of them (`{endpoint}/funding/{token}/events`) and polls whenever it is not open (every
 * 5 s for the first minute, then backing off to 30 s; paused while the page is hidden). The first
 * visit opens the accounts at the provider: the kit does it once per currency. When polls fail while
 * the accounts are shown, a polite "Reconnecting…" replaces the introduction, one pay-error is fired
 * for the whole outage, and polling goes on until the backend answers again.
 *
 * @summary A customer's own bank accounts to pay into at any time (a local one with a QR code of its
 * details; a USD one with its routing numbers, SWIFT code and bank address for transfers from abroad),
 * every detail copyable, and the deposits as they arrive with their running total.
 *
 * @event {PayDepositEvent} pay-deposit - A deposit arrived while the element was open; once per deposit (not for those of the first view). `detail: {deposit, view}`.
 * @event {PayErrorEvent} pay-error - Loading failed (once per run of failures). `detail: {code, message, status, operation: "load"}`.
 * @event {PayCopyEvent} pay-copy - A copy button put its value on the clipboard. `detail: {field, value}`.
 *
 * @csspart base - The box around every state.
 * @csspart title - The heading: "Your payment accounts" (or the loading and error titles).
 * @csspart intro - The sentence under the heading: what the accounts are for.
 * @csspart reconnecting - "Reconnecting…", in place of the introduction while polls fail.
 * @csspart message - The error state's sentence.
 * @csspart accounts - The accounts' cards (side by side in a wide element, stacked in a narrow one).
 * @csspart account - Each account's card.
 * @csspart account-header - An account's heading and currency.
 * @csspart account-title - An account's heading: "US Dollar account".
 * @csspart currency - An account's currency code.
 * @csspart account-name - The account holder's name.
 * @csspart account-number - The grouped account number (always left to right, also in Arabic).
 * @csspart bank-name - The bank's name.
 * @csspart bank-code - The bank's code.
 * @csspart wire - A USD account's details for transfers from abroad.
 * @csspart routing-ach - The ACH routing number.
 * @csspart routing-rtp - The RTP routing number.
 * @csspart routing-wire - The wire routing number.
 * @csspart swift-code - The SWIFT code.
 * @csspart bank-address - The bank's address.
 * @csspart copy-button - Every field's copy button (each also has its field's part, below).
 * @csspart copy-account-name - The account holder's name's copy button.
 * @csspart copy-account-number - The account number's copy button.
 * @csspart copy-bank-name - The bank's name's copy button.
 * @csspart copy-bank-code - The bank's code's copy button.
 * @csspart copy-routing-ach - The ACH routing number's copy button.
 * @csspart copy-routing-rtp - The RTP routing number's copy button.
 * @csspart copy-routing-wire - The wire routing number's copy button.
 * @csspart copy-swift-code - The SWIFT code's copy button.
 * @csspart copy-bank-address - The bank's address's copy button.
 * @csspart copy-wire-button - "Copy wire instructions".
 * @csspart qr - The <pay-qr> of a local account's details.
 * @csspart qr-caption - What the QR code is for, under it.
 * @csspart deposits - The deposits, their total and list.
 * @csspart totals - The running total, one amount per currency.
 * @csspart total - Each currency's total.
 * @csspart deposit-list - The list of deposits, newest first.
 * @csspart deposit - Each deposit.
 * @csspart deposit-new - A deposit that just arrived (with `deposit`).
 * @csspart deposit-amount - A deposit's amount.
 * @csspart deposit-time - When a deposit was received.
 * @csspart deposit-account - The account a deposit was paid into.
 * @csspart no-deposits - "No deposits yet".
 * @csspart retry-button - "Try again".
 *
 * @cssproperty --pay-color-text - Text colour.
 * @cssproperty --pay-color-text-muted - Secondary text colour.
 * @cssproperty --pay-color-surface - Background of the box.
 * @cssproperty --pay-color-surface-raised - Background of the account cards.
 * @cssproperty --pay-color-border - Borders and rules between deposits.
 * @cssproperty --pay-color-accent - Buttons and the currency badge.
 * @cssproperty --pay-color-accent-text - Text on accent backgrounds.
 * @cssproperty --pay-color-success - "Copied", and a deposit that just arrived.
 * @cssproperty --pay-color-danger - The error state.
 * @cssproperty --pay-color-focus - The focus ring.
 * @cssproperty --pay-font-family - Font.
 * @cssproperty --pay-font-size - Base font size.
 * @cssproperty --pay-radius - Corner radius.
 * @cssproperty --pay-spacing - Base spacing.
 * @cssproperty --pay-focus-ring-width - Width of the focus ring.
 * @cssproperty --pay-transition-duration - Transitions (0s under prefers-reduced-motion).
 *
 * @cssstate loading - Waiting for the first answer.
 * @cssstate ready - The accounts are shown.
 * @cssstate error - Nothing to show: the link is not valid (or expired) or the backend failed.
 * @cssstate reconnecting - The accounts are shown but the backend is not answering; polling goes on.
 */
export class PayFundingAccount extends PayElement {
  static override styles = styles;
  static override properties: PropertyDeclarations = {
    token: { attribute: 'token' },
    endpoint: { attribute: 'endpoint' },
    theme: { reflect: true, attribute: 'theme' },
    updates: { attribute: 'updates' },
    clock: { attribute: false },
  };

  /** The customer's token, from the merchant's server (`pay.fundingToken(customerId)`): never a customer id. */
  token = '';

  /** Base URL of the backend kit's widget endpoints. */
  endpoint = '/pay';

  /** Colour scheme: `auto` (follow the system), `light`, `dark` or `high-contrast`. */
  theme: PayTheme = 'auto';

  /** How deposits arrive: `push` (the kit's event stream, polling when it is unavailable) or `poll`. */
  updates: 'push' | 'poll' = 'push';

  /** Source of time and timers (polling, "Copied"). Inject a `ManualClock` to control time. */
  clock: Clock = realClock;

  readonly #localize = new LocalizeController(this, enFundingAccount);
  readonly #resource = new ViewTaskController(this, {
    clock: () => this.clock,
    args: () => [this.token, this.endpoint, this.updates] as const,
    start: ([token, endpoint], previous): ViewTaskStart<FundingView> => {
      if (token !== previous?.[0] || endpoint !== previous[1]) {
        this.#seen = new Set();
        this.#first = true;
        this.#arrived = new Set();
      }
      this.#stream.stop();
      return { active: token !== '', first: this.#takeViewFromPage() };
    },
    schedule: fundingPollSchedule,
    fetch: (options) =>
      this.token ? fetchFunding(this.endpoint, this.token, options) : Promise.resolve({ kind: 'aborted' }),
    isFinal: () => false,
    onView: (view) => this.#accept(view),
    onFailure: (error, reconnecting) =>
      this.fail(
        error,
        'load',
        reconnecting ? this.#localize.term.connection.reconnecting : this.#errorMessage(error),
      ),
    // a stream the browser closed without a word (an app switch, the back/forward cache) is opened again
    onReturn: () => this.#stream.revive(),
  });
  readonly #clipboard = new ClipboardController(this, { clock: () => this.clock });
  readonly #stream = new ViewStreamController(this, {
    event: 'funding',
    read: readFundingView,
    onView: (view, version) => this.#resource.accept(view, `"${version}"`),
    onOpen: (open) => (open ? this.#resource.stopPolling() : this.#resource.startPolling()),
  });
  /** The deposits listed so far (a deposit is new once), and whether the first view has been seen. */
  #seen = new Set<string>();
  #first = true;
  /** The ids of the deposits that arrived with the last view. */
  #arrived: ReadonlySet<string> = new Set();
  #pageViewTaken = false;

  constructor() {
    super('region');
  }

  /** The accounts, deposits and totals as last answered (or pushed) by the backend; null before. */
  get funding(): FundingView | null {
    return this.#resource.view;
  }

  /** Asks the backend now rather than at the next poll. */
  async refreshNow(): Promise<void> {
    await this.#resource.pollNow();
  }

  protected override updated(): void {
    const current = this.#displayState;
    this.showState(stateNames, current, null);
    this.setState('reconnecting', this.#resource.reconnecting && current !== 'error');
    const term = this.#localize.term.funding;
    this.internals.ariaLabel = current === 'loading' ? term.loading : term.title;
    this.internals.ariaBusy = current === 'loading' ? 'true' : 'false';
  }

  get #displayState(): FundingAccountState {
    if (this.#resource.view) return 'ready';
    return this.#resource.failure ? 'error' : 'loading';
  }

  /** The first view a server-rendered page carried, taken once (see viewFromPage). */
  #takeViewFromPage(): ViewAnswer<FundingView> | undefined {
    if (this.#pageViewTaken || !this.token) return undefined;
    this.#pageViewTaken = true;
    const answer = viewFromPage(this, readFundingView);
    return answer?.kind === 'view' ? answer : undefined;
  }

  #accept(view: FundingView): void {
    if (this.updates === 'push')
      this.#stream.listen(endpointUrl(this.endpoint, fundingEventsPath(this.token)));
    else this.#stream.stop();
    const fresh = newDeposits(view, this.#seen);
    if (this.#first) {
      // what the first view lists was there before the customer looked
      this.#first = false;
      return;
    }
    if (fresh.length === 0) return;
    this.#arrived = new Set(fresh.map((deposit) => deposit.id));
    this.announcer.announce(fresh.map((deposit) => this.#received(deposit)).join('. '));
    for (const deposit of fresh) this.dispatchEvent(new PayDepositEvent({ deposit, view }));
  }

  #received(deposit: FundingDeposit): string {
    return this.#localize.term.funding.received(this.#localize.money(deposit.amount, deposit.currency));
  }

  #errorMessage(error: BackendError): string {
    const term = this.#localize.term;
    return error.code === 'not_found' ? term.funding.notFound : term.errors[error.code];
  }

  readonly #handleRetry = (): void => {
    this.#resource.retry();
  };

  readonly #handleCopy = async (copy: FundingCopy): Promise<void> => {
    const account = this.#resource.view?.accounts[copy.index];
    if (!account) return;
    const term = this.#localize.term;
    const f = term.funding;
    const { field } = copy;
    const value =
      field === 'wire-instructions' ? wireInstructions(account, term) : fieldValue(account, field);
    if (!value) return;
    if (!(await this.#clipboard.copy(copyKey(copy), value))) {
      this.announcer.announce(term.copyFailed);
      return;
    }
    this.announcer.announce(field === 'wire-instructions' ? f.copiedWire : f.copiedField(f.label[field]));
    this.dispatchEvent(new PayCopyEvent({ field, value }));
  };

  protected override render(): TemplateResult {
    const term = this.#localize.term;
    const view = this.#resource.view;
    const failure = this.#resource.failure;
    let body: TemplateResult;
    if (view) {
      const lang = this.#localize.lang();
      body = renderFunding({
        view,
        term,
        money: (amount, currency) => this.#localize.money(amount, currency),
        dateTime: (iso) => this.#localize.dateTime(iso),
        currencyName: (code) => currencyName(lang, code),
        copied: this.#clipboard.copied,
        arrived: this.#arrived,
        reconnecting: this.#resource.reconnecting,
        onCopy: (copy) => void this.#handleCopy(copy),
      });
    } else if (failure) {
      body = renderErrorPanel(
        term.funding.errorTitle,
        this.#errorMessage(failure),
        failure.code,
        term.retry,
        this.#handleRetry,
      );
    } else {
      body = renderLoadingPanel(term.funding.loading);
    }
    return html`${body} ${this.announcer.render()}`;
  }
}
