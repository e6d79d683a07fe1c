import { LitElement, html } from 'lit';
import type { PropertyValues, TemplateResult } from 'lit';
import { property, state } from 'lit/decorators.js';
import type { InvoiceStatus, InvoiceViewModel } from '@pay-elements/protocol';
import { ClipboardController } from '../../controllers/clipboard.js';
import { LocalizeController } from '../../controllers/localize.js';
import { PollController } from '../../controllers/poll.js';
import type { PollResult } from '../../controllers/poll.js';
import { PayCopyEvent } from '../../events/pay-copy.js';
import type { PayCopyDetail } from '../../events/pay-copy.js';
import { PayErrorEvent } from '../../events/pay-error.js';
import { PayInvoicePaidEvent } from '../../events/pay-invoice-paid.js';
import { PayStatusChangeEvent } from '../../events/pay-status-change.js';
import { compactAccountNumber } from '../../lib/account-number.js';
import type { BackendError } from '../../lib/backend.js';
import { realClock } from '../../lib/clock.js';
import { RequestGeneration } from '../../lib/request-generation.js';
import { showState } from '../../lib/element-state.js';
import type { Clock } from '../../lib/clock.js';
import { fetchInvoice } from '../../lib/backend.js';
import type { ViewAnswer } from '../../lib/backend.js';
import type { PollSchedule } from '../../lib/poll-schedule.js';
import { renderError, renderInvoice, renderLoading } from './invoice-view.templates.js';
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
 * Loads the invoice view from `{endpoint}/invoices/{number}` and polls it until it is paid or
 * cancelled (every 5 s for the first minute, then backing off to 30 s; paused while the page is
 * hidden). Shows exactly what the view says: charges and totals are the backend's arithmetic.
 * Prints as a plain black-on-white document (no buttons, no shadows).
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
 * @csspart summary - The list of status, due date and issue date.
 * @csspart due-date - The formatted due date.
 * @csspart issued - The formatted issue date.
 * @csspart items - The items table.
 * @csspart item-row - Each item's row.
 * @csspart subtotal - The subtotal amount.
 * @csspart charge - Each charge's row (also `charge-discount`, `charge-tax`, `charge-fee`, `charge-shipping`).
 * @csspart total - The total amount.
 * @csspart note - The merchant's note (plain text).
 * @csspart payment-details - The bank account to pay into.
 * @csspart instructions - "Transfer … to this account".
 * @csspart account-name - The account holder's name.
 * @csspart account-number - The grouped account number (always left to right, also in Arabic).
 * @csspart bank-name - The bank's name.
 * @csspart currency - The account's currency.
 * @csspart swift-code - The SWIFT code (always left to right).
 * @csspart copy-button - Every copy button (also `copy-total`, `copy-account-number`, `copy-swift-code`).
 * @csspart qr - The <pay-qr> of the hosted invoice page.
 * @csspart print-button - "Print or save as PDF".
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
 */
export class PayInvoiceView extends LitElement {
  static override styles = styles;

  /** The invoice number, e.g. `INV-000101`. */
  @property({ attribute: 'number' }) number = '';

  /** Base URL of the backend kit's widget endpoints. */
  @property({ attribute: 'endpoint' }) endpoint = '/pay';

  /** Colour scheme: `auto` (follow the system), `light`, `dark` or `high-contrast`. (Print is always black on white.) */
  @property({ reflect: true, attribute: 'theme' }) theme: PayTheme = 'auto';

  /** Source of time and timers (polling, "Copied"). Inject a `ManualClock` to control time. */
  @property({ attribute: false }) clock: Clock = realClock;

  @state() private view: InvoiceViewModel | null = null;
  @state() private failure: BackendError | null = null;
  @state() private announcement = '';

  private readonly internals: ElementInternals;
  private readonly localize = new LocalizeController(this);
  private readonly poller = new PollController(this, {
    clock: () => this.clock,
    poll: () => this.refresh(),
    schedule: invoicePollSchedule,
  });
  private readonly clipboard = new ClipboardController(this, { clock: () => this.clock });

  /** Changes with every invoice (or endpoint) shown, so late answers for an old one are dropped. */
  private readonly requests = new RequestGeneration();
  private etag: string | null = null;
  private paidAnnounced = false;
  private failing = false;

  constructor() {
    super();
    this.internals = this.attachInternals();
    this.internals.role = 'region';
  }

  /** The invoice's status, or null before the first answer and when it failed to load. */
  get status(): InvoiceStatus | null {
    return this.view?.status ?? null;
  }

  /** The invoice view as last answered by the backend. */
  get invoice(): InvoiceViewModel | null {
    return this.view;
  }

  /** Asks the backend now rather than at the next poll. */
  async refreshNow(): Promise<void> {
    await this.poller.pollNow();
  }

  protected override willUpdate(changed: PropertyValues<this>): void {
    if (changed.has('number') || changed.has('endpoint')) this.restart();
  }

