// The one module that knows the kit's newer API (events, server-to-server sessions, receipts, a
// customer's accounts opened on request, the store's generic blocks): everything else of the service
// goes through `ServiceKit`, so that a change in that API is answered here alone.
//
// UNTIL THE KIT'S `kit-api-ready` TAG: the kit of main has none of these, so `createServiceKit` makes
// them from what it has (onPaid and onDeposit as events, the widget route for an order's session, the
// funding route for opening accounts) and keeps the service's own records and outbox in memory. After
// the merge each becomes the kit's call of the same name.
import {
  createPayHandler,
  HttpError,
  type Order,
  type PayHandler,
  type PayHandlerOptions,
  type SessionRecord,
} from '@pay-elements/server';

/** What the kit tells the service has happened, once per event (at least once: ids are stable). */
export interface PayEvent {
  /** stable per event, printable ASCII: `session.paid.ses_…` */
  id: string;
  type: PayEventType;
  /** ISO 8601 */
  created_at: string;
  data: Record<string, string | null>;
}

export const payEventTypes = ['session.paid', 'session.expired', 'invoice.paid', 'deposit.received'] as const;
export type PayEventType = (typeof payEventTypes)[number];

export type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

export interface StoredRecord {
  key: string;
  value: Json;
  version: number;
}

/** One write of a commit: `expect` the version the record must have (0: must not exist). */
export interface RecordWrite {
  collection: string;
  key: string;
  value: Json | null;
  expect?: number;
}

export interface OutboxOwed {
  topic: string;
  id: string;
  dueAt: number;
  payload?: Json;
}

export interface OutboxEntry {
  topic: string;
  id: string;
  dueAt: number;
  attempts: number;
  payload: Json;
}

/** The store's blocks the service keeps its own state through (collections and topics `service.*`). */
export interface ServiceState {
  records: {
    get(collection: string, key: string): Promise<StoredRecord | null>;
    list(
      collection: string,
      options?: { prefix?: string; limit?: number; reverse?: boolean },
    ): Promise<StoredRecord[]>;
    commit(commit: { writes?: readonly RecordWrite[]; owe?: readonly OutboxOwed[] }): Promise<boolean>;
  };
  outbox: {
    due(topic: string, now: number, limit: number): Promise<OutboxEntry[]>;
    lease(
      topic: string,
      id: string,
      expectDueAt: number,
      next: { dueAt: number; attempts: number },
    ): Promise<boolean>;
    done(topic: string, id: string): Promise<void>;
  };
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
  /** The receipt's token, or null while the kit makes no receipts. */
  receiptToken(subject: ReceiptSubject): string | null;
  /** Opens the customer's missing accounts with `needs` (not kept), so that their page shows them. */
  fundingAccounts(customerId: string, needs: { id_number?: string; codes?: string[] }): Promise<void>;
}

export interface ServiceKitOptions extends PayHandlerOptions {
  /** each event, at least once; a throw leaves it owed (the kit retries) */
  onEvent?: (event: PayEvent) => void | Promise<void>;
  /** the hosted receipt page of a receipt token */
  receiptUrl?: (token: string) => string;
  /** the kit's origin, for the requests this module makes to it in process */
  origin: string;
}

/** The options a merchant's own kit (server-example) adds for receipts: the hosted page of a token. */
export function receiptOptions(url: string): Partial<PayHandlerOptions> {
  void url;
  // until kit-api-ready: the kit has no receipts (its options would drop an unknown one)
  return {};
}

/** The kit with the service's events and calls. */
export function createServiceKit(options: ServiceKitOptions): ServiceKit {
  const { onEvent, receiptUrl: _receiptUrl, origin, ...kitOptions } = options;
  const state = memoryState();
  const needs = new Map<string, { id_number?: string; codes?: string[] }>();
  const funding = kitOptions.funding;
  const pay = createPayHandler({
    ...kitOptions,
    onPaid: async (session) => {
      await kitOptions.onPaid?.(session);
      await onEvent?.(sessionPaidEvent(session));
    },
    onDeposit: async (deposit) => {
      await kitOptions.onDeposit?.(deposit);
      await onEvent?.({
        id: `deposit.received.${deposit.id}`,
        type: 'deposit.received',
        created_at: deposit.receivedAt,
        data: {
          deposit_id: deposit.id,
          customer_id: deposit.customerId,
          amount: deposit.amount,
          currency: deposit.currency,
          account_number: deposit.accountNumber,
          received_at: deposit.receivedAt,
        },
      });
    },
    ...(funding
      ? {
          funding: {
            ...funding,
            customer: async (customerId: string) => ({
              ...(await funding.customer?.(customerId)),
              ...needs.get(customerId),
            }),
          },
        }
      : {}),
  });
  const getSession = (id: string) => pay.store.sessions.get(id);
  return {
    pay,
    state,
    getSession,
    async openSession(orderId, order) {
      const before = await pay.store.sessions.findByOrder(orderId);
      if (before) {
        assertSameOrder(before, order);
        return { session: before, created: false };
      }
      const answer = await pay.fetch(
        new Request(`${origin}/pay/sessions`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ order_id: orderId }),
        }),
      );
      if (answer.status !== 200 && answer.status !== 201) throw await kitError(answer);
      const { id } = (await answer.json()) as { id: string };
      const session = await getSession(id);
      if (!session) throw new HttpError('internal', 'The session was opened but cannot be read.');
      assertSameOrder(session, order);
      return { session, created: answer.status === 201 };
    },
    receiptToken: () => null,
    async fundingAccounts(customerId, given) {
      needs.set(customerId, given);
      try {
        const token = pay.fundingToken(customerId, { expiresInSeconds: 60 });
        const answer = await pay.fetch(new Request(`${origin}/pay/funding/${token}`));
        if (!answer.ok) throw await kitError(answer);
      } finally {
        needs.delete(customerId);
      }
    },
  };
}

