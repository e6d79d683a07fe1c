export interface PayCopyDetail {
  /**
   * What was copied (`swift-code` from <pay-invoice-view> and <pay-funding-account>, `link` from
   * <pay-link>, the account's other fields and the whole `wire-instructions` from <pay-funding-account>).
   */
  field:
    | 'account-number'
    | 'amount'
    | 'swift-code'
    | 'link'
    | 'account-name'
    | 'bank-name'
    | 'bank-code'
    | 'routing-ach'
    | 'routing-rtp'
    | 'routing-wire'
    | 'bank-address'
    | 'wire-instructions';
  /**
   * The exact text put on the clipboard: the unspaced account number, the decimal amount, the SWIFT
   * code, the link's URL, the field as the backend gave it, or the wire instructions' lines.
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
