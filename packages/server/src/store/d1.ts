// The D1 store: Cloudflare's D1 (SQLite at the edge), for the kit in a Worker. Its blocks are
// SqliteStore's (sqlite-blocks.ts): D1 has no interactive transactions, and they need none, a commit
// being one `batch` (which D1 runs as one transaction, undone whole when a statement fails) whose
// guards fail it when an `expect` does not hold. Exported from `@pay-elements/server/d1`; it imports
// nothing from node, nor any driver.
import type { ChangeFeedPart, OncePart, OutboxPart, PayStore, RecordPart } from './contract.js';
import { ChangeListeners } from './listeners.js';
import { sqliteBlocks, type SqlExecutor } from './sqlite-blocks.js';
import { SCHEMA, SCHEMA_STATEMENTS } from './sqlite-statements.js';

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

/** The blocks' statements on a D1 binding. */
function executor(db: D1Database): SqlExecutor {
  const bound = (sql: string, values: readonly unknown[]) => {
    const statement = db.prepare(sql);
    return values.length ? statement.bind(...values) : statement;
  };
  return {
    run: async (sql, values) => (await bound(sql, values).run()).meta.changes ?? 0,
    // D1 answers null where there is no row
    first: async (sql, values, map) => map((await bound(sql, values).first()) ?? undefined),
    all: async (sql, values, map) => ((await bound(sql, values).all()).results ?? []).map(map),
    batch: async (statements) => {
      await db.batch(statements.map(([sql, values]) => bound(sql, values)));
    },
  };
}

export class D1Store implements PayStore {
  readonly records: RecordPart;
  readonly outbox: OutboxPart;
  readonly once: OncePart;
  /** In-isolate only: other isolates sharing the database learn of a change at the watcher's interval. */
  readonly changes: ChangeFeedPart;

  /** A store on a database whose schema exists (`D1Store.open` creates it). */
  constructor(private readonly db: D1Database) {
    const listeners = new ChangeListeners();
    ({ records: this.records, outbox: this.outbox, once: this.once } = sqliteBlocks(executor(db), listeners));
    this.changes = { subscribe: (listener) => listeners.subscribe(listener) };
  }

  /** Creates the tables if they are missing (idempotent, one batch), then answers the store. */
  static async open(db: D1Database): Promise<D1Store> {
    await db.batch(SCHEMA_STATEMENTS.map((statement) => db.prepare(statement)));
    return new D1Store(db);
  }

  /** Resolves when the database answers a read (a readiness check). */
  async ping(): Promise<void> {
    await this.db.prepare('SELECT 1').first();
  }

  /** The binding belongs to the runtime; nothing to close. */
  close(): Promise<void> {
    return Promise.resolve();
  }
}
