// The SQLite library under SqliteStore: better-sqlite3 on Node; on Bun and Deno, which cannot load
// that Node addon (V8/nan, not Node-API), the runtime's own `node:sqlite` behind the same small
// surface. Each is loaded only when a store is opened, so neither is needed where it is not used.
import { createRequire } from 'node:module';
import type BetterSqlite3 from 'better-sqlite3';
import { PayConfigError } from '../errors.js';

export interface SqliteStatement {
  run(...params: unknown[]): { changes: number | bigint };
  get(...params: unknown[]): unknown;
  all(...params: unknown[]): unknown[];
}

export type SqliteTransaction<A extends unknown[], R> = ((...args: A) => R) & {
  /** BEGIN IMMEDIATE: takes the write lock at once */
  immediate(...args: A): R;
};

export interface SqliteDatabase {
  prepare(sql: string): SqliteStatement;
  exec(sql: string): void;
  /** sets a pragma (`journal_mode = WAL`) */
  pragma(source: string): unknown;
  transaction<A extends unknown[], R>(work: (...args: A) => R): SqliteTransaction<A, R>;
  readonly open: boolean;
  close(): void;
}

const require = createRequire(import.meta.url);

/** The runtime when it is not Node. */
export function otherRuntime(): 'Bun' | 'Deno' | null {
  const versions: Partial<Record<string, string>> = process.versions;
  if (versions['bun']) return 'Bun';
  if (versions['deno']) return 'Deno';
  return null;
}

interface NodeSqliteDatabase {
  prepare(sql: string): SqliteStatement;
  exec(sql: string): void;
  close(): void;
}

interface NodeSqlite {
  DatabaseSync: new (filename: string) => NodeSqliteDatabase;
}

function isNodeSqlite(loaded: unknown): loaded is NodeSqlite {
  return typeof loaded === 'object' && loaded !== null && 'DatabaseSync' in loaded;
}

function isBetterSqlite(loaded: unknown): loaded is typeof BetterSqlite3 {
  return typeof loaded === 'function';
}

/** `node:sqlite`'s DatabaseSync with better-sqlite3's pragma and transaction helpers. */
class NodeSqliteDatabaseAdapter implements SqliteDatabase {
  readonly #db: NodeSqliteDatabase;
  #open = true;

  constructor(db: NodeSqliteDatabase) {
    this.#db = db;
  }

  get open(): boolean {
    return this.#open;
  }

  prepare(sql: string): SqliteStatement {
    return this.#db.prepare(sql);
  }

  exec(sql: string): void {
    this.#db.exec(sql);
  }

  pragma(source: string): void {
    this.#db.exec(`PRAGMA ${source}`);
  }

  transaction<A extends unknown[], R>(work: (...args: A) => R): SqliteTransaction<A, R> {
    const within =
      (begin: string) =>
      (...args: A): R => {
        this.#db.exec(begin);
        let result: R;
        try {
          result = work(...args);
        } catch (error) {
          try {
            this.#db.exec('ROLLBACK');
          } catch {
            // SQLite rolled back already (a failed statement may end the transaction)
          }
          throw error;
        }
        this.#db.exec('COMMIT');
        return result;
      };
    return Object.assign(within('BEGIN'), { immediate: within('BEGIN IMMEDIATE') });
  }

  close(): void {
    this.#open = false;
    this.#db.close();
  }
}

/** Opens the file with better-sqlite3 on Node, with `node:sqlite` on Bun and Deno. */
export function openSqlite(filename: string): SqliteDatabase {
  const runtime = otherRuntime();
  if (runtime === null) {
    const Database: unknown = require('better-sqlite3');
    if (!isBetterSqlite(Database)) throw new PayConfigError('better-sqlite3 did not load as expected');
    return new Database(filename);
  }
  let loaded: unknown;
  try {
    loaded = require('node:sqlite');
  } catch (error) {
    loaded = error;
  }
  if (!isNodeSqlite(loaded))
    throw new PayConfigError(
      `SqliteStore on ${runtime} uses its node:sqlite, which this version of ${runtime} lacks ` +
        '(better-sqlite3 is a Node addon it cannot load): upgrade it, or use PostgresStore from ' +
        '@pay-elements/server/postgres (with pg), or MemoryStore for one process.',
      { cause: loaded },
    );
  return new NodeSqliteDatabaseAdapter(new loaded.DatabaseSync(filename));
}
