// The SQLite store (one file; better-sqlite3 on Node, node:sqlite on Bun and Deno). WAL journal, full
// sync and a busy timeout, so that a restart loses nothing that was answered and several kit instances
// (processes) may share the file: the parts (sqlite-parts.ts, which D1Store shares) make every
// transition one conditional statement or one transaction, the compare-and-set inside the database.
// Exported from `@pay-elements/server/sqlite` so that the memory path never loads the native module.
import * as z from 'zod';
import { ChangeListeners } from './listeners.js';
import type {
  ChangeFeedPart,
  FundingPart,
  OutboxPart,
  PayStore,
  SessionPart,
  WatchPart,
  WebhookEventPart,
} from './parts.js';
import { openSqlite, type SqliteDatabase, type SqliteStatement } from './sqlite-driver.js';
import { sqliteParts, type SqlExecutor, type Statement } from './sqlite-parts.js';
import { SCHEMA } from './sqlite-sql.js';

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

export class SqliteStore implements PayStore {
  readonly sessions: SessionPart;
  readonly outbox: OutboxPart;
  readonly webhookEvents: WebhookEventPart;
  readonly watch: WatchPart;
  readonly funding: FundingPart;
  /** In-process only: other processes sharing the file learn of a change at the watcher's interval. */
  readonly changes: ChangeFeedPart;
  private readonly db: SqliteDatabase;
  private readonly statements = new Map<string, SqliteStatement>();

  /** Opens (creating if needed) the database file; `:memory:` works for a throwaway store. */
  constructor(filename: string, options: SqliteStoreOptions = {}) {
    this.db = openSqlite(filename);
    this.db.pragma('journal_mode = WAL');
    this.db.pragma('synchronous = FULL');
    this.db.pragma('foreign_keys = ON');
    this.db.pragma(`busy_timeout = ${Math.max(0, Math.floor(options.busyTimeoutMs ?? 5000))}`);
    this.db.transaction(() => this.migrate()).immediate();
    const listeners = new ChangeListeners();
    ({
      sessions: this.sessions,
      outbox: this.outbox,
      webhookEvents: this.webhookEvents,
      watch: this.watch,
      funding: this.funding,
    } = sqliteParts(this.executor(), listeners));
    this.changes = { subscribe: (listener) => listeners.subscribe(listener) };
  }

  /** Resolves when the file answers a read (a readiness check). */
  ping(): Promise<void> {
    return this.run(() => {
      this.statement('SELECT 1').get();
    });
  }

  close(): Promise<void> {
    return this.run(() => {
      if (this.db.open) this.db.close();
    });
  }

  /** Brings a file made by an earlier version up to the schema. */
  private migrate(): void {
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
      if (!columns.has('renew_token')) this.db.exec('ALTER TABLE pay_sessions ADD COLUMN renew_token TEXT');
      if (!columns.has('renew_claimed_at'))
        this.db.exec('ALTER TABLE pay_sessions ADD COLUMN renew_claimed_at INTEGER');
      if (!columns.has('display')) this.db.exec('ALTER TABLE pay_sessions ADD COLUMN display TEXT');
    }
    this.db.exec(SCHEMA);
    if (hadSessions && !hadOrders) this.db.exec(MIGRATE_ORDERS);
  }

  /** The parts' statements on this file: synchronous underneath, answered as promises. */
  private executor(): SqlExecutor {
    const changes = (statement: SqliteStatement, values: readonly unknown[]) =>
      Number(statement.run(...values).changes);
    const batch = this.db.transaction((statements: readonly Statement[]) =>
      statements.map(([sql, values]) => changes(this.statement(sql), values)),
    );
    return {
      run: (sql, values) => this.run(() => changes(this.statement(sql), values)),
      first: (sql, values, map) => this.run(() => map(this.statement(sql).get(...values))),
      all: (sql, values, map) =>
        this.run(() =>
          this.statement(sql)
            .all(...values)
            .map(map),
        ),
      batch: (statements) => this.run(() => batch.immediate(statements)),
    };
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

  /** better-sqlite3 is synchronous; the interface is not, so a thrown error becomes a rejection. */
  private run<T>(work: () => T): Promise<T> {
    try {
      return Promise.resolve(work());
    } catch (error) {
      return Promise.reject(error instanceof Error ? error : new Error(String(error)));
    }
  }
}
