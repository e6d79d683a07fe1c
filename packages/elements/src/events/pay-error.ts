import type { BackendError } from '../errors.js';

export type PayErrorDetail = BackendError & {
  /** What failed: loading or polling the session, renewing its account, or saying the money was sent. */
  operation: 'load' | 'renew' | 'claim';
};

/** Fired when the backend cannot be reached or answers with an error (once per run of failures). */
export class PayErrorEvent extends Event {
  readonly detail: PayErrorDetail;

  constructor(detail: PayErrorDetail) {
    super('pay-error', { bubbles: true, composed: true });
    this.detail = detail;
  }
}

declare global {
  interface GlobalEventHandlersEventMap {
    'pay-error': PayErrorEvent;
  }
}
