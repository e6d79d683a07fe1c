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

/** The channel of the migrations of 0.1.0 (their triggers on tables no longer written). */
const SESSION_CHANNEL = 'pay_session_changes';

/** Serialises migrations of every instance (an arbitrary constant, the same everywhere). */
const MIGRATION_LOCK = 7_301_955_411;

/** Each entry upgrades the schema by one version; never edit one that has shipped, add another. */
const MIGRATIONS: string[] = [
  `
  CREATE TABLE pay_sessions (
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
    onpaid_owed BOOLEAN NOT NULL DEFAULT FALSE,
    onpaid_claimed_at BIGINT,
    seq BIGSERIAL NOT NULL
  );
  CREATE INDEX pay_sessions_customer ON pay_sessions (customer_id, status);
  CREATE INDEX pay_sessions_order ON pay_sessions (order_id, created_at);
  CREATE INDEX pay_sessions_pending ON pay_sessions (created_at) WHERE status = 'pending';
  CREATE INDEX pay_sessions_owed ON pay_sessions (onpaid_claimed_at) WHERE onpaid_owed;
  CREATE TABLE pay_references (
    reference TEXT PRIMARY KEY,
    session_id TEXT NOT NULL REFERENCES pay_sessions (id)
  );
  CREATE TABLE pay_webhook_events (
    id TEXT PRIMARY KEY,
    received_at BIGINT NOT NULL
  );
  CREATE TABLE pay_customer_checks (
    customer_id TEXT PRIMARY KEY,
    checked_at BIGINT NOT NULL
  );
  CREATE FUNCTION pay_announce_session() RETURNS trigger LANGUAGE plpgsql AS $$
  BEGIN
    PERFORM pg_notify('${SESSION_CHANNEL}', NEW.id);
    RETURN NEW;
  END $$;
  CREATE TRIGGER pay_sessions_announce AFTER INSERT OR UPDATE ON pay_sessions
    FOR EACH ROW EXECUTE FUNCTION pay_announce_session();
  `,
  // One session per order: the order's row (its primary key is the uniqueness) first holds the claim
  // of the request opening the account, then the session; renewals are claimed on the session.
  // Orders from before keep the session a shopper would have been answered.
  `
  ALTER TABLE pay_sessions ADD COLUMN renew_token TEXT, ADD COLUMN renew_claimed_at BIGINT;
  CREATE TABLE pay_orders (
    order_id TEXT PRIMARY KEY,
    session_id TEXT UNIQUE REFERENCES pay_sessions (id),
    claim_token TEXT,
    claimed_at BIGINT
  );
  INSERT INTO pay_orders (order_id, session_id)
    SELECT DISTINCT ON (order_id) order_id, id FROM pay_sessions
    ORDER BY order_id, status = 'paid' DESC, status = 'pending' DESC, created_at DESC, seq DESC;
  `,
  // The merchant's display fields kept with each session; a change is announced only when a stream
  // could show it (status or account), not for claims and deliveries.
  `
  ALTER TABLE pay_sessions ADD COLUMN display JSONB;
  DROP TRIGGER pay_sessions_announce ON pay_sessions;
  CREATE TRIGGER pay_sessions_announce AFTER UPDATE ON pay_sessions
    FOR EACH ROW WHEN (OLD.status IS DISTINCT FROM NEW.status OR OLD.reference IS DISTINCT FROM NEW.reference)
    EXECUTE FUNCTION pay_announce_session();
  `,
  // The merchant-wide watcher's shared state: its claim, its watermark, the last verified webhook,
  // and the kinds of provider call held back (a 429's Retry-After, an outage) for every instance.
  `
  CREATE TABLE pay_watch (
    name TEXT PRIMARY KEY,
    at BIGINT NOT NULL,
    reason TEXT
  );
  `,
  // Webhook event ids are forgotten after a retention period (by received_at); the per-customer check
  // claims are gone (the watcher checks for the whole business).
  `
  CREATE INDEX pay_webhook_events_received ON pay_webhook_events (received_at);
  DROP TABLE IF EXISTS pay_customer_checks;
  `,
  // Customers' own accounts (one claim per customer and currency, as an order's), and the deposits
  // into them, each with its onDeposit owed; a deposit is announced on the channel as `funding:` and
  // its customer, so that any instance pushes it to the funding streams it holds.
  `
  CREATE TABLE pay_funding_claims (
    customer_id TEXT NOT NULL,
    currency TEXT NOT NULL,
    claim_token TEXT,
    claimed_at BIGINT,
    opened BOOLEAN NOT NULL DEFAULT FALSE,
    PRIMARY KEY (customer_id, currency)
  );
  CREATE TABLE pay_funding_accounts (
    account_number TEXT PRIMARY KEY,
    customer_id TEXT NOT NULL,
    currency TEXT NOT NULL,
    account_name TEXT NOT NULL,
    bank_name TEXT NOT NULL,
    bank_code TEXT NOT NULL,
    reference TEXT NOT NULL,
    ach_routing TEXT,
    rtp_routing TEXT,
    wire_routing TEXT,
    swift_code TEXT,
    bank_address TEXT,
    created_at TEXT NOT NULL,
    seq BIGSERIAL NOT NULL
  );
  CREATE INDEX pay_funding_accounts_customer ON pay_funding_accounts (customer_id, currency);
  CREATE TABLE pay_deposits (
    id TEXT PRIMARY KEY,
    customer_id TEXT NOT NULL,
    account_number TEXT NOT NULL,
    amount TEXT NOT NULL,
    currency TEXT NOT NULL,
    received_at TEXT NOT NULL,
    owed BOOLEAN NOT NULL DEFAULT TRUE,
    claimed_at BIGINT,
    seq BIGSERIAL NOT NULL
  );
  CREATE INDEX pay_deposits_customer ON pay_deposits (customer_id, received_at);
  CREATE INDEX pay_deposits_owed ON pay_deposits (claimed_at) WHERE owed;
  CREATE FUNCTION pay_announce_deposit() RETURNS trigger LANGUAGE plpgsql AS $$
  BEGIN
    PERFORM pg_notify('${SESSION_CHANNEL}', 'funding:' || NEW.customer_id);
    RETURN NEW;
  END $$;
  CREATE TRIGGER pay_deposits_announce AFTER INSERT ON pay_deposits
    FOR EACH ROW EXECUTE FUNCTION pay_announce_deposit();
  `,
  // The store as generic blocks (store/contract.ts): versioned records, the outbox, once-only ids. The
  // tables above are left as they are. Keys in the "C" collation, so that a prefix range and the
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
