export interface PayWaveDetail {
  /** Whom the shopper waved back to. */
  name: string;
}

/** Fired when the shopper waves back at a greeting. */
export class PayWaveEvent extends Event {
  readonly detail: PayWaveDetail;

  constructor(detail: PayWaveDetail) {
    super('pay-wave', { bubbles: true, composed: true });
    this.detail = detail;
  }
}

declare global {
  interface GlobalEventHandlersEventMap {
    'pay-wave': PayWaveEvent;
  }
}