  protected override updated(): void {
    const current = this.displayState;
    showState(this, this.internals.states, stateNames, current, this.status);
    const term = this.localize.term.invoice;
    this.internals.ariaLabel = this.number ? term.title(this.number) : term.loading;
    this.internals.ariaBusy = current === 'loading' ? 'true' : 'false';
  }

  private get displayState(): InvoiceViewState {
    if (this.view) return this.view.status;
    return this.failure ? 'error' : 'loading';
  }

  private restart(): void {
    this.requests.next();
    this.poller.stop();
    this.view = null;
    this.failure = null;
    this.etag = null;
    this.paidAnnounced = false;
    this.failing = false;
    if (!this.number) return;
    const generation = this.requests.current;
    void this.refresh().then((result) => {
      if (!this.requests.isCurrent(generation) || result === 'stop') return;
      this.poller.start(result === 'failed');
    });
  }

  /** One request for the invoice view, and its effects. Never rejects. */
  private async refresh(): Promise<PollResult> {
    if (!this.number) return 'stop';
    const generation = this.requests.current;
    const answer = await fetchInvoice(this.endpoint, this.number, {
      etag: this.view ? this.etag : null,
      signal: this.requests.signal,
    });
    if (!this.requests.isCurrent(generation)) return 'stop';
    return this.handleAnswer(answer);
  }

  private handleAnswer(answer: ViewAnswer<InvoiceViewModel>): PollResult {
    switch (answer.kind) {
      case 'aborted':
        return 'stop';
      case 'not-modified':
        this.failing = false;
        return this.view && finalStatuses.includes(this.view.status) ? 'stop' : 'continue';
      case 'error':
        return this.handleFailure(answer.error);
      case 'view':
        this.etag = answer.etag;
        this.accept(answer.view);
        return finalStatuses.includes(answer.view.status) ? 'stop' : 'continue';
    }
  }

  private handleFailure(error: BackendError): PollResult {
    const gone = error.code === 'not_found';
    if (gone || !this.view) {
      // nothing (more) to show: the error state
      if (gone) this.view = null;
      this.failure = error;
    }
    if (!this.failing) {
      this.failing = true;
      if (!this.view) this.announce(this.errorMessage(error));
      this.dispatchEvent(new PayErrorEvent({ ...error, operation: 'load' }));
    }
    return gone ? 'stop' : 'failed';
  }

  private accept(view: InvoiceViewModel): void {
    const previous = this.view;
    this.view = view;
    this.failure = null;
    this.failing = false;
    if (previous?.status === view.status) return;
    this.dispatchEvent(
      new PayStatusChangeEvent({ status: view.status, previous: previous?.status ?? null, invoice: view }),
    );
    if (previous) this.announce(this.localize.term.invoice.statusAnnouncement[view.status]);
    if (view.status === 'paid' && !this.paidAnnounced) {
      this.paidAnnounced = true;
      this.dispatchEvent(new PayInvoicePaidEvent({ invoice: view }));
    }
    if (finalStatuses.includes(view.status)) this.poller.stop();
  }

  private errorMessage(error: BackendError): string {
    const term = this.localize.term;
    return error.code === 'not_found' ? term.invoice.notFound : term.errors[error.code];
  }

  /** Puts `text` in the polite live region (re-announcing identical text too). */
  private announce(text: string): void {
    this.announcement = text === this.announcement ? `${text}\u00a0` : text;
  }

  private readonly handleRetry = (): void => {
    this.failing = false;
    this.poller.start();
    void this.poller.pollNow();
  };

  private readonly handlePrint = (): void => {
    window.print();
  };

  private readonly handleCopy = async (field: CopyField): Promise<void> => {
    const view = this.view;
    if (!view) return;
    const term = this.localize.term;
    const copies: Record<CopyField, { value: string; done: string }> = {
      amount: { value: view.total, done: term.invoice.copiedTotal },
      'account-number': {
        value: compactAccountNumber(view.payment_details.account_number),
        done: term.copiedAccountNumber,
      },
      'swift-code': { value: view.payment_details.swift_code, done: term.invoice.copiedSwiftCode },
    };
    const { value, done } = copies[field];
    const copied = await this.clipboard.copy(field, value);
    if (!copied) {
      this.announce(term.copyFailed);
      return;
    }
    this.announce(done);
    const detail: PayCopyDetail = { field, value };
    this.dispatchEvent(new PayCopyEvent(detail));
  };

  protected override render(): TemplateResult {
    const lang = this.localize.lang();
    const term = this.localize.term;
    let body: TemplateResult;
    const view = this.view;
    if (view) {
      body = renderInvoice({
        view,
        term,
        lang,
        dir: this.localize.dir(),
        money: (amount) => this.localize.money(amount, view.currency),
        copied: this.clipboard.copied,
        onCopy: (field) => void this.handleCopy(field),
        onPrint: this.handlePrint,
      });
    } else if (this.failure) {
      body = renderError(term, this.errorMessage(this.failure), this.failure.code, this.handleRetry);
    } else {
      body = renderLoading(term);
    }
    return html`
      ${body}
      <div class="visually-hidden" role="status" aria-live="polite" aria-atomic="true">
        ${this.announcement}
      </div>
    `;
  }
}
