import type { InvoiceViewModel } from '@pay-elements/protocol';

export interface PayInvoicePaidDetail {
  /** The invoice view, with `status: "paid"`. */
  invoice: InvoiceViewModel;
}

/**
 * Fired once when the backend reports an invoice paid. (A separate event from `pay-paid`, whose
 * detail is a checkout session: a page's `pay-paid` handler never receives an invoice.)
 */
export class PayInvoicePaidEvent extends Event {
  readonly detail: PayInvoicePaidDetail;

  constructor(detail: PayInvoicePaidDetail) {
    super('pay-invoice-paid', { bubbles: true, composed: true });
    this.detail = detail;
  }
}

declare global {
  interface GlobalEventHandlersEventMap {
    'pay-invoice-paid': PayInvoicePaidEvent;
  }
}
