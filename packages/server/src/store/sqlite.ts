// The SQLite store (one file; better-sqlite3 on Node, node:sqlite on Bun and Deno). WAL journal, full
// sync and a busy timeout, so that a restart loses nothing that was answered and several kit instances
// (processes) may share the file: a commit is one BEGIN IMMEDIATE transaction whose guards undo it when
// an `expect` does not hold (sqlite-blocks.ts, which D1Store shares), so the compare-and-set happens
// inside the database. Exported from `@pay-elements/server/sqlite` so that the memory path never loads
// the native module.
import type { ChangeFeedPart, OncePart, OutboxPart, PayStore, RecordPart } from './contract.js';
import { ChangeListeners } from './listeners.js';
import { sqliteBlocks, type SqlExecutor } from './sqlite-blocks.js';
import { openSqlite, type SqliteDatabase, type SqliteStatement } from './sqlite-driver.js';
import { SCHEMA, type Statement } from './sqlite-statements.js';

export interface SqliteStoreOptions {
  /** How long a write waits for another process's lock, in ms; default 5000. */
  busyTimeoutMs?: number;
}

export class SqliteStore implements PayStore {
  readonly records: RecordPart;
  readonly outbox: OutboxPart;
  readonly once: OncePart;
  /** In-process only: other processes sharing the file learn of a change at the watcher's interval. */
  readonly changes: ChangeFeedPart;
  private readonly db: SqliteDatabase;
  private readonly statements = new Map<string, SqliteStatement>();

  /**
   * Opens (creating if needed) the database file; `:memory:` works for a throwaway store. The tables
   * of an earlier version's file are left as they are, beside the new ones.
   */
  constructor(filename: string, options: SqliteStoreOptions = {}) {
    this.db = openSqlite(filename);
    this.db.pragma('journal_mode = WAL');
    this.db.pragma('synchronous = FULL');
    this.db.pragma(`busy_timeout = ${Math.max(0, Math.floor(options.busyTimeoutMs ?? 5000))}`);
    this.db.transaction(() => this.db.exec(SCHEMA)).immediate();
    const listeners = new ChangeListeners();
    ({
      records: this.records,
      outbox: this.outbox,
      once: this.once,
    } = sqliteBlocks(this.executor(), listeners));
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

  /** The blocks' statements on this file: synchronous underneath, answered as promises. */
  private executor(): SqlExecutor {
    const batch = this.db.transaction((statements: readonly Statement[]) => {
      for (const [sql, values] of statements) this.statement(sql).run(...values);
    });
    return {
      run: (sql, values) => this.run(() => Number(this.statement(sql).run(...values).changes)),
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
