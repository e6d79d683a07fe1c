// The PostgreSQL store (node-postgres), for several kit instances on one database: its blocks
// (postgres-blocks.ts) on one connection pool (postgres-db.ts: migrations, timeouts, a database that
// restarts survived), and the names commits announce heard from every instance (postgres-listen.ts).
// Exported from `@pay-elements/server/postgres` so that the other paths never load `pg`.
import pg from 'pg';
import { PayConfigError } from '../errors.js';
import { defaultLogger, type Logger } from '../log.js';
import type { PayStore } from './contract.js';
import { PgOnce, PgOutbox, PgRecords } from './postgres-blocks.js';
import { PgDatabase } from './postgres-db.js';
import { PgChangeFeed } from './postgres-listen.js';

export { CHANGE_CHANNEL, SCHEMA_VERSION } from './postgres-db.js';

export interface PostgresStoreOptions {
  /** A pool of the merchant's; the store does not end it on close. */
  pool?: pg.Pool;
  /** Used when no pool is given: the store makes (and ends) its own. */
  connectionString?: string;
  /** Connections of the store's own pool; default 10. */
  maxConnections?: number;
  /** How long opening a connection may take before the query fails (503), ms; default 5000. */
  connectTimeoutMs?: number;
  /** How long one statement may run (server and client side) before it fails (503), ms; default 5000. */
  queryTimeoutMs?: number;
  /** Where lost and recovered connections are told; default the console (warnings). */
  logger?: Logger;
}

export class PostgresStore implements PayStore {
  readonly records: PgRecords;
  readonly outbox: PgOutbox;
  readonly once: PgOnce;
  readonly changes: PgChangeFeed;
  private closed = false;

  private constructor(private readonly db: PgDatabase) {
    this.records = new PgRecords(db);
    this.outbox = new PgOutbox(db);
    this.once = new PgOnce(db);
    this.changes = new PgChangeFeed(db);
  }

  /** Connects, creates or migrates the schema (safe with several instances at once), answers the store. */
  static async open(options: PostgresStoreOptions): Promise<PostgresStore> {
    if (!options.pool && !options.connectionString)
      throw new PayConfigError('PostgresStore needs a pool or a connectionString');
    const queryTimeout = options.queryTimeoutMs ?? 5_000;
    const pool =
      options.pool ??
      new pg.Pool({
        connectionString: options.connectionString,
        max: options.maxConnections ?? 10,
        connectionTimeoutMillis: options.connectTimeoutMs ?? 5_000,
        // the server cancels a statement past it; the client gives up a little later if no answer comes
        statement_timeout: queryTimeout,
        query_timeout: queryTimeout + 1_000,
        idle_in_transaction_session_timeout: queryTimeout * 2,
        keepAlive: true,
      });
    const db = new PgDatabase(pool, !options.pool, options.logger ?? defaultLogger);
    try {
      await db.migrate();
    } catch (error) {
      await db.close();
      throw error;
    }
    return new PostgresStore(db);
  }

  /** The schema version after migrating (the number of migrations applied). */
  schemaVersion(): Promise<number> {
    return this.db.schemaVersion();
  }

  /** Resolves when the database answers a trivial query (a readiness check). */
  async ping(): Promise<void> {
    await this.db.query('SELECT 1', []);
  }

  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    await this.outbox.close();
    await this.changes.close();
    await this.db.close();
  }
}
