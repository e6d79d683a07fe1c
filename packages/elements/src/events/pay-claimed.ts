import type { SessionView } from '@pay-elements/protocol';

export interface PayClaimedDetail {
  /** The session view, still `status: "pending"`, with `claimed_at` set. */
  session: SessionView;
}

/**
 * Fired once when the shopper has said "I've sent the money" (the backend answered the claim, here or
 * on another page showing the session): the element now shows the confirming state and keeps
 * listening. A claim pays nothing; pay-paid still follows when the transfer arrives.
 */
export class PayClaimedEvent extends Event {
  readonly detail: PayClaimedDetail;

  constructor(detail: PayClaimedDetail) {
    super('pay-claimed', { bubbles: true, composed: true });
    this.detail = detail;
  }
}

declare global {
  interface GlobalEventHandlersEventMap {
    'pay-claimed': PayClaimedEvent;
  }
}
