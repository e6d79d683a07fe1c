// Sessions as the store keeps them, through its generic records (no store method of their own):
// each session by id (`sessions.records`, with the claim of a renewal under way), each order's one
// session or the claim of the request opening it (`sessions.orders`), each account reference's
// session (`sessions.refs`: created once, so a reference is never reused), and the pending ones in
// the order they were created (`sessions.pending`, what the watcher reads). Every transition is one
// commit by compare-and-set; paid and expired ones also owe the kit's events and onPaid.
import type { SessionDisplay, SessionMerchant, SessionStatus } from '@pay-elements/protocol';
import type { Clock } from '../../clock.js';
import { StoredDataError } from '../../errors.js';
import { create, type EventsOf, type Kit } from '../../flow.js';
import type { sessionEvents } from './events.js';
import { claimWork, heldOf, mayTake, releaseWork, type Claim } from '../../provider/claims.js';
import {
  isJsonObject,
  recordKey,
  textOf,
  textOrNull,
  toJson,
  type Json,
  type RecordPart,
  type RecordWrite,
} from '../../store/contract.js';

/** The single-use bank account a session shows the shopper. */
export interface SessionAccountRecord {
  accountName: string;
  accountNumber: string;
  bankName: string;
}

export interface SessionRecord {
  id: string;
  orderId: string;
  customerId: string;
  /** the order's decimal string, as `resolveOrder` gave it */
  amount: string;
  /** upper-case ISO 4217 */
  currency: string;
  status: SessionStatus;
  account: SessionAccountRecord;
  /** the provider's reference of the current account */
  reference: string;
  /** ISO 8601 */
  createdAt: string;
  /** ISO 8601, the current account's expiry as the provider gave it */
  expiresAt: string;
  /** ISO 8601 once paid */
  paidAt: string | null;
  /** the provider's transaction that paid the session */
  transactionId: string | null;
  /** that transaction's own reference (its `ref`): the one the shopper is shown once paid */
  transactionRef?: string;
  /** what the merchant gave to show with the session (order, way back, merchant), kept with it */
  display?: SessionDisplay;
  /** the shopper the paid email goes to (the order's `email`, `locale`): never in a view or event */
  shopper?: Shopper;
  /** the merchant's own fields of the order (`Order.merchantData`), kept as given */
  merchantData?: Readonly<Record<string, Json>>;
  /** ISO 8601: when the shopper said "I've sent the money" (./claims.ts); absent until then */
  claimedAt?: string;
}

/** The shopper of an order that named one, as kept with its session. */
export interface Shopper {
  email: string;
  locale?: string;
}

/** A new account for an expired session. */
export interface Renewal {
  account: SessionAccountRecord;
  reference: string;
  expiresAt: string;
}

/** What the watcher needs of a pending session, kept in the pending list itself. */
export interface PendingSession {
  id: string;
  reference: string;
  amount: string;
  createdAt: string;
  expiresAt: string;
  /** claimed: not expired until the grace after `expiresAt` has passed (./claims.ts) */
  claimedAt?: string;
}

/** What claiming an order gave: the right to open its account, its session, or a wait. */
export type OrderClaim =
  { outcome: 'claimed' } | { outcome: 'session'; session: SessionRecord } | { outcome: 'busy' };

export const RECORDS = 'sessions.records';
const ORDERS = 'sessions.orders';
const REFS = 'sessions.refs';
const PENDING = 'sessions.pending';

/** The change feed's name for a session: its status or account changed. */
export const CHANGED = 'sessions:';

/** Stored display fields read back (what `displayJson` wrote). */
function displayOf(value: unknown): SessionDisplay | null {
  if (!isJsonObject(value)) return null;
  const display: SessionDisplay = {};
  const { merchant, order, return_url: returnUrl } = value;
  if (isJsonObject(merchant) && typeof merchant['name'] === 'string')
    display.merchant = {
      name: merchant['name'],
      ...(typeof merchant['logo_url'] === 'string' ? { logo_url: merchant['logo_url'] } : {}),
    };
  if (isJsonObject(order) && typeof order['title'] === 'string')
    display.order = {
      title: order['title'],
      ...(typeof order['reference'] === 'string' ? { reference: order['reference'] } : {}),
    };
  if (typeof returnUrl === 'string') display.return_url = returnUrl;
  return display;
}

