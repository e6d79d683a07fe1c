// The PostgreSQL connection under PostgresStore's blocks: the pool, one statement or one transaction
// at a time, the schema migrated at start under an advisory lock (instances starting together do not
// race), and a database that restarts or is unreachable survived: a lost connection is logged once
// and replaced, connecting and querying have timeouts, and such failures are StoreUnavailableErrors.
import type pg from 'pg';
import { StoreUnavailableError } from '../errors.js';
import { describeError, type Logger } from '../log.js';
import { isStoreUnavailable } from './errors.js';

/** The channel on which the names a commit announces are told to every instance. */
export const CHANGE_CHANNEL = 'pay_changes';

/** Serialises migrations of every instance (an arbitrary constant, the same everywhere). */
const MIGRATION_LOCK = 7_301_955_411;

/** Each entry upgrades the schema by one version; never edit one that has shipped, add another. */
const MIGRATIONS: string[] = [
  // Versions 1 to 6 made the tables of 0.1.0's store, one per kind of record and flow. A database
  // made then keeps them, unused, and goes on with version 7; a new one never makes them: each is now
  // a statement that does nothing (the one edit of shipped versions, made before any was published).
  ...Array.from({ length: 6 }, (_, i) => `SELECT ${i + 1}`),
  // The store as generic blocks (store/contract.ts): versioned records, the outbox, once-only ids. The
  // tables of 0.1.0 are left as they are. Keys in the "C" collation, so that a prefix range and the
  // order of a list are code-point order whatever the database's own collation; JSON kept as text,
  // so that it comes back exactly as written; times as double precision, any ms a clock gives.
  // pay_commit is one commit: its writes, each compare-and-set checked, the deliveries owed and the
  // announcements, in one statement, so one round trip; a failed expect undoes the block's writes
  // (its exception block is a subtransaction) and answers false.
  `
  CREATE TABLE pay_records (
    collection TEXT COLLATE "C" NOT NULL,
    key TEXT COLLATE "C" NOT NULL,
    value TEXT NOT NULL,
    version INTEGER NOT NULL,
    PRIMARY KEY (collection, key)
  );
  CREATE TABLE pay_outbox (
    topic TEXT COLLATE "C" NOT NULL,
    id TEXT COLLATE "C" NOT NULL,
    due_at DOUBLE PRECISION NOT NULL,
    attempts INTEGER NOT NULL DEFAULT 0,
    payload TEXT NOT NULL,
    PRIMARY KEY (topic, id)
  );
  CREATE INDEX pay_outbox_due ON pay_outbox (topic, due_at);
  CREATE TABLE pay_once (
    id TEXT COLLATE "C" PRIMARY KEY,
    at DOUBLE PRECISION NOT NULL
  );
  CREATE INDEX pay_once_at ON pay_once (at);
  CREATE FUNCTION pay_commit(
    collections TEXT[], keys TEXT[], vals TEXT[], expects INTEGER[],
    topics TEXT[], ids TEXT[], due DOUBLE PRECISION[], payloads TEXT[], names TEXT[]
  ) RETURNS BOOLEAN LANGUAGE plpgsql AS $$
  DECLARE
    i INTEGER;
    changed INTEGER;
  BEGIN
    FOR i IN 1 .. coalesce(array_length(keys, 1), 0) LOOP
      IF expects[i] IS NULL AND vals[i] IS NULL THEN
        DELETE FROM pay_records WHERE collection = collections[i] AND key = keys[i];
      ELSIF expects[i] IS NULL THEN
        INSERT INTO pay_records (collection, key, value, version) VALUES (collections[i], keys[i], vals[i], 1)
          ON CONFLICT (collection, key) DO UPDATE SET value = EXCLUDED.value, version = pay_records.version + 1;
      ELSE
        IF expects[i] = 0 THEN
          -- with no value, the row is taken and given back: absent now, and no one creates it meanwhile
          INSERT INTO pay_records (collection, key, value, version)
            VALUES (collections[i], keys[i], coalesce(vals[i], 'null'), 1) ON CONFLICT (collection, key) DO NOTHING;
          GET DIAGNOSTICS changed = ROW_COUNT;
          IF changed = 1 AND vals[i] IS NULL THEN
            DELETE FROM pay_records WHERE collection = collections[i] AND key = keys[i];
          END IF;
        ELSIF vals[i] IS NULL THEN
          DELETE FROM pay_records WHERE collection = collections[i] AND key = keys[i] AND version = expects[i];
          GET DIAGNOSTICS changed = ROW_COUNT;
        ELSE
          UPDATE pay_records SET value = vals[i], version = version + 1
            WHERE collection = collections[i] AND key = keys[i] AND version = expects[i];
          GET DIAGNOSTICS changed = ROW_COUNT;
        END IF;
        IF changed = 0 THEN
          RAISE EXCEPTION USING ERRCODE = 'PAYEX';
        END IF;
      END IF;
    END LOOP;
    INSERT INTO pay_outbox (topic, id, due_at, attempts, payload)
      SELECT o.topic, o.id, o.due_at, 0, o.payload FROM unnest(topics, ids, due, payloads) AS o (topic, id, due_at, payload)
      ON CONFLICT (topic, id) DO NOTHING;
    PERFORM pg_notify('${CHANGE_CHANNEL}', n) FROM unnest(names) AS n;
    RETURN TRUE;
  EXCEPTION WHEN SQLSTATE 'PAYEX' THEN
    RETURN FALSE;
  END $$;
  `,
];

