// The one module that knows the kit's API beyond the widget routes: events (onEvent), sessions opened
// server to server (openSession, getSession), receipts, a customer's accounts opened on request, and
// the store's generic blocks the service keeps its own state through (records in collections
// `service.*`), and the kit's host delivery of every event (`eventDeliveries`, its outbox topic
// `events.host`: the notifications). Everything else of the service goes through
// `ServiceKit`, so that a change in that API is answered here alone.
import {
  createPayHandler,
  type Order,
  type OutboxPart,
  kitEventTypes,
  type AnyKitEvent,
  type KitEvent,
  type KitEventType,
  type PayHandler,
  type PayHandlerOptions,
  type RecordPart,
  type SessionRecord,
} from '@pay-elements/server';

export type { AnyKitEvent, Json, OutboxEntry, RecordWrite, StoredRecord } from '@pay-elements/server';

/**
 * The events the service tells the merchant of: every one the kit declares (its event catalogue), so
 * that a new kit event is notified with no edit here.
 */
export const payEventTypes = kitEventTypes;
export type PayEventType = KitEventType;
export type { KitEvent };

/** @deprecated since 0.2.0: `KitEvent` (of `@pay-elements/server`, re-exported here): the same events. */
export type PayEvent = KitEvent;

/** Whether the event read back is of a declared type (one stored by an older kit may not be). */
export function isMerchantEvent(event: AnyKitEvent): event is KitEvent {
  return (payEventTypes as readonly string[]).includes(event.type);
}

/** The store's blocks the service keeps its own state through: the kit's store itself. */
export interface ServiceState {
  records: RecordPart;
  outbox: OutboxPart;
}

/** What a receipt is for. */
export type ReceiptSubject = { sessionId: string } | { invoiceNumber: string };

/** The kit as the service uses it. */
export interface ServiceKit {
  pay: PayHandler;
  state: ServiceState;
  /**
   * The order's one session, opened server to server with the order as given: `created` when this
   * call opened it; an HttpError `conflict` (409) when the order's session has another amount,
   * currency or customer.
   */
  openSession(orderId: string, order: Order): Promise<{ session: SessionRecord; created: boolean }>;
  getSession(id: string): Promise<SessionRecord | null>;
  /** The receipt's token, for its hosted page. */
  receiptToken(subject: ReceiptSubject): string | null;
  /**
   * Opens the customer's missing accounts in `currencies` with `needs` (not kept), so that their page
   * shows them; an HttpError `invalid_request` naming the field the provider refused (`id_number`).
   */
  fundingAccounts(
    customerId: string,
    needs: { id_number?: string; codes?: string[] },
    currencies?: readonly string[],
  ): Promise<void>;
}

export type ServiceKitOptions = PayHandlerOptions;

/** The options a merchant's own kit (server-example) adds for receipts: the hosted page of a token. */
export function receiptOptions(url: string): Pick<PayHandlerOptions, 'receiptUrl'> {
  return { receiptUrl: (token) => `${url}/receipts/${token}` };
}

/** The kit with the service's events and calls. */
export function createServiceKit(options: ServiceKitOptions): ServiceKit {
  const pay = createPayHandler(options);
  return {
    pay,
    state: pay.store,
    openSession: (orderId, order) => pay.openSession(orderId, order),
    getSession: (id) => pay.getSession(id),
    receiptToken: (subject) => pay.receiptToken(subject),
    async fundingAccounts(customerId, needs, currencies) {
      await pay.fundingAccounts(customerId, needs, currencies ? { currencies } : {});
    },
  };
}

export type { SessionRecord };
