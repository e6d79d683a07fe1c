// The SQLite store (better-sqlite3, one file). WAL journal, full sync and a busy timeout, so that a
// restart loses nothing that was answered and several kit instances (processes) may share the file:
// every transition is one conditional UPDATE, the compare-and-set happens inside the database.
// Exported from `@pay-elements/server/sqlite` so that the memory path never loads the native module.
import Database from 'better-sqlite3';
import * as z from 'zod';
import { SessionStatus } from '@pay-elements/protocol';
import { ChangeListeners } from './listeners.js';
import type { PaidMark, Renewal, SessionRecord, SessionStore } from './types.js';

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
  onpaid_claimed_at INTEGER
);
CREATE INDEX IF NOT EXISTS pay_sessions_customer ON pay_sessions (customer_id, status);
CREATE INDEX IF NOT EXISTS pay_sessions_order ON pay_sessions (order_id, created_at);
CREATE INDEX IF NOT EXISTS pay_sessions_pending ON pay_sessions (status, created_at);
CREATE INDEX IF NOT EXISTS pay_sessions_owed ON pay_sessions (onpaid_owed) WHERE onpaid_owed = 1;
CREATE TABLE IF NOT EXISTS pay_references (
  reference TEXT PRIMARY KEY,
  session_id TEXT NOT NULL REFERENCES pay_sessions (id)
);
CREATE TABLE IF NOT EXISTS pay_webhook_events (
  id TEXT PRIMARY KEY,
  received_at INTEGER NOT NULL
);
CREATE TABLE IF NOT EXISTS pay_customer_checks (
  customer_id TEXT PRIMARY KEY,
  checked_at INTEGER NOT NULL
);
`;

/** A row as SQLite gives it back, parsed rather than cast. */
const Row = z.object({
  id: z.string(),
  order_id: z.string(),
  customer_id: z.string(),
  amount: z.string(),
  currency: z.string(),
  status: z.enum(SessionStatus.options),
  account_name: z.string(),
  account_number: z.string(),
  bank_name: z.string(),
  reference: z.string(),
  created_at: z.string(),
  expires_at: z.string(),
  paid_at: z.string().nullable(),
  transaction_id: z.string().nullable(),
});

function toRecord(row: unknown): SessionRecord {
  const r = Row.parse(row);
  return {
    id: r.id,
    orderId: r.order_id,
    customerId: r.customer_id,
    amount: r.amount,
    currency: r.currency,
    status: r.status,
    account: { accountName: r.account_name, accountNumber: r.account_number, bankName: r.bank_name },
    reference: r.reference,
    createdAt: r.created_at,
    expiresAt: r.expires_at,
    paidAt: r.paid_at,
    transactionId: r.transaction_id,
  };
}

function toRecordOrNull(row: unknown): SessionRecord | null {
  return row === undefined ? null : toRecord(row);
}

export class SqliteStore implements SessionStore {
  private readonly db: Database.Database;
  private readonly statements = new Map<string, Database.Statement>();
  private readonly changes = new ChangeListeners();

  /** Opens (creating if needed) the database file; `:memory:` works for a throwaway store. */
  constructor(filename: string, options: SqliteStoreOptions = {}) {
    this.db = new Database(filename);
    this.db.pragma('journal_mode = WAL');
    this.db.pragma('synchronous = FULL');
    this.db.pragma('foreign_keys = ON');
    this.db.pragma(`busy_timeout = ${Math.max(0, Math.floor(options.busyTimeoutMs ?? 5000))}`);
    this.db.exec(SCHEMA);
  }

  create(session: SessionRecord): Promise<void> {
    const insert = this.db.transaction((s: SessionRecord) => {
      this.statement(
        `INSERT INTO pay_sessions (id, order_id, customer_id, amount, currency, status, account_name,
             account_number, bank_name, reference, created_at, expires_at, paid_at, transaction_id)
           VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
      ).run(
        s.id,
        s.orderId,
        s.customerId,
        s.amount,
        s.currency,
        s.status,
        s.account.accountName,
        s.account.accountNumber,
        s.account.bankName,
        s.reference,
        s.createdAt,
        s.expiresAt,
        s.paidAt,
        s.transactionId,
      );
      this.statement('INSERT INTO pay_references (reference, session_id) VALUES (?, ?)').run(
        s.reference,
        s.id,
      );
    });
    return this.run(() => insert(session));
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

  findOpenByOrder(orderId: string): Promise<SessionRecord | null> {
    return this.run(() =>
      toRecordOrNull(
        this.statement(
          `SELECT * FROM pay_sessions WHERE order_id = ? AND status != 'expired'
             ORDER BY created_at DESC, rowid DESC LIMIT 1`,
        ).get(orderId),
      ),
    );
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

  renew(id: string, previousReference: string, renewal: Renewal): Promise<boolean> {
    const swap = this.db.transaction((): boolean => {
      const changed =
        this.statement(
          `UPDATE pay_sessions SET status = 'pending', account_name = ?, account_number = ?, bank_name = ?,
               reference = ?, expires_at = ?
             WHERE id = ? AND status = 'expired' AND reference = ?`,
        ).run(
          renewal.account.accountName,
          renewal.account.accountNumber,
          renewal.account.bankName,
          renewal.reference,
          renewal.expiresAt,
          id,
          previousReference,
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

  close(): Promise<void> {
    return this.run(() => {
      if (this.db.open) this.db.close();
    });
  }

  /** A prepared statement, prepared once per SQL text. */
  private statement(sql: string): Database.Statement {
    let prepared = this.statements.get(sql);
    if (!prepared) {
      prepared = this.db.prepare(sql);
      this.statements.set(sql, prepared);
    }
    return prepared;
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
