import { html } from 'lit';
import { PayElement } from '../pay-element.js';
import type { PropertyDeclarations, TemplateResult } from 'lit';
import type { InvoiceStatus, InvoiceViewModel } from '@pay-elements/protocol';
import { ClipboardController } from '../../controllers/clipboard.js';
import { ViewStreamController } from '../../controllers/view-stream.js';
import { LocalizeController } from '../../controllers/localize.js';
import { enInvoiceView } from '../../i18n/en/invoice-view.js';
import { ViewTaskController, type ViewTaskStart } from '../../controllers/view-task.js';
import { PayCopyEvent } from '../../events/pay-copy.js';
import type { PayCopyDetail } from '../../events/pay-copy.js';
import { PayInvoicePaidEvent } from '../../events/pay-invoice-paid.js';
import { PayStatusChangeEvent } from '../../events/pay-status-change.js';
import { compactAccountNumber } from '../../lib/account-number.js';
import type { BackendError } from '../../lib/backend.js';
import { realClock } from '../../lib/clock.js';
import type { Clock } from '../../lib/clock.js';
import { endpointUrl, fetchInvoice, viewFromPage } from '../../lib/backend.js';
import type { ViewAnswer } from '../../lib/backend.js';
import { invoiceEventsPath, readInvoiceView } from '@pay-elements/protocol/guards';
import type { PollSchedule } from '../../lib/poll-schedule.js';
import { renderInvoice } from './invoice-view.templates.js';
import { renderErrorPanel, renderLoadingPanel } from '../panels.templates.js';
import type { CopyField } from './invoice-view.templates.js';
import type { PayTheme } from '../../styles/theme.js';
import styles from './invoice-view.styles.js';

/** What the element shows: before the first answer, each invoice status, or a failure with nothing to show. */
export type InvoiceViewState = 'loading' | InvoiceStatus | 'error';

const stateNames: readonly InvoiceViewState[] = [
  'loading',
  'pending',
  'paid',
  'overdue',
  'cancelled',
  'error',
];

/** An invoice is paid days after it is opened, not seconds: 5 s for a minute, then backing off to 30 s. */
export const invoicePollSchedule: PollSchedule = { fast: 5000, fastWindow: 60_000, factor: 2, max: 30_000 };

/** Statuses after which nothing changes any more: polling stops. */
const finalStatuses: readonly InvoiceStatus[] = ['paid', 'cancelled'];

