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
  type PayEvent as KitEvent,
  type PayHandler,
  type PayHandlerOptions,
  type RecordPart,
  type SessionRecord,
} from '@pay-elements/server';

export type { Json, OutboxEntry, RecordWrite, StoredRecord } from '@pay-elements/server';
export type { KitEvent };

/** The kit's events of today (the notifier sends every kit event, these and any a new flow adds). */
export const payEventTypes = ['session.paid', 'session.expired', 'invoice.paid', 'deposit.received'] as const;
export type PayEventType = (typeof payEventTypes)[number];

/** A kit event of a type the service tells the merchant of. */
export interface PayEvent extends KitEvent {
  type: PayEventType;
}

/** Whether the kit's event is one the merchant is told of. */
export function isMerchantEvent(event: KitEvent): event is PayEvent {
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
