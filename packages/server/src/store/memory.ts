// The in-memory store, for tests and single-process demos. Each method runs to completion without
// awaiting in between, so every compare-and-set is atomic within the process. Nothing survives a
// restart: use SqliteStore (`@pay-elements/server/sqlite`) or another database for that.
import { ChangeListeners } from './listeners.js';
import type {
  Claim,
  OrderClaim,
  PaidMark,
  ProviderCallKind,
  ProviderWait,
  Renewal,
  SessionRecord,
  SessionStore,
  WatchState,
} from './types.js';

interface Entry {
  record: SessionRecord;
  owed: boolean;
  claimedAt: number | null;
  /** who may renew the session now, and since when */
  renewal: { token: string; at: number } | null;
}

/** An order: its session once stored, or the claim of the caller opening its account. */
interface OrderEntry {
  sessionId: string | null;
  claim: { token: string; at: number } | null;
}

function copy(record: SessionRecord): SessionRecord {
  return { ...record, account: { ...record.account } };
}

export class MemoryStore implements SessionStore {
  private readonly sessions = new Map<string, Entry>();
  private readonly references = new Map<string, string>();
  private readonly events = new Map<string, number>();
  private readonly orders = new Map<string, OrderEntry>();
  private readonly checks = new Map<string, number>();
  private watchedAt: number | null = null;
  private readonly watch: WatchState = { watermark: null, webhookAt: null, waits: {} };
  private readonly changes = new ChangeListeners();

  subscribe(listener: (sessionId: string) => void): () => void {
    return this.changes.subscribe(listener);
  }

  claimOrder(orderId: string, claim: Claim): Promise<OrderClaim> {
    const order = this.orders.get(orderId);
    const sessionId = order?.sessionId;
    const entry = sessionId ? this.sessions.get(sessionId) : undefined;
    if (entry) return Promise.resolve({ outcome: 'session', session: copy(entry.record) });
    if (order?.claim && order.claim.at >= claim.staleBefore) return Promise.resolve({ outcome: 'busy' });
    this.orders.set(orderId, { sessionId: null, claim: { token: claim.token, at: claim.now } });
    return Promise.resolve({ outcome: 'claimed' });
  }

  create(session: SessionRecord, token: string): Promise<boolean> {
    const order = this.orders.get(session.orderId);
    if (!order || order.sessionId !== null || order.claim?.token !== token) return Promise.resolve(false);
    if (this.sessions.has(session.id)) return Promise.reject(new Error(`duplicate session id`));
    if (this.references.has(session.reference)) return Promise.reject(new Error(`duplicate reference`));
    this.sessions.set(session.id, { record: copy(session), owed: false, claimedAt: null, renewal: null });
    this.references.set(session.reference, session.id);
    this.orders.set(session.orderId, { sessionId: session.id, claim: null });
    return Promise.resolve(true);
  }

  releaseOrder(orderId: string, token: string): Promise<void> {
    const order = this.orders.get(orderId);
    if (order && order.sessionId === null && order.claim?.token === token) this.orders.delete(orderId);
    return Promise.resolve();
  }

  get(id: string): Promise<SessionRecord | null> {
    const entry = this.sessions.get(id);
    return Promise.resolve(entry ? copy(entry.record) : null);
  }

  findByReference(reference: string): Promise<SessionRecord | null> {
    const id = this.references.get(reference);
    return this.get(id ?? '');
  }

  findByOrder(orderId: string): Promise<SessionRecord | null> {
    return this.get(this.orders.get(orderId)?.sessionId ?? '');
  }

  listPendingByCustomer(customerId: string): Promise<SessionRecord[]> {
    const found = [...this.sessions.values()]
      .map((e) => e.record)
      .filter((r) => r.status === 'pending' && r.customerId === customerId);
    return Promise.resolve(found.map(copy));
  }

  listPending(limit = 1000): Promise<SessionRecord[]> {
    const found = [...this.sessions.values()]
      .map((e) => e.record)
      .filter((r) => r.status === 'pending')
      .sort((a, b) => (a.createdAt < b.createdAt ? -1 : a.createdAt > b.createdAt ? 1 : 0))
      .slice(0, limit);
    return Promise.resolve(found.map(copy));
  }

