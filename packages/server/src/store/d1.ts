// The D1 store: Cloudflare's D1 (SQLite at the edge) behind the SessionStore interface, for the kit in
// a Worker. It speaks the SQL of SqliteStore (sqlite-sql.ts). D1 has no interactive transactions, so
// each transition is one conditional statement checked by `meta.changes`, or a `batch` (which D1 runs
// as one transaction) whose statements carry the same condition, so that they all apply or none do.
// Exported from `@pay-elements/server/d1`; it imports nothing from node, nor any driver.
import { ChangeListeners } from './listeners.js';
import { sessionValues, toRecord, toRecordOrNull } from './row.js';
import { SCHEMA, SCHEMA_STATEMENTS, SQL } from './sqlite-sql.js';
import { watchStateOf, WATCH_CHECK, WATCH_WATERMARK, WATCH_WEBHOOK, waitName } from './watch-rows.js';
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

/** What a D1 statement answers (the part of D1Result the store reads). */
export interface D1Outcome {
  results?: unknown[];
  meta: { changes?: number };
}

/** A prepared D1 statement, as the Workers runtime gives it (the part the store uses). */
export interface D1PreparedStatement {
  bind(...values: unknown[]): D1PreparedStatement;
  first(): Promise<unknown>;
  all(): Promise<D1Outcome>;
  run(): Promise<D1Outcome>;
}

/** A D1 binding (`env.DB`), structurally: @cloudflare/workers-types' D1Database fits it. */
export interface D1Database {
  prepare(sql: string): D1PreparedStatement;
  batch(statements: D1PreparedStatement[]): Promise<D1Outcome[]>;
}

/** The schema as one script: `wrangler d1 execute DB --file` or a migration file may hold it. */
export const D1_SCHEMA = SCHEMA;

const changed = (outcome: D1Outcome | undefined) => (outcome?.meta.changes ?? 0) === 1;

export class D1Store implements SessionStore {
  private readonly changes = new ChangeListeners();

  /** A store on a database whose schema exists (`D1Store.open` creates it). */
  constructor(private readonly db: D1Database) {}

  /** Creates the tables if they are missing (idempotent, one batch), then answers the store. */
  static async open(db: D1Database): Promise<D1Store> {
    await db.batch(SCHEMA_STATEMENTS.map((statement) => db.prepare(statement)));
    return new D1Store(db);
  }

  async claimOrder(orderId: string, claim: Claim): Promise<OrderClaim> {
    const claimed = await this.run(SQL.claimOrder, orderId, claim.token, claim.now, claim.staleBefore);
    if (claimed) return { outcome: 'claimed' };
    const session = await this.findByOrder(orderId);
    return session ? { outcome: 'session', session } : { outcome: 'busy' };
  }

  async create(session: SessionRecord, token: string): Promise<boolean> {
    // one transaction; each statement holds only while the claim does, and the last one ends it
    const [inserted] = await this.db.batch([
      this.bound(SQL.insertSessionIfClaimed, ...sessionValues(session), session.orderId, token),
      this.bound(SQL.insertReferenceIfClaimed, session.reference, session.id, session.orderId, token),
      this.bound(SQL.settleOrder, session.id, session.orderId, token),
    ]);
    return changed(inserted);
  }

  async releaseOrder(orderId: string, token: string): Promise<void> {
    await this.run(SQL.releaseOrder, orderId, token);
  }

  async get(id: string): Promise<SessionRecord | null> {
    return toRecordOrNull(await this.bound(SQL.get, id).first());
  }

  async findByReference(reference: string): Promise<SessionRecord | null> {
    return toRecordOrNull(await this.bound(SQL.findByReference, reference).first());
  }

  async findByOrder(orderId: string): Promise<SessionRecord | null> {
    return toRecordOrNull(await this.bound(SQL.findByOrder, orderId).first());
  }

  async listPendingByCustomer(customerId: string): Promise<SessionRecord[]> {
    return this.all(SQL.listPendingByCustomer, customerId);
  }

  async listPending(limit = 1000): Promise<SessionRecord[]> {
    return this.all(SQL.listPending, limit);
  }

  markPaid(id: string, mark: PaidMark): Promise<boolean> {
    return this.announce(id, this.run(SQL.markPaid, mark.paidAt, mark.transactionId, mark.now, id));
  }