function sessionPaidEvent(session: SessionRecord): PayEvent {
  return {
    id: `session.paid.${session.id}`,
    type: 'session.paid',
    created_at: session.paidAt ?? new Date().toISOString(),
    data: {
      session_id: session.id,
      order_id: session.orderId,
      customer_id: session.customerId,
      amount: session.amount,
      currency: session.currency,
      paid_at: session.paidAt,
      transaction_id: session.transactionId,
      reference: session.reference,
    },
  };
}

function assertSameOrder(session: SessionRecord, order: Order): void {
  if (
    session.amount !== order.amount ||
    session.currency !== order.currency.toUpperCase() ||
    session.customerId !== order.customer_id
  ) {
    throw new HttpError(
      'conflict',
      'The order has a session with another amount, currency or customer: use a new order id.',
    );
  }
}

/** The kit's error answer as an HttpError of the same code and message. */
async function kitError(answer: Response): Promise<HttpError> {
  const body = (await answer.json().catch(() => null)) as {
    error?: { code?: string; message?: string };
  } | null;
  const code = body?.error?.code;
  const message = body?.error?.message ?? `The kit answered ${answer.status}.`;
  return new HttpError(isErrorCode(code) ? code : 'internal', message);
}

type ErrorCode = ConstructorParameters<typeof HttpError>[0];
const errorCodes: readonly string[] = [
  'invalid_request',
  'forbidden',
  'not_found',
  'conflict',
  'method_not_allowed',
  'payload_too_large',
  'unsupported_media_type',
  'rate_limited',
  'upstream_unavailable',
  'internal',
];
function isErrorCode(code: string | undefined): code is ErrorCode {
  return code !== undefined && errorCodes.includes(code);
}

/** Until kit-api-ready: the records and outbox of the store's new blocks, in this process's memory. */
function memoryState(): ServiceState {
  const records = new Map<string, StoredRecord>();
  const owed = new Map<string, OutboxEntry>();
  const at = (collection: string, key: string) => `${collection}\u0000${key}`;
  return {
    records: {
      get: (collection, key) => Promise.resolve(records.get(at(collection, key)) ?? null),
      list(collection, { prefix = '', limit = 100, reverse = false } = {}) {
        const found = [...records.entries()]
          .filter(([k, r]) => k.startsWith(`${collection}\u0000`) && r.key.startsWith(prefix))
          .map(([, r]) => r)
          .sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
        if (reverse) found.reverse();
        return Promise.resolve(found.slice(0, limit));
      },
      commit({ writes = [], owe = [] }) {
        for (const w of writes) {
          const version = records.get(at(w.collection, w.key))?.version ?? 0;
          if (w.expect !== undefined && w.expect !== version) return Promise.resolve(false);
        }
        for (const w of writes) {
          const k = at(w.collection, w.key);
          if (w.value === null) records.delete(k);
          else records.set(k, { key: w.key, value: w.value, version: (records.get(k)?.version ?? 0) + 1 });
        }
        for (const o of owe) {
          const k = at(o.topic, o.id);
          if (!owed.has(k))
            owed.set(k, {
              topic: o.topic,
              id: o.id,
              dueAt: o.dueAt,
              attempts: 0,
              payload: o.payload ?? null,
            });
        }
        return Promise.resolve(true);
      },
    },
    outbox: {
      due: (topic, now, limit) =>
        Promise.resolve(
          [...owed.values()]
            .filter((e) => e.topic === topic && e.dueAt <= now)
            .sort((a, b) => a.dueAt - b.dueAt)
            .slice(0, limit)
            .map((e) => ({ ...e })),
        ),
      lease(topic, id, expectDueAt, next) {
        const entry = owed.get(at(topic, id));
        if (!entry || entry.dueAt !== expectDueAt) return Promise.resolve(false);
        entry.dueAt = next.dueAt;
        entry.attempts = next.attempts;
        return Promise.resolve(true);
      },
      done(topic, id) {
        owed.delete(at(topic, id));
        return Promise.resolve();
      },
    },
  };
}
