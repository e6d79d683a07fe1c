// The in-memory store, for tests and single-process demos. Each method runs to completion without
// awaiting in between, so every compare-and-set is atomic within the process. Nothing survives a
// restart: use SqliteStore (`@pay-elements/server/sqlite`) or another database for that.
import { ChangeListeners } from './listeners.js';
import {
  fundingChange,
  type ChangeFeedPart,
  type Claim,
  type DepositRecord,
  type FundingAccountRecord,
  type FundingClaim,
  type FundingPart,
  type OrderClaim,
  type OutboxKind,
  type OutboxPart,
  type PaidMark,
  type PayStore,
  type ProviderCallKind,
  type ProviderWait,
  type Renewal,
  type SessionPart,
  type SessionRecord,
  type WatchPart,
  type WatchState,
  type WebhookEventPart,
} from './parts.js';

interface Entry {
  record: SessionRecord;
  /** who may renew the session now, and since when */
  renewal: { token: string; at: number } | null;
}

/** An order: its session once stored, or the claim of the caller opening its account. */
interface OrderEntry {
  sessionId: string | null;
  claim: { token: string; at: number } | null;
}

/** An owed delivery and when it was last claimed. */
interface Owed {
  claimedAt: number | null;
}

function copy(record: SessionRecord): SessionRecord {
  return { ...record, account: { ...record.account } };
}

/** Whether a claim held since `at` by `holder` may be taken by `claim` now. */
function mayTake(held: { token: string; at: number } | null, claim: Claim): boolean {
  return !held || held.token === claim.token || held.at < claim.staleBefore;
}

class MemoryOutbox implements OutboxPart {
  readonly owed: Record<OutboxKind, Map<string, Owed>> = { paid: new Map(), deposit: new Map() };

  listOwed(kind: OutboxKind, claimedBefore: number): Promise<string[]> {
    const ids = [...this.owed[kind]].flatMap(([id, o]) =>
      o.claimedAt === null || o.claimedAt < claimedBefore ? [id] : [],
    );
    return Promise.resolve(ids);
  }

  claim(kind: OutboxKind, id: string, claimedBefore: number, now: number): Promise<boolean> {
    const owed = this.owed[kind].get(id);
    if (!owed || (owed.claimedAt !== null && owed.claimedAt >= claimedBefore)) return Promise.resolve(false);
    owed.claimedAt = now;
    return Promise.resolve(true);
  }

  markDelivered(kind: OutboxKind, id: string): Promise<void> {
    this.owed[kind].delete(id);
    return Promise.resolve();
  }
}

class MemorySessions implements SessionPart {
  private readonly sessions = new Map<string, Entry>();
  private readonly references = new Map<string, string>();
  private readonly orders = new Map<string, OrderEntry>();

  constructor(
    private readonly outbox: MemoryOutbox,
    private readonly changes: ChangeListeners,
  ) {}

  claimOrder(orderId: string, claim: Claim): Promise<OrderClaim> {
    const order = this.orders.get(orderId);
    const sessionId = order?.sessionId;
    const entry = sessionId ? this.sessions.get(sessionId) : undefined;
    if (entry) return Promise.resolve({ outcome: 'session', session: copy(entry.record) });
    if (!mayTake(order?.claim ?? null, claim)) return Promise.resolve({ outcome: 'busy' });
    this.orders.set(orderId, { sessionId: null, claim: { token: claim.token, at: claim.now } });
    return Promise.resolve({ outcome: 'claimed' });
  }

  create(session: SessionRecord, token: string): Promise<boolean> {
    const order = this.orders.get(session.orderId);
    if (!order || order.sessionId !== null || order.claim?.token !== token) return Promise.resolve(false);
    if (this.sessions.has(session.id)) return Promise.reject(new Error(`duplicate session id`));
    if (this.references.has(session.reference)) return Promise.reject(new Error(`duplicate reference`));
    this.sessions.set(session.id, { record: copy(session), renewal: null });
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
    return this.get(this.references.get(reference) ?? '');
  }

  findByOrder(orderId: string): Promise<SessionRecord | null> {
    return this.get(this.orders.get(orderId)?.sessionId ?? '');
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
    this.outbox.owed.paid.set(id, { claimedAt: mark.now });
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
    if (!mayTake(entry.renewal, claim)) return Promise.resolve(false);
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
}

/** A customer's accounts in one currency: saved once, or the claim of the caller opening them. */
interface FundingEntry {
  accounts: FundingAccountRecord[] | null;
  claim: { token: string; at: number } | null;
}

class MemoryFunding implements FundingPart {
  private readonly entries = new Map<string, FundingEntry>();
  private readonly byNumber = new Map<string, FundingAccountRecord>();
  private readonly deposits = new Map<string, DepositRecord>();
  /** each customer's deposit ids, oldest first */
  private readonly depositsByCustomer = new Map<string, string[]>();

  constructor(
    private readonly outbox: MemoryOutbox,
    private readonly changes: ChangeListeners,
  ) {}

  claimAccounts(customerId: string, currency: string, claim: Claim): Promise<FundingClaim> {
    const key = `${customerId}\u0000${currency}`;
    const entry = this.entries.get(key);
    if (entry?.accounts)
      return Promise.resolve({ outcome: 'accounts', accounts: entry.accounts.map(copyAccount) });
    if (!mayTake(entry?.claim ?? null, claim)) return Promise.resolve({ outcome: 'busy' });
    this.entries.set(key, { accounts: null, claim: { token: claim.token, at: claim.now } });
    return Promise.resolve({ outcome: 'claimed' });
  }