  markExpired(id: string, reference: string): Promise<boolean> {
    return this.announce(id, this.run(SQL.markExpired, id, reference));
  }

  claimRenewal(id: string, previousReference: string, claim: Claim): Promise<boolean> {
    return this.run(SQL.claimRenewal, claim.token, claim.now, id, previousReference, claim.staleBefore);
  }

  renew(id: string, token: string, renewal: Renewal): Promise<boolean> {
    // the reference first, while the renewal claim that the swap then ends still holds
    const swap = this.db
      .batch([
        this.bound(SQL.insertReferenceIfRenewing, renewal.reference, id, id, token),
        this.bound(
          SQL.renew,
          renewal.account.accountName,
          renewal.account.accountNumber,
          renewal.account.bankName,
          renewal.reference,
          renewal.expiresAt,
          id,
          token,
        ),
      ])
      .then(([, swapped]) => changed(swapped));
    return this.announce(id, swap);
  }

  async releaseRenewal(id: string, token: string): Promise<void> {
    await this.run(SQL.releaseRenewal, id, token);
  }

  async hasEvent(eventId: string): Promise<boolean> {
    return (await this.bound(SQL.hasEvent, eventId).first()) !== null;
  }

  rememberEvent(eventId: string, now: number): Promise<boolean> {
    return this.run(SQL.rememberEvent, eventId, now);
  }

  listOwed(claimedBefore: number): Promise<SessionRecord[]> {
    return this.all(SQL.listOwed, claimedBefore);
  }

  claimOwed(id: string, claimedBefore: number, now: number): Promise<boolean> {
    return this.run(SQL.claimOwed, now, id, claimedBefore);
  }

  async markDelivered(id: string): Promise<void> {
    await this.run(SQL.markDelivered, id);
  }

  claimCheck(customerId: string, now: number, intervalMs: number): Promise<boolean> {
    return this.run(SQL.claimCheck, customerId, now, now, intervalMs);
  }

  claimWatch(now: number, intervalMs: number): Promise<boolean> {
    return this.run(SQL.claimWatch, WATCH_CHECK, now, now, intervalMs);
  }

  async readWatch(): Promise<WatchState> {
    const { results } = await this.bound(SQL.readWatch).all();
    return watchStateOf(results ?? []);
  }

  async advanceWatermark(at: number): Promise<void> {
    await this.run(SQL.raiseWatch, WATCH_WATERMARK, Math.floor(at));
  }

  async noteWebhook(at: number): Promise<void> {
    await this.run(SQL.raiseWatch, WATCH_WEBHOOK, Math.floor(at));
  }

  async setProviderWait(kind: ProviderCallKind, wait: ProviderWait | null): Promise<void> {
    if (wait) await this.run(SQL.setWait, waitName(kind), Math.ceil(wait.until), wait.reason);
    else await this.run(SQL.clearWait, waitName(kind));
  }

  /** In-isolate only: other isolates sharing the database learn of a change at the watcher's interval. */
  subscribe(listener: (sessionId: string) => void): () => void {
    return this.changes.subscribe(listener);
  }

  /** Resolves when the database answers a read (a readiness check). */
  async ping(): Promise<void> {
    await this.db.prepare('SELECT 1').first();
  }

  /** The binding belongs to the runtime; nothing to close. */
  close(): Promise<void> {
    return Promise.resolve();
  }

  private bound(sql: string, ...values: unknown[]): D1PreparedStatement {
    const statement = this.db.prepare(sql);
    return values.length ? statement.bind(...values) : statement;
  }

  /** Runs a statement; true when it changed exactly one row (the compare-and-set succeeded). */
  private async run(sql: string, ...values: unknown[]): Promise<boolean> {
    return changed(await this.bound(sql, ...values).run());
  }

  private async all(sql: string, ...values: unknown[]): Promise<SessionRecord[]> {
    const { results } = await this.bound(sql, ...values).all();
    return (results ?? []).map(toRecord);
  }

  /** Announces a committed transition to this isolate's subscribers. */
  private async announce(id: string, transition: Promise<boolean>): Promise<boolean> {
    const done = await transition;
    if (done) this.changes.emit(id);
    return done;
  }
}
