// The session store: what the kit keeps about each payment session. An interface, so that several
// kit instances can share one database; every state change is a compare-and-set the store does
// atomically, so the instance whose call made a transition is the only one that acts on it.
import type { SessionStatus } from '@pay-elements/protocol';

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
}

/** What a paid transition records. */
export interface PaidMark {
  paidAt: string;
  transactionId: string;
  /** the clock's now (ms): the onPaid delivery owed is claimed by the caller at this time */
  now: number;
}

/** A new account for an expired session. */
export interface Renewal {
  account: SessionAccountRecord;
  reference: string;
  expiresAt: string;
}

export interface SessionStore {
  /** Stores a new session; its id and reference must be new. */
  create(session: SessionRecord): Promise<void>;
  get(id: string): Promise<SessionRecord | null>;
  /** The session that was given this account reference, current or replaced by a renewal. */
  findByReference(reference: string): Promise<SessionRecord | null>;
  /** The newest session of the order that is pending or paid, if any. */
  findOpenByOrder(orderId: string): Promise<SessionRecord | null>;
  /** Pending sessions of one customer (what one provider check of that customer can settle). */
  listPendingByCustomer(customerId: string): Promise<SessionRecord[]>;
  /** Every pending session, oldest first (for a sweep). */
  listPending(limit?: number): Promise<SessionRecord[]>;
  /**
   * pending|expired → paid, exactly once: true only for the call that made the transition. In the
   * same atomic step it records that onPaid is owed for the session, claimed at `mark.now`.
   */
  markPaid(id: string, mark: PaidMark): Promise<boolean>;
  /** pending → expired when the session still has `reference`; true when this call did it. */
  markExpired(id: string, reference: string): Promise<boolean>;
  /** expired → pending with a new account, when the session still has `previousReference`. */
  renew(id: string, previousReference: string, renewal: Renewal): Promise<boolean>;
  /** Whether a webhook event id was already processed. */
  hasEvent(eventId: string): Promise<boolean>;
  /** Remembers a processed webhook event id; false when it was already known. */
  rememberEvent(eventId: string, now: number): Promise<boolean>;
  /** Paid sessions whose onPaid is still owed and whose last claim is older than `claimedBefore`. */
  listOwed(claimedBefore: number): Promise<SessionRecord[]>;
  /** Claims an owed onPaid delivery (compare-and-set on the claim time); true when this call did. */
  claimOwed(id: string, claimedBefore: number, now: number): Promise<boolean>;
  /** onPaid returned: nothing is owed for the session any more. */
  markDelivered(id: string): Promise<void>;
  /**
   * Claims the provider check of a customer: true when no kit instance sharing this store started
   * one within `intervalMs` before `now`, and then records `now` as the latest check for them all.
   */
  claimCheck(customerId: string, now: number, intervalMs: number): Promise<boolean>;
  /**
   * Optional: calls `listener` with the id of every session whose status or account changes (paid,
   * expired, renewed), committed by this store or, for a shared database, by any instance; answers
   * the unsubscribe. Without it, open status streams learn of changes at the watcher's interval.
   */
  subscribe?(listener: (sessionId: string) => void): () => void;
  close(): Promise<void>;
}
