export interface PayCopyDetail {
  /** What was copied (`swift-code` from <pay-invoice-view>, `link` from <pay-link>). */
  field: 'account-number' | 'amount' | 'swift-code' | 'link';
  /**
   * The exact text put on the clipboard: the unspaced account number, the decimal amount, the SWIFT
   * code, or the link's URL.
   */
  value: string;
}

/** Fired after a copy button put its value on the clipboard. */
export class PayCopyEvent extends Event {
  readonly detail: PayCopyDetail;

  constructor(detail: PayCopyDetail) {
    super('pay-copy', { bubbles: true, composed: true });
    this.detail = detail;
  }
}

declare global {
  interface GlobalEventHandlersEventMap {
    'pay-copy': PayCopyEvent;
  }
}
