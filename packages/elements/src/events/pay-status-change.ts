import type { InvoiceStatus, InvoiceViewModel, SessionStatus, SessionView } from '@pay-elements/protocol';

/** From <pay-dynamic-account>: a checkout session's status. */
export interface PaySessionStatusChangeDetail {
  /** The status now. */
  status: SessionStatus;
  /** The status before, or null on the first answer. */
  previous: SessionStatus | null;
  /** The session view as the backend answered it. */
  session: SessionView;
}

/** From <pay-invoice-view>: an invoice's status. */
export interface PayInvoiceStatusChangeDetail {
  /** The status now. */
  status: InvoiceStatus;
  /** The status before, or null on the first answer. */
  previous: InvoiceStatus | null;
  /** The invoice view as the backend answered it. */
  invoice: InvoiceViewModel;
}

/** Which it is: `'session' in detail` or `'invoice' in detail` tells them apart. */
export type PayStatusChangeDetail = PaySessionStatusChangeDetail | PayInvoiceStatusChangeDetail;

/** Fired when the status of a session or an invoice is first known and whenever it changes. */
export class PayStatusChangeEvent extends Event {
  readonly detail: PayStatusChangeDetail;

  constructor(detail: PayStatusChangeDetail) {
    super('pay-status-change', { bubbles: true, composed: true });
    this.detail = detail;
  }
}

declare global {
  interface GlobalEventHandlersEventMap {
    'pay-status-change': PayStatusChangeEvent;
  }
}