/**
 * Loads the invoice view from `{endpoint}/invoices/{token}` (or takes the one a server-rendered page put
 * in it as a child `<script type="application/json">`, with no request; other children are the page's
 * fallback for browsers without script, never shown once the element runs), then listens to the kit's
 * status stream (`{endpoint}/invoices/{token}/events`) and polls whenever it is not open until it is paid or
 * cancelled (every 5 s for the first minute, then backing off to 30 s; paused while the page is
 * hidden). Shows exactly what the view says: charges and totals are the backend's arithmetic.
 * Prints as a plain black-on-white document (no buttons, no shadows). When polls fail while the
 * invoice is shown, a polite "Reconnecting…" replaces the status sentence, one pay-error is fired for
 * the whole outage, and polling goes on (backing off) until the backend answers again.
 *
 * @summary An invoice as its payer sees it: number, status, due date, items, charges and totals, the
 * merchant's note, and the bank account to pay into; waits for the payment and says when it has arrived.
 *
 * @event {PayStatusChangeEvent} pay-status-change - The status is first known or changed. `detail: {status, previous, invoice}`.
 * @event {PayInvoicePaidEvent} pay-invoice-paid - The invoice was paid; fired once. `detail: {invoice}`.
 * @event {PayErrorEvent} pay-error - Loading failed (once per run of failures). `detail: {code, message, status, operation: "load"}`.
 * @event {PayCopyEvent} pay-copy - A copy button put its value on the clipboard. `detail: {field, value}`.
 *
 * @csspart base - The box around every state.
 * @csspart header - The heading and the status badge.
 * @csspart title - The heading: "Invoice INV-000101" (or the loading and error titles).
 * @csspart status-badge - The status in words.
 * @csspart message - The sentence under the heading (what to do in this status, or the error).
 * @csspart reconnecting - "Reconnecting…", in place of the status sentence while polls fail.
 * @csspart summary - The list of status, due date and issue date.
 * @csspart due-date - The formatted due date.
 * @csspart issued - The formatted issue date.
 * @csspart items - The items table.
 * @csspart item-row - Each item's row.
 * @csspart subtotal - The subtotal amount.
 * @csspart charge - Each charge's row (each also has its kind's part, below).
 * @csspart charge-discount - A discount's row.
 * @csspart charge-tax - A tax's row.
 * @csspart charge-fee - A fee's row.
 * @csspart charge-shipping - The shipping's row.
 * @csspart total - The total amount.
 * @csspart note - The merchant's note (plain text).
 * @csspart payment-details - The bank account to pay into.
 * @csspart instructions - "Transfer … to this account".
 * @csspart account-name - The account holder's name.
 * @csspart account-number - The grouped account number (always left to right, also in Arabic).
 * @csspart bank-name - The bank's name.
 * @csspart currency - The account's currency.
 * @csspart swift-code - The SWIFT code (always left to right).
 * @csspart copy-button - Every copy button (each also has its own part, below).
 * @csspart copy-total - The total's copy button.
 * @csspart copy-account-number - The account number's copy button.
 * @csspart copy-swift-code - The SWIFT code's copy button.
 * @csspart qr - The <pay-qr> of the hosted invoice page.
 * @csspart print-button - "Print or save as PDF".
 * @csspart receipt-link - "View receipt", once paid when the backend names a receipt (`receipt_url`).
 * @csspart retry-button - "Try again".
 *
 * @cssproperty --pay-color-text - Text colour.
 * @cssproperty --pay-color-text-muted - Secondary text colour.
 * @cssproperty --pay-color-surface - Background of the box.
 * @cssproperty --pay-color-surface-raised - Background of the payment details and table head.
 * @cssproperty --pay-color-border - Borders and table rules.
 * @cssproperty --pay-color-accent - Buttons and the pending badge.
 * @cssproperty --pay-color-accent-text - Text on accent backgrounds.
 * @cssproperty --pay-color-success - The paid badge and "Copied".
 * @cssproperty --pay-color-danger - The overdue badge and the error state.
 * @cssproperty --pay-color-focus - The focus ring.
 * @cssproperty --pay-font-family - Font.
 * @cssproperty --pay-font-size - Base font size.
 * @cssproperty --pay-radius - Corner radius.
 * @cssproperty --pay-spacing - Base spacing.
 * @cssproperty --pay-focus-ring-width - Width of the focus ring.
 * @cssproperty --pay-transition-duration - Transitions (0s under prefers-reduced-motion).
 *
 * @cssstate loading - Waiting for the first answer.
 * @cssstate pending - Awaiting payment.
 * @cssstate overdue - Past its due date, unpaid.
 * @cssstate paid - Paid.
 * @cssstate cancelled - Cancelled by the merchant.
 * @cssstate error - Nothing to show: the invoice is unknown or the backend failed.
 * @cssstate reconnecting - The invoice is shown but the backend is not answering; polling goes on.
 */
export class PayInvoiceView extends PayElement {
  static override styles = styles;
  static override properties: PropertyDeclarations = {
    token: { attribute: 'token' },
    endpoint: { attribute: 'endpoint' },
    theme: { reflect: true, attribute: 'theme' },
    updates: { attribute: 'updates' },
    clock: { attribute: false },
  };

  /** The invoice's token, from the merchant's server (`pay.invoiceToken(number)`): the number alone shows nothing. */
  token = '';

  /** Base URL of the backend kit's widget endpoints. */
  endpoint = '/pay';

  /** Colour scheme: `auto` (follow the system), `light`, `dark` or `high-contrast`. (Print is always black on white.) */
  theme: PayTheme = 'auto';

  /** How status changes arrive: `push` (the kit's event stream, polling when it is unavailable) or `poll`. */
  updates: 'push' | 'poll' = 'push';

  /** Source of time and timers (polling, "Copied"). Inject a `ManualClock` to control time. */
  clock: Clock = realClock;

  readonly #localize = new LocalizeController(this, enInvoiceView);
  readonly #resource = new ViewTaskController(this, {
    clock: () => this.clock,
    args: () => [this.token, this.endpoint, this.updates] as const,
    start: ([token]): ViewTaskStart<InvoiceViewModel> => {
      this.#paidAnnounced = false;
      this.#stream.stop();
      return { active: token !== '', first: this.#takeViewFromPage() };
    },
    schedule: invoicePollSchedule,
    fetch: (options) =>
      this.token ? fetchInvoice(this.endpoint, this.token, options) : Promise.resolve({ kind: 'aborted' }),
    isFinal: (view) => finalStatuses.includes(view.status),
    onView: (view, previous) => this.#accept(view, previous),
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
    event: 'invoice',
    read: readInvoiceView,
    onView: (view, version) => this.#resource.accept(view, `"${version}"`),
    onOpen: (open) => (open ? this.#resource.stopPolling() : this.#resource.startPolling()),
  });
  #paidAnnounced = false;
  #pageViewTaken = false;

