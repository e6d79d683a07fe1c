import type { SessionStatus, SessionView } from '@pay-elements/protocol';

export interface PayStatusChangeDetail {
  /** The status now. */
  status: SessionStatus;
  /** The status before, or null on the first answer. */
  previous: SessionStatus | null;
  /** The session view as the backend answered it. */
  session: SessionView;
}

/** Fired when the session's status is first known and whenever it changes. */
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