/** A stored value read back as a session (checked field by field: this is every poll's path). */
export function sessionOf(value: Json): SessionRecord {
  if (!isJsonObject(value)) throw new StoredDataError('a stored session is not an object');
  const account = isJsonObject(value['account']) ? value['account'] : {};
  const status = value['status'];
  const record: SessionRecord = {
    id: textOf(value['id']),
    orderId: textOf(value['orderId']),
    customerId: textOf(value['customerId']),
    amount: textOf(value['amount']),
    currency: textOf(value['currency']),
    status: status === 'paid' || status === 'expired' ? status : 'pending',
    account: {
      accountName: textOf(account['accountName']),
      accountNumber: textOf(account['accountNumber']),
      bankName: textOf(account['bankName']),
    },
    reference: textOf(value['reference']),
    createdAt: textOf(value['createdAt']),
    expiresAt: textOf(value['expiresAt']),
    paidAt: textOrNull(value['paidAt']),
    transactionId: textOrNull(value['transactionId']),
  };
  const transactionRef = textOrNull(value['transactionRef']);
  if (transactionRef) record.transactionRef = transactionRef;
  const display = displayOf(value['display']);
  if (display) record.display = display;
  const shopper = shopperOf(value['shopper']);
  if (shopper) record.shopper = shopper;
  const merchantData = value['merchantData'];
  if (isJsonObject(merchantData)) record.merchantData = merchantData;
  const claimedAt = textOrNull(value['claimedAt']);
  if (claimedAt) record.claimedAt = claimedAt;
  return record;
}

/** A session as stored, with the claim of the renewal under way. */
export function stored(session: SessionRecord, claim: { token: string; at: number } | null): Json {
  const value: Record<string, Json> = {
    id: session.id,
    orderId: session.orderId,
    customerId: session.customerId,
    amount: session.amount,
    currency: session.currency,
    status: session.status,
    account: { ...session.account },
    reference: session.reference,
    createdAt: session.createdAt,
    expiresAt: session.expiresAt,
    paidAt: session.paidAt,
    transactionId: session.transactionId,
    claim,
  };
  if (session.transactionRef) value['transactionRef'] = session.transactionRef;
  if (session.display) value['display'] = toJson(session.display);
  if (session.shopper) value['shopper'] = { ...session.shopper };
  if (session.merchantData) value['merchantData'] = { ...session.merchantData };
  if (session.claimedAt) value['claimedAt'] = session.claimedAt;
  return value;
}

/** A stored shopper read back. */
function shopperOf(value: unknown): Shopper | null {
  if (!isJsonObject(value) || typeof value['email'] !== 'string') return null;
  const locale = value['locale'];
  return { email: value['email'], ...(typeof locale === 'string' ? { locale } : {}) };
}

/** The topic of the email a paid session owes (its shopper given, a sender set). */
export const PAID_EMAIL = 'paid-email';

export function pendingEntry(session: SessionRecord): RecordWrite {
  const entry: PendingSession = {
    id: session.id,
    reference: session.reference,
    amount: session.amount,
    createdAt: session.createdAt,
    expiresAt: session.expiresAt,
    ...(session.claimedAt ? { claimedAt: session.claimedAt } : {}),
  };
  return { collection: PENDING, key: recordKey(session.createdAt, session.id), value: { ...entry } };
}

function pendingOf(value: Json): PendingSession | null {
  if (!isJsonObject(value)) return null;
  const entry = {
    id: textOf(value['id']),
    reference: textOf(value['reference']),
    amount: textOf(value['amount']),
    createdAt: textOf(value['createdAt']),
    expiresAt: textOf(value['expiresAt']),
  };
  const claimedAt = textOrNull(value['claimedAt']);
  return entry.id ? (claimedAt ? { ...entry, claimedAt } : entry) : null;
}