  saveAccounts(
    customerId: string,
    currency: string,
    accounts: FundingAccountRecord[],
    token: string,
  ): Promise<boolean> {
    const key = `${customerId}\u0000${currency}`;
    const entry = this.entries.get(key);
    if (!entry || entry.accounts || entry.claim?.token !== token) return Promise.resolve(false);
    if (accounts.some((a) => this.byNumber.has(a.accountNumber)))
      return Promise.reject(new Error('duplicate account number'));
    this.entries.set(key, { accounts: accounts.map(copyAccount), claim: null });
    for (const account of accounts) this.byNumber.set(account.accountNumber, copyAccount(account));
    return Promise.resolve(true);
  }

  releaseAccounts(customerId: string, currency: string, token: string): Promise<void> {
    const key = `${customerId}\u0000${currency}`;
    const entry = this.entries.get(key);
    if (entry && !entry.accounts && entry.claim?.token === token) this.entries.delete(key);
    return Promise.resolve();
  }

  accountsOf(customerId: string): Promise<FundingAccountRecord[]> {
    return Promise.resolve(
      [...this.byNumber.values()].filter((a) => a.customerId === customerId).map(copyAccount),
    );
  }

  findAccount(accountNumber: string): Promise<FundingAccountRecord | null> {
    const account = this.byNumber.get(accountNumber);
    return Promise.resolve(account ? copyAccount(account) : null);
  }

  hasAccounts(): Promise<boolean> {
    return Promise.resolve(this.byNumber.size > 0);
  }

  recordDeposit(deposit: DepositRecord, now: number): Promise<boolean> {
    if (this.deposits.has(deposit.id)) return Promise.resolve(false);
    this.deposits.set(deposit.id, { ...deposit });
    const ids = this.depositsByCustomer.get(deposit.customerId) ?? [];
    ids.push(deposit.id);
    this.depositsByCustomer.set(deposit.customerId, ids);
    this.outbox.owed.deposit.set(deposit.id, { claimedAt: now });
    this.changes.emit(fundingChange(deposit.customerId));
    return Promise.resolve(true);
  }

  getDeposit(id: string): Promise<DepositRecord | null> {
    const deposit = this.deposits.get(id);
    return Promise.resolve(deposit ? { ...deposit } : null);
  }

  depositsOf(customerId: string, limit: number): Promise<DepositRecord[]> {
    const ids = this.depositsByCustomer.get(customerId) ?? [];
    // the latest recorded first among deposits received at the same time, as the SQL stores order them
    const newestFirst = [...ids]
      .reverse()
      .map((id) => this.deposits.get(id))
      .filter((d): d is DepositRecord => d !== undefined)
      .sort((a, b) => (a.receivedAt > b.receivedAt ? -1 : a.receivedAt < b.receivedAt ? 1 : 0));
    return Promise.resolve(newestFirst.slice(0, limit).map((d) => ({ ...d })));
  }
}

function copyAccount(account: FundingAccountRecord): FundingAccountRecord {
  return { ...account, routing: account.routing ? { ...account.routing } : null };
}

class MemoryWebhookEvents implements WebhookEventPart {
  private readonly events = new Map<string, number>();

  has(eventId: string): Promise<boolean> {
    return Promise.resolve(this.events.has(eventId));
  }

  remember(eventId: string, now: number): Promise<boolean> {
    if (this.events.has(eventId)) return Promise.resolve(false);
    this.events.set(eventId, now);
    return Promise.resolve(true);
  }

  forgetBefore(before: number): Promise<number> {
    let forgotten = 0;
    for (const [id, at] of this.events)
      if (at < before) {
        this.events.delete(id);
        forgotten++;
      }
    return Promise.resolve(forgotten);
  }
}

class MemoryWatch implements WatchPart {
  private checkedAt: number | null = null;
  private readonly state: WatchState = { watermark: null, webhookAt: null, waits: {} };

  claim(now: number, intervalMs: number): Promise<boolean> {
    if (this.checkedAt !== null && this.checkedAt > now - intervalMs) return Promise.resolve(false);
    this.checkedAt = now;
    return Promise.resolve(true);
  }

  read(): Promise<WatchState> {
    return Promise.resolve({ ...this.state, waits: { ...this.state.waits } });
  }

  advanceWatermark(at: number): Promise<void> {
    if (this.state.watermark === null || at > this.state.watermark) this.state.watermark = at;
    return Promise.resolve();
  }

  noteWebhook(at: number): Promise<void> {
    if (this.state.webhookAt === null || at > this.state.webhookAt) this.state.webhookAt = at;
    return Promise.resolve();
  }

  setProviderWait(kind: ProviderCallKind, wait: ProviderWait | null): Promise<void> {
    if (wait) this.state.waits[kind] = { ...wait };
    else delete this.state.waits[kind];
    return Promise.resolve();
  }
}

export class MemoryStore implements PayStore {
  readonly sessions: SessionPart;
  readonly outbox: OutboxPart;
  readonly webhookEvents: WebhookEventPart = new MemoryWebhookEvents();
  readonly watch: WatchPart = new MemoryWatch();
  readonly changes: ChangeFeedPart;
  readonly funding: FundingPart;

  constructor() {
    const listeners = new ChangeListeners();
    const outbox = new MemoryOutbox();
    this.outbox = outbox;
    this.sessions = new MemorySessions(outbox, listeners);
    this.funding = new MemoryFunding(outbox, listeners);
    this.changes = { subscribe: (listener) => listeners.subscribe(listener) };
  }

  close(): Promise<void> {
    return Promise.resolve();
  }
}
