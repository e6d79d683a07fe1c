export interface PayShareDetail {
  /** The payment link's URL. */
  url: string;
  /** The link's title. */
  title: string;
  /** The link's description. */
  text: string;
}

/**
 * Fired when the shopper asks to share a payment link, before the browser's share sheet opens.
 * Cancelable: a host that calls `preventDefault()` shares in its own way and the element does nothing.
 */
export class PayShareEvent extends Event {
  readonly detail: PayShareDetail;

  constructor(detail: PayShareDetail) {
    super('pay-share', { bubbles: true, composed: true, cancelable: true });
    this.detail = detail;
  }
}

declare global {
  interface GlobalEventHandlersEventMap {
    'pay-share': PayShareEvent;
  }
}