/** The kit events of a session, as the merchant's onEvent and other flows receive them. */
function sessionEvent(
  type: 'paid' | 'expired',
  session: SessionRecord,
  now: number,
  merchant: SessionMerchant | undefined,
): EventsOf<typeof sessionEvents> {
  const shown = session.display?.merchant ?? merchant;
  const base = {
    session_id: session.id,
    order_id: session.orderId,
    customer_id: session.customerId,
    amount: session.amount,
    currency: session.currency,
  };
  const created_at = new Date(now).toISOString();
  if (type === 'expired')
    // a session expires once per account it had: its reference tells them apart
    return {
      id: `session.expired.${session.id}.${session.reference}`,
      type: 'session.expired',
      created_at,
      data: { ...base, reference: session.reference, expires_at: session.expiresAt },
    };
  return {
    id: `session.paid.${session.id}`,
    type: 'session.paid',
    created_at,
    data: {
      ...base,
      paid_at: session.paidAt,
      transaction_id: session.transactionId,
      transaction_ref: session.transactionRef ?? null,
      reference: session.reference,
      // what was paid for, to whom, into which account
      title: session.display?.order?.title ?? null,
      order_reference: session.display?.order?.reference ?? null,
      merchant_name: shown?.name ?? null,
      merchant_logo_url: shown?.logo_url ?? null,
      account_name: session.account.accountName,
      account_number: session.account.accountNumber,
      bank_name: session.account.bankName,
    },
  };
}

export class SessionBook {
  constructor(
    private readonly records: RecordPart,
    private readonly transition: Kit['transition'],
    private readonly clock: Clock,
    /** the kit's merchant, shown where the order names none */
    private readonly merchant: SessionMerchant | undefined,
    /** told of each transition this instance made: `created`, `paid`, `expired` */
    private readonly count: (event: string) => void = () => undefined,
    /** whether a paid session with a shopper owes an email (a sender is set) */
    private readonly emailsWhenPaid = false,
  ) {}

  /**
   * The order's one session, or the right to open it: exactly one caller gets `claimed` (across
   * processes); the others `busy` until it stores the session (then `session`) or lets go.
   */
  async claimOrder(orderId: string, claim: Claim): Promise<OrderClaim> {
    const place = { collection: ORDERS, key: orderId };
    const claimed = await claimWork(
      this.records,
      place,
      claim,
      (v) => (isJsonObject(v) ? textOrNull(v['sessionId']) : null),
      {
        sessionId: null,
      },
    );
    if (claimed.outcome !== 'done') return claimed;
    const session = await this.get(claimed.value);
    if (!session) throw new StoredDataError(`order ${orderId} names a session the store does not hold`);
    return { outcome: 'session', session };
  }

  /** Stores the order's first session while `token` holds the order's claim; false when it was taken over. */
  async create(session: SessionRecord, token: string): Promise<boolean> {
    const order = await this.records.get(ORDERS, session.orderId);
    if (!order || heldOf(order.value)?.token !== token) return false;
    if (isJsonObject(order.value) && order.value['sessionId']) return false;
    const created = await this.records.commit({
      writes: [
        {
          collection: ORDERS,
          key: session.orderId,
          value: { sessionId: session.id, claim: null },
          expect: order.version,
        },
        create(RECORDS, session.id, stored(session, null)),
        create(REFS, session.reference, { sessionId: session.id }),
        pendingEntry(session),
      ],
    });
    if (created) this.count('created');
    return created;
  }

  /** Gives up an order's claim held by `token` (opening the account failed), so a retry may claim it. */
  releaseOrder(orderId: string, token: string): Promise<void> {
    return releaseWork(
      this.records,
      { collection: ORDERS, key: orderId },
      token,
      (v) => isJsonObject(v) && !v['sessionId'],
    );
  }

  async get(id: string): Promise<SessionRecord | null> {
    const held = await this.records.get(RECORDS, id);
    return held ? sessionOf(held.value) : null;
  }

  /** The session that was given this account reference, current or replaced by a renewal. */
  async findByReference(reference: string): Promise<SessionRecord | null> {
    const held = await this.records.get(REFS, reference);
    const id = isJsonObject(held?.value) ? textOrNull(held.value['sessionId']) : null;
    return id ? this.get(id) : null;
  }

  /** The order's session, whatever its status. */
  async findByOrder(orderId: string): Promise<SessionRecord | null> {
    const held = await this.records.get(ORDERS, orderId);
    const id = isJsonObject(held?.value) ? textOrNull(held.value['sessionId']) : null;
    return id ? this.get(id) : null;
  }

  /** Pending sessions, oldest first, at most `limit`: what the watcher needs of each. */
  async listPending(limit: number): Promise<PendingSession[]> {
    const entries = await this.records.list(PENDING, { limit });
    return entries.flatMap((e) => pendingOf(e.value) ?? []);
  }

