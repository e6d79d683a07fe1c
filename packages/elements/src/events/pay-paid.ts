import type { SessionView } from '@pay-elements/protocol';

export interface PayPaidDetail {
  /** The session view, with `status: "paid"` and `paid_at`. */
  session: SessionView;
}

/** Fired once when the backend reports the session paid. */
export class PayPaidEvent extends Event {
  readonly detail: PayPaidDetail;

  constructor(detail: PayPaidDetail) {
    super('pay-paid', { bubbles: true, composed: true });
    this.detail = detail;
  }
}

declare global {
  interface GlobalEventHandlersEventMap {
    'pay-paid': PayPaidEvent;
  }
}
