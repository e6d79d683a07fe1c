import type { SessionView } from '@pay-elements/protocol';

export interface PayExpiredDetail {
  /** The session view, with `status: "expired"`. */
  session: SessionView;
}

/** Fired when the backend reports the session's account expired (again after each renewal that lapses). */
export class PayExpiredEvent extends Event {
  readonly detail: PayExpiredDetail;

  constructor(detail: PayExpiredDetail) {
    super('pay-expired', { bubbles: true, composed: true });
    this.detail = detail;
  }
}

declare global {
  interface GlobalEventHandlersEventMap {
    'pay-expired': PayExpiredEvent;
  }
}