  /**
   * pending|expired → paid, exactly once: the paid session for the call that made the transition,
   * else null. The same commit owes onPaid and the `session.paid` event.
   */
  async markPaid(
    id: string,
    mark: { paidAt: string; transactionId: string; transactionRef: string },
  ): Promise<SessionRecord | null> {
    for (;;) {
      const held = await this.records.get(RECORDS, id);
      if (!held) return null;
      const session = sessionOf(held.value);
      if (session.status === 'paid') return null;
      const paid: SessionRecord = { ...session, status: 'paid', ...mark };
      const writes: RecordWrite[] = [
        { collection: RECORDS, key: id, value: stored(paid, null), expect: held.version },
      ];
      if (session.status === 'pending') writes.push({ ...pendingEntry(session), value: null });
      const done = await this.transition({
        writes,
        announce: [`${CHANGED}${id}`],
        events: [sessionEvent('paid', paid, this.clock.now(), this.merchant)],
        callbacks: [
          { topic: 'paid', id },
          ...(this.emailsWhenPaid && paid.shopper ? [{ topic: PAID_EMAIL, id }] : []),
        ],
      });
      if (done) {
        this.count('paid');
        return paid;
      }
      // the record changed between the read and the commit (a renewal's claim): read it again
    }
  }

  /** pending → expired while the session still has `reference`: the expired session when this call did it. */
  async markExpired(id: string, reference: string): Promise<SessionRecord | null> {
    for (;;) {
      const held = await this.records.get(RECORDS, id);
      if (!held) return null;
      const session = sessionOf(held.value);
      if (session.status !== 'pending' || session.reference !== reference) return null;
      const expired: SessionRecord = { ...session, status: 'expired' };
      const done = await this.transition({
        writes: [
          { collection: RECORDS, key: id, value: stored(expired, heldOf(held.value)), expect: held.version },
          { ...pendingEntry(session), value: null },
        ],
        announce: [`${CHANGED}${id}`],
        events: [sessionEvent('expired', expired, this.clock.now(), this.merchant)],
      });
      if (done) {
        this.count('expired');
        return expired;
      }
    }
  }

  /**
   * The right to open a new account for an expired session that still has `previousReference`: true
   * for one caller at a time (a stale claim may be taken over; the holder's token renews it).
   */
  async claimRenewal(id: string, previousReference: string, claim: Claim): Promise<boolean> {
    for (;;) {
      const held = await this.records.get(RECORDS, id);
      if (!held) return false;
      const session = sessionOf(held.value);
      if (session.status !== 'expired' || session.reference !== previousReference) return false;
      if (!mayTake(heldOf(held.value), claim)) return false;
      const taken = await this.records.commit({
        writes: [
          {
            collection: RECORDS,
            key: id,
            value: stored(session, { token: claim.token, at: claim.now }),
            expect: held.version,
          },
        ],
      });
      if (taken) return true;
    }
  }

  /** expired → pending with the new account, while `token` holds the renewal claim; ends the claim. */
  async renew(id: string, token: string, renewal: Renewal): Promise<boolean> {
    const held = await this.records.get(RECORDS, id);
    if (!held || heldOf(held.value)?.token !== token) return false;
    const session = sessionOf(held.value);
    if (session.status !== 'expired') return false;
    // a new account is claimed anew
    const { claimedAt: _claimed, ...unclaimed } = session;
    const renewed: SessionRecord = {
      ...unclaimed,
      status: 'pending',
      account: { ...renewal.account },
      reference: renewal.reference,
      expiresAt: renewal.expiresAt,
    };
    return this.records.commit({
      writes: [
        { collection: RECORDS, key: id, value: stored(renewed, null), expect: held.version },
        create(REFS, renewal.reference, { sessionId: id }),
        pendingEntry(renewed),
      ],
      announce: [`${CHANGED}${id}`],
    });
  }

  /** Gives up a renewal claim held by `token`. */
  async releaseRenewal(id: string, token: string): Promise<void> {
    const held = await this.records.get(RECORDS, id);
    if (!held || heldOf(held.value)?.token !== token) return;
    await this.records.commit({
      writes: [
        { collection: RECORDS, key: id, value: stored(sessionOf(held.value), null), expect: held.version },
      ],
    });
  }
}