  markPaid(id: string, mark: PaidMark): Promise<boolean> {
    const entry = this.sessions.get(id);
    if (!entry || entry.record.status === 'paid') return Promise.resolve(false);
    entry.record.status = 'paid';
    entry.record.paidAt = mark.paidAt;
    entry.record.transactionId = mark.transactionId;
    entry.owed = true;
    entry.claimedAt = mark.now;
    this.changes.emit(id);
    return Promise.resolve(true);
  }

  markExpired(id: string, reference: string): Promise<boolean> {
    const entry = this.sessions.get(id);
    if (!entry || entry.record.status !== 'pending' || entry.record.reference !== reference)
      return Promise.resolve(false);
    entry.record.status = 'expired';
    this.changes.emit(id);
    return Promise.resolve(true);
  }

  claimRenewal(id: string, previousReference: string, claim: Claim): Promise<boolean> {
    const entry = this.sessions.get(id);
    if (!entry || entry.record.status !== 'expired' || entry.record.reference !== previousReference)
      return Promise.resolve(false);
    if (entry.renewal && entry.renewal.at >= claim.staleBefore) return Promise.resolve(false);
    entry.renewal = { token: claim.token, at: claim.now };
    return Promise.resolve(true);
  }

  renew(id: string, token: string, renewal: Renewal): Promise<boolean> {
    const entry = this.sessions.get(id);
    if (!entry || entry.record.status !== 'expired' || entry.renewal?.token !== token)
      return Promise.resolve(false);
    if (this.references.has(renewal.reference)) return Promise.reject(new Error('duplicate reference'));
    entry.record.status = 'pending';
    entry.record.account = { ...renewal.account };
    entry.record.reference = renewal.reference;
    entry.record.expiresAt = renewal.expiresAt;
    entry.renewal = null;
    this.references.set(renewal.reference, id);
    this.changes.emit(id);
    return Promise.resolve(true);
  }

  releaseRenewal(id: string, token: string): Promise<void> {
    const entry = this.sessions.get(id);
    if (entry?.renewal?.token === token) entry.renewal = null;
    return Promise.resolve();
  }

  hasEvent(eventId: string): Promise<boolean> {
    return Promise.resolve(this.events.has(eventId));
  }

  rememberEvent(eventId: string, now: number): Promise<boolean> {
    if (this.events.has(eventId)) return Promise.resolve(false);
    this.events.set(eventId, now);
    return Promise.resolve(true);
  }

  listOwed(claimedBefore: number): Promise<SessionRecord[]> {
    const found = [...this.sessions.values()]
      .filter((e) => e.owed && (e.claimedAt === null || e.claimedAt < claimedBefore))
      .map((e) => copy(e.record));
    return Promise.resolve(found);
  }

  claimOwed(id: string, claimedBefore: number, now: number): Promise<boolean> {
    const entry = this.sessions.get(id);
    if (!entry || !entry.owed || (entry.claimedAt !== null && entry.claimedAt >= claimedBefore))
      return Promise.resolve(false);
    entry.claimedAt = now;
    return Promise.resolve(true);
  }

  markDelivered(id: string): Promise<void> {
    const entry = this.sessions.get(id);
    if (entry) entry.owed = false;
    return Promise.resolve();
  }

  claimCheck(customerId: string, now: number, intervalMs: number): Promise<boolean> {
    const last = this.checks.get(customerId);
    if (last !== undefined && last > now - intervalMs) return Promise.resolve(false);
    this.checks.set(customerId, now);
    return Promise.resolve(true);
  }

  claimWatch(now: number, intervalMs: number): Promise<boolean> {
    if (this.watchedAt !== null && this.watchedAt > now - intervalMs) return Promise.resolve(false);
    this.watchedAt = now;
    return Promise.resolve(true);
  }

  readWatch(): Promise<WatchState> {
    return Promise.resolve({ ...this.watch, waits: { ...this.watch.waits } });
  }

  advanceWatermark(at: number): Promise<void> {
    if (this.watch.watermark === null || at > this.watch.watermark) this.watch.watermark = at;
    return Promise.resolve();
  }

  noteWebhook(at: number): Promise<void> {
    if (this.watch.webhookAt === null || at > this.watch.webhookAt) this.watch.webhookAt = at;
    return Promise.resolve();
  }

  setProviderWait(kind: ProviderCallKind, wait: ProviderWait | null): Promise<void> {
    if (wait) this.watch.waits[kind] = { ...wait };
    else delete this.watch.waits[kind];
    return Promise.resolve();
  }

  close(): Promise<void> {
    return Promise.resolve();
  }
}
