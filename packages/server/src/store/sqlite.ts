// The SQLite store (one file; better-sqlite3 on Node, node:sqlite on Bun and Deno). WAL journal, full sync and a busy timeout, so that a
// restart loses nothing that was answered and several kit instances (processes) may share the file:
// every transition is one conditional UPDATE (the SQL in sqlite-sql.ts, which D1Store shares), the
// compare-and-set happens inside the database. An order's one session is held by a row keyed by the
// order (the primary key is the uniqueness), which first carries the claim of the caller opening it.
// Exported from `@pay-elements/server/sqlite` so that the memory path never loads the native module.
import * as z from 'zod';
import { ChangeListeners } from './listeners.js';
import { openSqlite, type SqliteDatabase, type SqliteStatement } from './sqlite-driver.js';
import { sessionValues, toRecord, toRecordOrNull } from './row.js';
import { SCHEMA, SQL } from './sqlite-sql.js';
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

export interface SqliteStoreOptions {
  /** How long a write waits for another process's lock, in ms; default 5000. */
  busyTimeoutMs?: number;
}

/**
 * A file made before orders had one session each: the renewal columns are added, and each order
 * keeps the session a shopper would be answered (paid first, then pending, then the newest).
 */
const MIGRATE_ORDERS = `
INSERT OR IGNORE INTO pay_orders (order_id, session_id)
  SELECT s.order_id, s.id FROM pay_sessions s
  WHERE s.id = (SELECT t.id FROM pay_sessions t WHERE t.order_id = s.order_id
                ORDER BY t.status = 'paid' DESC, t.status = 'pending' DESC, t.created_at DESC, t.rowid DESC
                LIMIT 1)
`;

export class SqliteStore implements SessionStore {
  private readonly db: SqliteDatabase;
  private readonly statements = new Map<string, SqliteStatement>();
  private readonly changes = new ChangeListeners();

  /** Opens (creating if needed) the database file; `:memory:` works for a throwaway store. */
  constructor(filename: string, options: SqliteStoreOptions = {}) {
    this.db = openSqlite(filename);
    this.db.pragma('journal_mode = WAL');
    this.db.pragma('synchronous = FULL');
    this.db.pragma('foreign_keys = ON');
    this.db.pragma(`busy_timeout = ${Math.max(0, Math.floor(options.busyTimeoutMs ?? 5000))}`);
    this.db
      .transaction(() => {
        const had = (table: string) =>
          this.db.prepare("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = ?").get(table) !==
          undefined;
        const hadOrders = had('pay_orders');
        const hadSessions = had('pay_sessions');
        if (hadSessions) {
          const columns = new Set(
            this.db
              .prepare('PRAGMA table_info(pay_sessions)')
              .all()
              .map((c) => z.object({ name: z.string() }).parse(c).name),
          );
          if (!columns.has('renew_token'))
            this.db.exec('ALTER TABLE pay_sessions ADD COLUMN renew_token TEXT');
          if (!columns.has('renew_claimed_at'))
            this.db.exec('ALTER TABLE pay_sessions ADD COLUMN renew_claimed_at INTEGER');
          if (!columns.has('display')) this.db.exec('ALTER TABLE pay_sessions ADD COLUMN display TEXT');
        }
        this.db.exec(SCHEMA);
        if (hadSessions && !hadOrders) this.db.exec(MIGRATE_ORDERS);
      })
      .immediate();
  }

  claimOrder(orderId: string, claim: Claim): Promise<OrderClaim> {
    return this.run((): OrderClaim => {
      const claimed =
        this.statement(SQL.claimOrder).run(orderId, claim.token, claim.now, claim.staleBefore).changes === 1;
      if (claimed) return { outcome: 'claimed' };
      const session = this.findByOrderNow(orderId);
      return session ? { outcome: 'session', session } : { outcome: 'busy' };
    });
  }

  create(session: SessionRecord, token: string): Promise<boolean> {
    const insert = this.db.transaction((s: SessionRecord): boolean => {
      if (this.statement(SQL.orderClaimHeld).get(s.orderId, token) === undefined) return false;
      this.statement(SQL.insertSession).run(...sessionValues(s));
      this.statement(SQL.insertReference).run(s.reference, s.id);
      this.statement(SQL.settleOrder).run(s.id, s.orderId, token);
      return true;
    });
    return this.run(() => insert.immediate(session));
  }

  releaseOrder(orderId: string, token: string): Promise<void> {
    return this.run(() => {
      this.statement(SQL.releaseOrder).run(orderId, token);
    });
  }

  get(id: string): Promise<SessionRecord | null> {
    return this.run(() => toRecordOrNull(this.statement(SQL.get).get(id)));
  }

  findByReference(reference: string): Promise<SessionRecord | null> {
    return this.run(() => toRecordOrNull(this.statement(SQL.findByReference).get(reference)));
  }

  findByOrder(orderId: string): Promise<SessionRecord | null> {
    return this.run(() => this.findByOrderNow(orderId));
  }

  listPendingByCustomer(customerId: string): Promise<SessionRecord[]> {
    return this.run(() => this.statement(SQL.listPendingByCustomer).all(customerId).map(toRecord));
  }

