export interface PayCopyDetail {
  /** What was copied. */
  field: 'account-number' | 'amount';
  /** The exact text put on the clipboard: the unspaced account number, or the decimal amount. */
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
