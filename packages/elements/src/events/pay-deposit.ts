import type { FundingDeposit, FundingView } from '@pay-elements/protocol';

export interface PayDepositDetail {
  /** The deposit newly seen: its id (the provider's transaction), amount, currency, time and account. */
  deposit: FundingDeposit;
  /** The customer's accounts view it arrived in (its deposits newest first, its totals). */
  view: FundingView;
}

/**
 * Fired by <pay-funding-account> once for each deposit that arrives while it is open (not for those
 * already listed in its first view). What the customer is shown, not a receipt: credit the customer
 * in the kit's `onDeposit`, which runs once per deposit whether or not a page is open.
 */
export class PayDepositEvent extends Event {
  readonly detail: PayDepositDetail;

  constructor(detail: PayDepositDetail) {
    super('pay-deposit', { bubbles: true, composed: true });
    this.detail = detail;
  }
}

declare global {
  interface GlobalEventHandlersEventMap {
    'pay-deposit': PayDepositEvent;
  }
}