  listPending(limit = 1000): Promise<SessionRecord[]> {
    return this.run(() => this.statement(SQL.listPending).all(limit).map(toRecord));
  }

  markPaid(id: string, mark: PaidMark): Promise<boolean> {
    const transition = this.run(
      () => this.statement(SQL.markPaid).run(mark.paidAt, mark.transactionId, mark.now, id).changes === 1,
    );
    return this.announce(id, transition);
  }

  markExpired(id: string, reference: string): Promise<boolean> {
    const transition = this.run(() => this.statement(SQL.markExpired).run(id, reference).changes === 1);
    return this.announce(id, transition);
  }

  claimRenewal(id: string, previousReference: string, claim: Claim): Promise<boolean> {
    return this.run(
      () =>
        this.statement(SQL.claimRenewal).run(claim.token, claim.now, id, previousReference, claim.staleBefore)
          .changes === 1,
    );
  }

  renew(id: string, token: string, renewal: Renewal): Promise<boolean> {
    const swap = this.db.transaction((): boolean => {
      const changed =
        this.statement(SQL.renew).run(
          renewal.account.accountName,
          renewal.account.accountNumber,
          renewal.account.bankName,
          renewal.reference,
          renewal.expiresAt,
          id,
          token,
        ).changes === 1;
      if (changed) this.statement(SQL.insertReference).run(renewal.reference, id);
      return changed;
    });
    return this.announce(
      id,
      this.run(() => swap.immediate()),
    );
  }

  releaseRenewal(id: string, token: string): Promise<void> {
    return this.run(() => {
      this.statement(SQL.releaseRenewal).run(id, token);
    });
  }

  hasEvent(eventId: string): Promise<boolean> {
    return this.run(() => this.statement(SQL.hasEvent).get(eventId) !== undefined);
  }

  rememberEvent(eventId: string, now: number): Promise<boolean> {
    return this.run(() => this.statement(SQL.rememberEvent).run(eventId, now).changes === 1);
  }

  listOwed(claimedBefore: number): Promise<SessionRecord[]> {
    return this.run(() => this.statement(SQL.listOwed).all(claimedBefore).map(toRecord));
  }

  claimOwed(id: string, claimedBefore: number, now: number): Promise<boolean> {
    return this.run(() => this.statement(SQL.claimOwed).run(now, id, claimedBefore).changes === 1);
  }

  markDelivered(id: string): Promise<void> {
    return this.run(() => {
      this.statement(SQL.markDelivered).run(id);
    });
  }

  claimCheck(customerId: string, now: number, intervalMs: number): Promise<boolean> {
    return this.run(() => this.statement(SQL.claimCheck).run(customerId, now, now, intervalMs).changes === 1);
  }

  claimWatch(now: number, intervalMs: number): Promise<boolean> {
    return this.run(
      () => this.statement(SQL.claimWatch).run(WATCH_CHECK, now, now, intervalMs).changes === 1,
    );
  }

  readWatch(): Promise<WatchState> {
    return this.run(() => watchStateOf(this.statement(SQL.readWatch).all()));
  }

  advanceWatermark(at: number): Promise<void> {
    return this.raise(WATCH_WATERMARK, at);
  }

  noteWebhook(at: number): Promise<void> {
    return this.raise(WATCH_WEBHOOK, at);
  }

  setProviderWait(kind: ProviderCallKind, wait: ProviderWait | null): Promise<void> {
    return this.run(() => {
      if (wait) this.statement(SQL.setWait).run(waitName(kind), Math.ceil(wait.until), wait.reason);
      else this.statement(SQL.clearWait).run(waitName(kind));
    });
  }

  /** Sets a time that only moves forward. */
  private raise(name: string, at: number): Promise<void> {
    return this.run(() => {
      this.statement(SQL.raiseWatch).run(name, Math.floor(at));
    });
  }

  close(): Promise<void> {
    return this.run(() => {
      if (this.db.open) this.db.close();
    });
  }

  private findByOrderNow(orderId: string): SessionRecord | null {
    return toRecordOrNull(this.statement(SQL.findByOrder).get(orderId));
  }

  /** A prepared statement, prepared once per SQL text. */
  private statement(sql: string): SqliteStatement {
    let prepared = this.statements.get(sql);
    if (!prepared) {
      prepared = this.db.prepare(sql);
      this.statements.set(sql, prepared);
    }
    return prepared;
  }

  /** Resolves when the file answers a read (a readiness check). */
  ping(): Promise<void> {
    return this.run(() => {
      this.statement('SELECT 1').get();
    });
  }

  /** In-process only: other processes sharing the file learn of a change at the watcher's interval. */
  subscribe(listener: (sessionId: string) => void): () => void {
    return this.changes.subscribe(listener);
  }

  /** Announces a committed transition to this process's subscribers. */
  private async announce(id: string, transition: Promise<boolean>): Promise<boolean> {
    const changed = await transition;
    if (changed) this.changes.emit(id);
    return changed;
  }

  /** better-sqlite3 is synchronous; the interface is not, so a thrown error becomes a rejection. */
  private run<T>(work: () => T): Promise<T> {
    try {
      return Promise.resolve(work());
    } catch (error) {
      return Promise.reject(error instanceof Error ? error : new Error(String(error)));
    }
  }
}