  constructor() {
    super('region');
  }

  /** The invoice's status, or null before the first answer and when it failed to load. */
  get status(): InvoiceStatus | null {
    return this.#resource.view?.status ?? null;
  }

  /** The invoice view as last answered by the backend. */
  get invoice(): InvoiceViewModel | null {
    return this.#resource.view;
  }

  /** Asks the backend now rather than at the next poll. */
  async refreshNow(): Promise<void> {
    await this.#resource.pollNow();
  }

  protected override updated(): void {
    const current = this.#displayState;
    this.showState(stateNames, current, this.status);
    this.setState('reconnecting', this.#resource.reconnecting && current !== 'error');
    const term = this.#localize.term.invoice;
    const view = this.#resource.view;
    this.internals.ariaLabel = view ? term.title(view.number) : term.loading;
    this.internals.ariaBusy = current === 'loading' ? 'true' : 'false';
  }

  get #displayState(): InvoiceViewState {
    if (this.#resource.view) return this.#resource.view.status;
    return this.#resource.failure ? 'error' : 'loading';
  }

  /**
   * The first view a server-rendered page carried, taken once (see viewFromPage): the page's server
   * wrote it with the token, so it is this invoice's.
   */
  #takeViewFromPage(): ViewAnswer<InvoiceViewModel> | undefined {
    if (this.#pageViewTaken || !this.token) return undefined;
    this.#pageViewTaken = true;
    const answer = viewFromPage(this, readInvoiceView);
    return answer?.kind === 'view' ? answer : undefined;
  }

  #accept(view: InvoiceViewModel, previous: InvoiceViewModel | null): void {
    if (finalStatuses.includes(view.status) || this.updates !== 'push') this.#stream.stop();
    else this.#stream.listen(endpointUrl(this.endpoint, invoiceEventsPath(this.token)));
    if (previous?.status === view.status) return;
    this.dispatchEvent(
      new PayStatusChangeEvent({ status: view.status, previous: previous?.status ?? null, invoice: view }),
    );
    if (previous) this.announcer.announce(this.#localize.term.invoice.statusAnnouncement[view.status]);
    if (view.status === 'paid' && !this.#paidAnnounced) {
      this.#paidAnnounced = true;
      this.dispatchEvent(new PayInvoicePaidEvent({ invoice: view }));
    }
  }

  #errorMessage(error: BackendError): string {
    const term = this.#localize.term;
    return error.code === 'not_found' ? term.invoice.notFound : term.errors[error.code];
  }

  readonly #handleRetry = (): void => {
    this.#resource.retry();
  };

  readonly #handlePrint = (): void => {
    window.print();
  };

  readonly #handleCopy = async (field: CopyField): Promise<void> => {
    const view = this.#resource.view;
    if (!view) return;
    const term = this.#localize.term;
    const copies: Record<CopyField, { value: string; done: string }> = {
      amount: { value: view.total, done: term.invoice.copiedTotal },
      'account-number': {
        value: compactAccountNumber(view.payment_details.account_number),
        done: term.copiedAccountNumber,
      },
      'swift-code': { value: view.payment_details.swift_code, done: term.invoice.copiedSwiftCode },
    };
    const { value, done } = copies[field];
    const copied = await this.#clipboard.copy(field, value);
    if (!copied) {
      this.announcer.announce(term.copyFailed);
      return;
    }
    this.announcer.announce(done);
    const detail: PayCopyDetail = { field, value };
    this.dispatchEvent(new PayCopyEvent(detail));
  };

  protected override render(): TemplateResult {
    const lang = this.#localize.lang();
    const term = this.#localize.term;
    let body: TemplateResult;
    const view = this.#resource.view;
    const failure = this.#resource.failure;
    if (view) {
      body = renderInvoice({
        view,
        term,
        lang,
        dir: this.#localize.dir(),
        money: (amount) => this.#localize.money(amount, view.currency),
        copied: this.#clipboard.copied,
        reconnecting: this.#resource.reconnecting,
        onCopy: (field) => void this.#handleCopy(field),
        onPrint: this.#handlePrint,
      });
    } else if (failure) {
      body = renderErrorPanel(
        term.invoice.errorTitle,
        this.#errorMessage(failure),
        failure.code,
        term.retry,
        this.#handleRetry,
      );
    } else {
      body = renderLoadingPanel(term.invoice.loading);
    }
    return html`${body} ${this.announcer.render()}`;
  }
}
