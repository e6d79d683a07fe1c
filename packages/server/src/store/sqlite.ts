// The SQLite store (one file; better-sqlite3 on Node, node:sqlite on Bun and Deno). WAL journal, full sync and a busy timeout, so that a
// restart loses nothing that was answered and several kit instances (processes) may share the file:
// every transition is one conditional UPDATE, the compare-and-set happens inside the database. An
// order's one session is held by a row keyed by the order (the primary key is the uniqueness), which
// first carries the claim of the caller opening the account.
// Exported from `@pay-elements/server/sqlite` so that the memory path never loads the native module.
import * as z from 'zod';
import { ChangeListeners } from './listeners.js';
import { openSqlite, type SqliteDatabase, type SqliteStatement } from './sqlite-driver.js';
import { SESSION_COLUMNS, sessionValues, toRecord, toRecordOrNull } from './row.js';
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

const SCHEMA = `
CREATE TABLE IF NOT EXISTS pay_sessions (
  id TEXT PRIMARY KEY,
  order_id TEXT NOT NULL,
  customer_id TEXT NOT NULL,
  amount TEXT NOT NULL,
  currency TEXT NOT NULL,
  status TEXT NOT NULL CHECK (status IN ('pending', 'paid', 'expired')),
  account_name TEXT NOT NULL,
  account_number TEXT NOT NULL,
  bank_name TEXT NOT NULL,
  reference TEXT NOT NULL,
  created_at TEXT NOT NULL,
  expires_at TEXT NOT NULL,
  paid_at TEXT,
  transaction_id TEXT,
  onpaid_owed INTEGER NOT NULL DEFAULT 0,
  onpaid_claimed_at INTEGER,
  renew_token TEXT,
  renew_claimed_at INTEGER,
  display TEXT
);
CREATE INDEX IF NOT EXISTS pay_sessions_customer ON pay_sessions (customer_id, status);
CREATE INDEX IF NOT EXISTS pay_sessions_order ON pay_sessions (order_id, created_at);
CREATE INDEX IF NOT EXISTS pay_sessions_pending ON pay_sessions (status, created_at);
CREATE INDEX IF NOT EXISTS pay_sessions_owed ON pay_sessions (onpaid_owed) WHERE onpaid_owed = 1;
CREATE TABLE IF NOT EXISTS pay_references (
  reference TEXT PRIMARY KEY,
  session_id TEXT NOT NULL REFERENCES pay_sessions (id)
);
CREATE TABLE IF NOT EXISTS pay_orders (
  order_id TEXT PRIMARY KEY,
  session_id TEXT UNIQUE REFERENCES pay_sessions (id),
  claim_token TEXT,
  claimed_at INTEGER
);
CREATE TABLE IF NOT EXISTS pay_webhook_events (
  id TEXT PRIMARY KEY,
  received_at INTEGER NOT NULL
);
CREATE TABLE IF NOT EXISTS pay_customer_checks (
  customer_id TEXT PRIMARY KEY,
  checked_at INTEGER NOT NULL
);
CREATE TABLE IF NOT EXISTS pay_watch (
  name TEXT PRIMARY KEY,
  at INTEGER NOT NULL,
  reason TEXT
);
`;

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
      // one statement: a new order row is the claim; an existing one is taken over only when it holds
      // no session and its claim is stale
      const claimed =
        this.statement(
          `INSERT INTO pay_orders (order_id, claim_token, claimed_at) VALUES (?, ?, ?)
             ON CONFLICT (order_id) DO UPDATE SET claim_token = excluded.claim_token,
                 claimed_at = excluded.claimed_at
               WHERE pay_orders.session_id IS NULL
                 AND (pay_orders.claimed_at IS NULL OR pay_orders.claimed_at < ?)`,
        ).run(orderId, claim.token, claim.now, claim.staleBefore).changes === 1;
      if (claimed) return { outcome: 'claimed' };
      const session = this.findByOrderNow(orderId);
      return session ? { outcome: 'session', session } : { outcome: 'busy' };
    });
  }

  create(session: SessionRecord, token: string): Promise<boolean> {
    const insert = this.db.transaction((s: SessionRecord): boolean => {
      const held = this.statement(
        `SELECT 1 FROM pay_orders WHERE order_id = ? AND session_id IS NULL AND claim_token = ?`,
      ).get(s.orderId, token);
      if (held === undefined) return false;
      this.statement(
        `INSERT INTO pay_sessions (${SESSION_COLUMNS}) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
      ).run(...sessionValues(s));
      this.statement('INSERT INTO pay_references (reference, session_id) VALUES (?, ?)').run(
        s.reference,
        s.id,
      );
      this.statement(
        `UPDATE pay_orders SET session_id = ?, claim_token = NULL, claimed_at = NULL WHERE order_id = ?`,
      ).run(s.id, s.orderId);
      return true;
    });
    return this.run(() => insert.immediate(session));
  }

  releaseOrder(orderId: string, token: string): Promise<void> {
    return this.run(() => {
      this.statement(
        'DELETE FROM pay_orders WHERE order_id = ? AND session_id IS NULL AND claim_token = ?',
      ).run(orderId, token);
    });
  }

  get(id: string): Promise<SessionRecord | null> {
    return this.run(() => toRecordOrNull(this.statement('SELECT * FROM pay_sessions WHERE id = ?').get(id)));
  }

  findByReference(reference: string): Promise<SessionRecord | null> {
    return this.run(() =>
      toRecordOrNull(
        this.statement(
          `SELECT s.* FROM pay_sessions s JOIN pay_references r ON r.session_id = s.id
             WHERE r.reference = ?`,
        ).get(reference),
      ),
    );
  }

  findByOrder(orderId: string): Promise<SessionRecord | null> {
    return this.run(() => this.findByOrderNow(orderId));
  }

  listPendingByCustomer(customerId: string): Promise<SessionRecord[]> {
    return this.run(() =>
      this.statement(`SELECT * FROM pay_sessions WHERE customer_id = ? AND status = 'pending'`)
        .all(customerId)
        .map(toRecord),
    );
  }

  listPending(limit = 1000): Promise<SessionRecord[]> {
    return this.run(() =>
      this.statement(`SELECT * FROM pay_sessions WHERE status = 'pending' ORDER BY created_at, rowid LIMIT ?`)
        .all(limit)
        .map(toRecord),
    );
  }

  markPaid(id: string, mark: PaidMark): Promise<boolean> {
    const transition = this.run(
      () =>
        this.statement(
          `UPDATE pay_sessions SET status = 'paid', paid_at = ?, transaction_id = ?, onpaid_owed = 1,
               onpaid_claimed_at = ?
             WHERE id = ? AND status != 'paid'`,
        ).run(mark.paidAt, mark.transactionId, mark.now, id).changes === 1,
    );
    return this.announce(id, transition);
  }

  markExpired(id: string, reference: string): Promise<boolean> {
    const transition = this.run(
      () =>
        this.statement(
          `UPDATE pay_sessions SET status = 'expired' WHERE id = ? AND status = 'pending' AND reference = ?`,
        ).run(id, reference).changes === 1,
    );
    return this.announce(id, transition);
  }

  claimRenewal(id: string, previousReference: string, claim: Claim): Promise<boolean> {
    return this.run(
      () =>
        this.statement(
          `UPDATE pay_sessions SET renew_token = ?, renew_claimed_at = ?
             WHERE id = ? AND status = 'expired' AND reference = ?
               AND (renew_token IS NULL OR renew_claimed_at < ?)`,
        ).run(claim.token, claim.now, id, previousReference, claim.staleBefore).changes === 1,
    );
  }

  renew(id: string, token: string, renewal: Renewal): Promise<boolean> {
    const swap = this.db.transaction((): boolean => {
      const changed =
        this.statement(
          `UPDATE pay_sessions SET status = 'pending', account_name = ?, account_number = ?, bank_name = ?,
               reference = ?, expires_at = ?, renew_token = NULL, renew_claimed_at = NULL
             WHERE id = ? AND status = 'expired' AND renew_token = ?`,
        ).run(
          renewal.account.accountName,
          renewal.account.accountNumber,
          renewal.account.bankName,
          renewal.reference,
          renewal.expiresAt,
          id,
          token,
        ).changes === 1;
      if (changed)
        this.statement('INSERT INTO pay_references (reference, session_id) VALUES (?, ?)').run(
          renewal.reference,
          id,
        );
      return changed;
    });
    return this.announce(
      id,
      this.run(() => swap.immediate()),
    );
  }

  releaseRenewal(id: string, token: string): Promise<void> {
    return this.run(() => {
      this.statement(
        'UPDATE pay_sessions SET renew_token = NULL, renew_claimed_at = NULL WHERE id = ? AND renew_token = ?',
      ).run(id, token);
    });
  }

  hasEvent(eventId: string): Promise<boolean> {
    return this.run(
      () => this.statement('SELECT 1 FROM pay_webhook_events WHERE id = ?').get(eventId) !== undefined,
    );
  }

  rememberEvent(eventId: string, now: number): Promise<boolean> {
    return this.run(
      () =>
        this.statement(
          'INSERT INTO pay_webhook_events (id, received_at) VALUES (?, ?) ON CONFLICT (id) DO NOTHING',
        ).run(eventId, now).changes === 1,
    );
  }

  listOwed(claimedBefore: number): Promise<SessionRecord[]> {
    return this.run(() =>
      this.statement(
        `SELECT * FROM pay_sessions WHERE onpaid_owed = 1
             AND (onpaid_claimed_at IS NULL OR onpaid_claimed_at < ?)`,
      )
        .all(claimedBefore)
        .map(toRecord),
    );
  }

  claimOwed(id: string, claimedBefore: number, now: number): Promise<boolean> {
    return this.run(
      () =>
        this.statement(
          `UPDATE pay_sessions SET onpaid_claimed_at = ?
             WHERE id = ? AND onpaid_owed = 1 AND (onpaid_claimed_at IS NULL OR onpaid_claimed_at < ?)`,
        ).run(now, id, claimedBefore).changes === 1,
    );
  }

  markDelivered(id: string): Promise<void> {
    return this.run(() => {
      this.statement('UPDATE pay_sessions SET onpaid_owed = 0 WHERE id = ?').run(id);
    });
  }

  claimCheck(customerId: string, now: number, intervalMs: number): Promise<boolean> {
    return this.run(
      () =>
        this.statement(
          `INSERT INTO pay_customer_checks (customer_id, checked_at) VALUES (?, ?)
             ON CONFLICT (customer_id) DO UPDATE SET checked_at = excluded.checked_at
               WHERE pay_customer_checks.checked_at <= ? - ?`,
        ).run(customerId, now, now, intervalMs).changes === 1,
    );
  }

  claimWatch(now: number, intervalMs: number): Promise<boolean> {
    return this.run(
      () =>
        this.statement(
          `INSERT INTO pay_watch (name, at) VALUES (?, ?)
             ON CONFLICT (name) DO UPDATE SET at = excluded.at WHERE pay_watch.at <= ? - ?`,
        ).run(WATCH_CHECK, now, now, intervalMs).changes === 1,
    );
  }

  readWatch(): Promise<WatchState> {
    return this.run(() => watchStateOf(this.statement('SELECT name, at, reason FROM pay_watch').all()));
  }

  advanceWatermark(at: number): Promise<void> {
    return this.raise(WATCH_WATERMARK, at);
  }

  noteWebhook(at: number): Promise<void> {
    return this.raise(WATCH_WEBHOOK, at);
  }

  setProviderWait(kind: ProviderCallKind, wait: ProviderWait | null): Promise<void> {
    return this.run(() => {
      if (wait)
        this.statement(
          `INSERT INTO pay_watch (name, at, reason) VALUES (?, ?, ?)
             ON CONFLICT (name) DO UPDATE SET at = excluded.at, reason = excluded.reason`,
        ).run(waitName(kind), Math.ceil(wait.until), wait.reason);
      else this.statement('DELETE FROM pay_watch WHERE name = ?').run(waitName(kind));
    });
  }

  /** Sets a time that only moves forward. */
  private raise(name: string, at: number): Promise<void> {
    return this.run(() => {
      this.statement(
        `INSERT INTO pay_watch (name, at) VALUES (?, ?)
           ON CONFLICT (name) DO UPDATE SET at = excluded.at WHERE pay_watch.at < excluded.at`,
      ).run(name, Math.floor(at));
    });
  }

  close(): Promise<void> {
    return this.run(() => {
      if (this.db.open) this.db.close();
    });
  }

  private findByOrderNow(orderId: string): SessionRecord | null {
    return toRecordOrNull(
      this.statement(
        `SELECT s.* FROM pay_orders o JOIN pay_sessions s ON s.id = o.session_id WHERE o.order_id = ?`,
      ).get(orderId),
    );
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
