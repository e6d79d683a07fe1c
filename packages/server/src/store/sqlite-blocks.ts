// The store's blocks in the SQLite dialect, over whatever runs the statements: a file through
// better-sqlite3 or node:sqlite (SqliteStore) or Cloudflare's D1 (D1Store). A commit is one batch
// (one transaction) whose guards undo it all when an `expect` does not hold; the other calls are one
// statement each, the outbox's lease a compare-and-set on the entry's due time.
import { checkCommit } from './commit-check.js';
import type { Commit, OncePart, OutboxEntry, OutboxPart, RecordPart, StoredRecord } from './contract.js';
import type { ChangeListeners } from './listeners.js';
import { listLimit, toEntry, toRecord, toRecordOrNull } from './sql-rows.js';
import { commitStatements, isGuardFailure, SQL, type Statement } from './sqlite-statements.js';

/** What runs the SQL: a driver's statements, each answered as a promise. */
export interface SqlExecutor {
  /** Runs a statement; answers the number of rows it changed. */
  run(sql: string, values: readonly unknown[]): Promise<number>;
  /** The first row (undefined when none) as `map` reads it. */
  first<T>(sql: string, values: readonly unknown[], map: (row: unknown) => T): Promise<T>;
  /** Every row, as `map` reads each. */
  all<T>(sql: string, values: readonly unknown[], map: (row: unknown) => T): Promise<T[]>;
  /** Runs the statements in one transaction: all of them, or none if one fails (then it throws). */
  batch(statements: readonly Statement[]): Promise<void>;
}

class SqlRecords implements RecordPart {
  constructor(
    private readonly db: SqlExecutor,
    private readonly listeners: ChangeListeners,
  ) {}

  get(collection: string, key: string): Promise<StoredRecord | null> {
    return this.db.first(SQL.get, [collection, key], toRecordOrNull);
  }

  list(
    collection: string,
    options: { prefix?: string; limit?: number; reverse?: boolean } = {},
  ): Promise<StoredRecord[]> {
    const { prefix = '', limit, reverse = false } = options;
    return this.db.all(
      reverse ? SQL.listReverse : SQL.list,
      [collection, prefix, prefix, listLimit(limit)],
      toRecord,
    );
  }

  async commit(commit: Commit): Promise<boolean> {
    checkCommit(commit);
    const statements = commitStatements(commit);
    if (statements.length > 0) {
      try {
        await this.db.batch(statements);
      } catch (error) {
        if (isGuardFailure(error)) return false;
        throw error;
      }
    }
    for (const name of commit.announce ?? []) this.listeners.emit(name);
    return true;
  }
}

class SqlOutbox implements OutboxPart {
  constructor(private readonly db: SqlExecutor) {}

  due(topic: string, now: number, limit: number): Promise<OutboxEntry[]> {
    return this.db.all(SQL.due, [topic, now, listLimit(limit)], toEntry);
  }

  async lease(
    topic: string,
    id: string,
    expectDueAt: number,
    next: { dueAt: number; attempts: number },
  ): Promise<boolean> {
    return (await this.db.run(SQL.lease, [next.dueAt, next.attempts, topic, id, expectDueAt])) === 1;
  }

  async done(topic: string, id: string): Promise<void> {
    await this.db.run(SQL.done, [topic, id]);
  }
}

class SqlOnce implements OncePart {
  constructor(private readonly db: SqlExecutor) {}

  seen(id: string): Promise<boolean> {
    return this.db.first(SQL.seen, [id], (row) => row !== undefined);
  }

  async remember(id: string, now: number): Promise<boolean> {
    return (await this.db.run(SQL.remember, [id, now])) === 1;
  }

  forgetBefore(before: number): Promise<number> {
    return this.db.run(SQL.forgetBefore, [before]);
  }
}

/** The blocks of a store in the SQLite dialect, on one executor; commits announced to `listeners`. */
export function sqliteBlocks(
  db: SqlExecutor,
  listeners: ChangeListeners,
): { records: RecordPart; outbox: OutboxPart; once: OncePart } {
  return { records: new SqlRecords(db, listeners), outbox: new SqlOutbox(db), once: new SqlOnce(db) };
}