/** The schema version a migrated database is at: the number of migrations. */
export const SCHEMA_VERSION = MIGRATIONS.length;

export class PgDatabase {
  /** a connection was lost and none has answered since: further losses are not logged again */
  private down = false;
  private closed = false;
  /** called when the database answers again after being away */
  private readonly backHooks = new Set<() => void>();

  constructor(
    readonly pool: pg.Pool,
    private readonly ownsPool: boolean,
    readonly logger: Logger,
  ) {
    // an idle client whose server went away emits 'error' on the pool: unheard, it ends the process
    pool.on('error', (error) => this.lost(error));
  }

  get isClosed(): boolean {
    return this.closed;
  }

  /** Calls `hook` each time the database answers again after a loss. */
  onBack(hook: () => void): void {
    this.backHooks.add(hook);
  }

  /** Creates or migrates the schema, safely with several instances at once. */
  async migrate(): Promise<void> {
    await this.transaction(async (db) => {
      await db.query('SELECT pg_advisory_xact_lock($1)', [MIGRATION_LOCK]);
      await db.query(
        `CREATE TABLE IF NOT EXISTS pay_schema_migrations (
           version INTEGER PRIMARY KEY, applied_at TIMESTAMPTZ NOT NULL DEFAULT now())`,
      );
      const { rows } = await db.query<{ version: number }>('SELECT version FROM pay_schema_migrations');
      const applied = new Set(rows.map((r) => r.version));
      for (const [index, sql] of MIGRATIONS.entries()) {
        const version = index + 1;
        if (applied.has(version)) continue;
        await db.query(sql);
        await db.query('INSERT INTO pay_schema_migrations (version) VALUES ($1)', [version]);
      }
    });
  }

  /** The schema version after migrating (the number of migrations applied). */
  async schemaVersion(): Promise<number> {
    const { rows } = await this.query<{ version: number | null }>(
      'SELECT max(version) AS version FROM pay_schema_migrations',
      [],
    );
    return rows[0]?.version ?? 0;
  }

  /** One statement on the pool; a connection failure becomes a StoreUnavailableError. */
  async query<R extends pg.QueryResultRow = pg.QueryResultRow>(
    sql: string,
    values: unknown[],
  ): Promise<pg.QueryResult<R>> {
    try {
      const result = await this.pool.query<R>(sql, values);
      this.answered();
      return result;
    } catch (error) {
      throw this.unavailable(error);
    }
  }

  /** One statement; true when it changed exactly one row (the compare-and-set succeeded). */
  async changed(sql: string, values: unknown[]): Promise<boolean> {
    const { rowCount } = await this.query(sql, values);
    return rowCount === 1;
  }

  /** Runs `work` in one transaction on one connection: committed when it resolves, rolled back if not. */
  async transaction<T>(work: (db: pg.PoolClient) => Promise<T>): Promise<T> {
    let db: pg.PoolClient;
    try {
      db = await this.pool.connect();
    } catch (error) {
      throw this.unavailable(error);
    }
    let broken: unknown;
    try {
      await db.query('BEGIN');
      const result = await work(db);
      await db.query('COMMIT');
      this.answered();
      return result;
    } catch (error) {
      if (isStoreUnavailable(error)) broken = error;
      else await db.query('ROLLBACK').catch((rollback: unknown) => (broken = rollback));
      throw this.unavailable(error);
    } finally {
      // a connection that failed is destroyed rather than handed to the next caller
      db.release(broken === undefined ? undefined : true);
    }
  }

  /** A failure as thrown to the kit: a connection problem becomes a StoreUnavailableError. */
  unavailable(error: unknown): unknown {
    if (!isStoreUnavailable(error) || error instanceof StoreUnavailableError) return error;
    this.lost(error);
    return new StoreUnavailableError('PostgreSQL is unavailable', { cause: error });
  }

  async close(): Promise<void> {
    this.closed = true;
    if (this.ownsPool) await this.pool.end();
  }

  /** A connection was lost or refused: logged once until the database answers again. */
  private lost(error: unknown): void {
    if (this.down || this.closed) return;
    this.down = true;
    const { name, message } = describeError(error);
    this.logger.warn('PostgreSQL connection lost; reconnecting on demand', { error: { name, message } });
  }

  private answered(): void {
    if (!this.down) return;
    this.down = false;
    this.logger.info('PostgreSQL answering again');
    for (const hook of this.backHooks) hook();
  }
}
