// The PostgreSQL store (node-postgres), for several kit instances on one database. Every transition is
// one conditional statement or one transaction, so the compare-and-set happens inside the database;
// the schema is migrated at start under an advisory lock, so instances starting together do not race;
// every change to a session is announced on a LISTEN/NOTIFY channel (a trigger, so no writer can
// forget) for the instances that hold browsers' streams.
// A database that restarts or is unreachable is survived: a lost connection is logged once and
// replaced, connecting and querying have timeouts, and such failures are StoreUnavailableErrors (503).
// Exported from `@pay-elements/server/postgres` so that the other paths never load `pg`.
import pg from 'pg';
import { defaultLogger, describeError, type Logger } from '../log.js';
import { isStoreUnavailable, StoreUnavailableError } from './errors.js';
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

/** The channel on which a changed session's id is announced. */
export const SESSION_CHANNEL = 'pay_session_changes';

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
];

export class PostgresStore implements SessionStore {
  private readonly pool: pg.Pool;
  private readonly ownsPool: boolean;
  private readonly listeners = new Set<(sessionId: string) => void>();
  private listener: pg.Client | null = null;
  private listening: Promise<void> | null = null;
  private closed = false;
  private readonly logger: Logger;
  /** a connection was lost and none has answered since: further losses are not logged again */
  private down = false;
  private listenerDown = false;
  /** sessions whose onPaid returned while the database could not record it */
  private readonly deliveredUnrecorded = new Set<string>();
  private deliveredRetry: ReturnType<typeof setTimeout> | null = null;

  private constructor(pool: pg.Pool, ownsPool: boolean, logger: Logger) {
    this.pool = pool;
    this.ownsPool = ownsPool;
    this.logger = logger;
    // an idle client whose server went away emits 'error' on the pool: unheard, it ends the process
    pool.on('error', (error) => this.lost(error));
  }

  /** Connects, creates or migrates the schema (safe with several instances at once), answers the store. */
  static async open(options: PostgresStoreOptions): Promise<PostgresStore> {
    if (!options.pool && !options.connectionString)
      throw new Error('PostgresStore needs a pool or a connectionString');
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
    const store = new PostgresStore(pool, !options.pool, options.logger ?? defaultLogger);
    try {
      await store.migrate();
    } catch (error) {
      if (store.ownsPool) await pool.end();
      throw error;
    }
    return store;
  }

  /** The schema version after migrating (the number of migrations applied). */
  async schemaVersion(): Promise<number> {
    const { rows } = await this.query<{ version: number | null }>(
      'SELECT max(version) AS version FROM pay_schema_migrations',
      [],
    );
    return rows[0]?.version ?? 0;
  }

  private async migrate(): Promise<void> {
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

  async claimOrder(orderId: string, claim: Claim): Promise<OrderClaim> {
    // one statement: a new order row is the claim; an existing one is taken over only when it holds
    // no session and its claim is stale (the row lock makes concurrent takers wait and re-check)
    const claimed = await this.changed(
      `INSERT INTO pay_orders (order_id, claim_token, claimed_at) VALUES ($1, $2, $3)
         ON CONFLICT (order_id) DO UPDATE SET claim_token = EXCLUDED.claim_token,
             claimed_at = EXCLUDED.claimed_at
           WHERE pay_orders.session_id IS NULL
             AND (pay_orders.claimed_at IS NULL OR pay_orders.claimed_at < $4)`,
      [orderId, claim.token, claim.now, claim.staleBefore],
    );
    if (claimed) return { outcome: 'claimed' };
    const session = await this.findByOrder(orderId);
    return session ? { outcome: 'session', session } : { outcome: 'busy' };
  }

  async create(s: SessionRecord, token: string): Promise<boolean> {
    return this.transaction(async (db) => {
      const held = await db.query(
        `SELECT 1 FROM pay_orders WHERE order_id = $1 AND session_id IS NULL AND claim_token = $2
           FOR UPDATE`,
        [s.orderId, token],
      );
      if (held.rowCount !== 1) return false;
      await db.query(
        `INSERT INTO pay_sessions (${SESSION_COLUMNS})
           VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15)`,
        sessionValues(s),
      );
      await db.query('INSERT INTO pay_references (reference, session_id) VALUES ($1, $2)', [
        s.reference,
        s.id,
      ]);
      await db.query(
        'UPDATE pay_orders SET session_id = $1, claim_token = NULL, claimed_at = NULL WHERE order_id = $2',
        [s.id, s.orderId],
      );
      return true;
    });
  }

  async releaseOrder(orderId: string, token: string): Promise<void> {
    await this.query(
      'DELETE FROM pay_orders WHERE order_id = $1 AND session_id IS NULL AND claim_token = $2',
      [orderId, token],
    );
  }

  async get(id: string): Promise<SessionRecord | null> {
    return this.one(`SELECT ${SESSION_COLUMNS} FROM pay_sessions WHERE id = $1`, [id]);
  }

  async findByReference(reference: string): Promise<SessionRecord | null> {
    return this.one(
      `SELECT ${prefixed('s')} FROM pay_sessions s JOIN pay_references r ON r.session_id = s.id
         WHERE r.reference = $1`,
      [reference],
    );
  }

  async findByOrder(orderId: string): Promise<SessionRecord | null> {
    return this.one(
      `SELECT ${prefixed('s')} FROM pay_orders o JOIN pay_sessions s ON s.id = o.session_id
         WHERE o.order_id = $1`,
      [orderId],
    );
  }

  async listPendingByCustomer(customerId: string): Promise<SessionRecord[]> {
    return this.all(
      `SELECT ${SESSION_COLUMNS} FROM pay_sessions WHERE customer_id = $1 AND status = 'pending'`,
      [customerId],
    );
  }

  async listPending(limit = 1000): Promise<SessionRecord[]> {
    return this.all(
      `SELECT ${SESSION_COLUMNS} FROM pay_sessions WHERE status = 'pending'
         ORDER BY created_at, seq LIMIT $1`,
      [limit],
    );
  }

  async markPaid(id: string, mark: PaidMark): Promise<boolean> {
    return this.changed(
      `UPDATE pay_sessions SET status = 'paid', paid_at = $1, transaction_id = $2, onpaid_owed = TRUE,
           onpaid_claimed_at = $3
         WHERE id = $4 AND status != 'paid'`,
      [mark.paidAt, mark.transactionId, mark.now, id],
    );
  }

  async markExpired(id: string, reference: string): Promise<boolean> {
    return this.changed(
      `UPDATE pay_sessions SET status = 'expired' WHERE id = $1 AND status = 'pending' AND reference = $2`,
      [id, reference],
    );
  }

  async claimRenewal(id: string, previousReference: string, claim: Claim): Promise<boolean> {
    return this.changed(
      `UPDATE pay_sessions SET renew_token = $1, renew_claimed_at = $2
         WHERE id = $3 AND status = 'expired' AND reference = $4
           AND (renew_token IS NULL OR renew_claimed_at < $5)`,
      [claim.token, claim.now, id, previousReference, claim.staleBefore],
    );
  }

  async renew(id: string, token: string, renewal: Renewal): Promise<boolean> {
    return this.transaction(async (db) => {
      const { rowCount } = await db.query(
        `UPDATE pay_sessions SET status = 'pending', account_name = $1, account_number = $2, bank_name = $3,
             reference = $4, expires_at = $5, renew_token = NULL, renew_claimed_at = NULL
           WHERE id = $6 AND status = 'expired' AND renew_token = $7`,
        [
          renewal.account.accountName,
          renewal.account.accountNumber,
          renewal.account.bankName,
          renewal.reference,
          renewal.expiresAt,
          id,
          token,
        ],
      );
      if (rowCount !== 1) return false;
      await db.query('INSERT INTO pay_references (reference, session_id) VALUES ($1, $2)', [
        renewal.reference,
        id,
      ]);
      return true;
    });
  }

  async releaseRenewal(id: string, token: string): Promise<void> {
    await this.query(
      'UPDATE pay_sessions SET renew_token = NULL, renew_claimed_at = NULL WHERE id = $1 AND renew_token = $2',
      [id, token],
    );
  }

  async hasEvent(eventId: string): Promise<boolean> {
    const { rowCount } = await this.query('SELECT 1 FROM pay_webhook_events WHERE id = $1', [eventId]);
    return rowCount === 1;
  }

  async rememberEvent(eventId: string, now: number): Promise<boolean> {
    return this.changed(
      'INSERT INTO pay_webhook_events (id, received_at) VALUES ($1, $2) ON CONFLICT (id) DO NOTHING',
      [eventId, now],
    );
  }

  async listOwed(claimedBefore: number): Promise<SessionRecord[]> {
    const owed = await this.all(
      `SELECT ${SESSION_COLUMNS} FROM pay_sessions
         WHERE onpaid_owed AND (onpaid_claimed_at IS NULL OR onpaid_claimed_at < $1)`,
      [claimedBefore],
    );
    // delivered here while the database was away: not owed, whatever the row says until the retry lands
    return owed.filter((session) => !this.deliveredUnrecorded.has(session.id));
  }

  async claimOwed(id: string, claimedBefore: number, now: number): Promise<boolean> {
    if (this.deliveredUnrecorded.has(id)) return false;
    return this.changed(
      `UPDATE pay_sessions SET onpaid_claimed_at = $1
         WHERE id = $2 AND onpaid_owed AND (onpaid_claimed_at IS NULL OR onpaid_claimed_at < $3)`,
      [now, id, claimedBefore],
    );
  }

  /**
   * onPaid returned: nothing is owed. While the database is away the fact is kept here and written as
   * soon as it answers again (retried every second), so that the delivery is not made a second time.
   */
  async markDelivered(id: string): Promise<void> {
    try {
      await this.query('UPDATE pay_sessions SET onpaid_owed = FALSE WHERE id = $1', [id]);
    } catch (error) {
      if (!(error instanceof StoreUnavailableError) || this.closed) throw error;
      this.deliveredUnrecorded.add(id);
      this.logger.warn('onPaid delivered while PostgreSQL is away; recording it when it is back', {
        sessionId: id,
      });
      this.scheduleDeliveredRetry();
    }
  }

  private scheduleDeliveredRetry(): void {
    if (this.deliveredRetry || this.closed) return;
    this.deliveredRetry = setTimeout(() => {
      this.deliveredRetry = null;
      void this.recordDelivered();
    }, 1000);
    this.deliveredRetry.unref();
  }

  /** Writes the deliveries kept while the database was away; true when none is left. */
  private async recordDelivered(): Promise<boolean> {
    for (const id of [...this.deliveredUnrecorded]) {
      try {
        await this.pool.query('UPDATE pay_sessions SET onpaid_owed = FALSE WHERE id = $1', [id]);
        this.deliveredUnrecorded.delete(id);
      } catch {
        this.scheduleDeliveredRetry();
        return false;
      }
    }
    return true;
  }

  /**
   * Claims the provider check of a customer for this instance: true when no instance checked it
   * within `intervalMs` before `now` (the claim is the check's start time, for every instance).
   */
  async claimCheck(customerId: string, now: number, intervalMs: number): Promise<boolean> {
    return this.changed(
      `INSERT INTO pay_customer_checks (customer_id, checked_at) VALUES ($1, $2)
         ON CONFLICT (customer_id) DO UPDATE SET checked_at = EXCLUDED.checked_at
           WHERE pay_customer_checks.checked_at <= $2 - $3::bigint`,
      [customerId, now, intervalMs],
    );
  }

  async claimWatch(now: number, intervalMs: number): Promise<boolean> {
    return this.changed(
      `INSERT INTO pay_watch (name, at) VALUES ($1, $2)
         ON CONFLICT (name) DO UPDATE SET at = EXCLUDED.at WHERE pay_watch.at <= $2 - $3::bigint`,
      [WATCH_CHECK, now, intervalMs],
    );
  }

  async readWatch(): Promise<WatchState> {
    const { rows } = await this.pool.query('SELECT name, at, reason FROM pay_watch');
    return watchStateOf(rows);
  }

  async advanceWatermark(at: number): Promise<void> {
    await this.raise(WATCH_WATERMARK, at);
  }

  async noteWebhook(at: number): Promise<void> {
    await this.raise(WATCH_WEBHOOK, at);
  }

  async setProviderWait(kind: ProviderCallKind, wait: ProviderWait | null): Promise<void> {
    if (wait)
      await this.pool.query(
        `INSERT INTO pay_watch (name, at, reason) VALUES ($1, $2, $3)
           ON CONFLICT (name) DO UPDATE SET at = EXCLUDED.at, reason = EXCLUDED.reason`,
        [waitName(kind), Math.ceil(wait.until), wait.reason],
      );
    else await this.pool.query('DELETE FROM pay_watch WHERE name = $1', [waitName(kind)]);
  }

  /** Sets a time that only moves forward. */
  private async raise(name: string, at: number): Promise<void> {
    await this.pool.query(
      `INSERT INTO pay_watch (name, at) VALUES ($1, $2)
         ON CONFLICT (name) DO UPDATE SET at = EXCLUDED.at WHERE pay_watch.at < EXCLUDED.at`,
      [name, Math.floor(at)],
    );
  }

  /**
   * Calls `listener` with the id of every session any instance changes, until the returned function
   * is called. The first subscription opens one connection that LISTENs (reopened if it drops).
   */
  subscribe(listener: (sessionId: string) => void): () => void {
    this.listeners.add(listener);
    void this.listen();
    return () => {
      this.listeners.delete(listener);
    };
  }

  /** Resolves once the LISTEN connection is up (tests and stream routes wait on it). */
  async listenReady(): Promise<void> {
    try {
      await this.listen();
    } catch (error) {
      throw this.unavailable(error);
    }
  }

  private listen(): Promise<void> {
    if (this.listening) return this.listening;
    const client = new pg.Client(this.pool.options);
    this.listener = client;
    this.listening = (async () => {
      client.on('notification', (message) => {
        if (message.channel !== SESSION_CHANNEL || !message.payload) return;
        for (const listener of this.listeners) listener(message.payload);
      });
      client.on('error', (error) => this.relisten(client, error));
      client.on('end', () => this.relisten(client, new Error('the LISTEN connection ended')));
      await client.connect();
      await client.query(`LISTEN ${SESSION_CHANNEL}`);
      if (this.listenerDown) {
        this.listenerDown = false;
        this.logger.info('PostgreSQL LISTEN connection back');
        // changes committed while it was away were announced to no one: every session may have changed
        for (const listener of this.listeners) listener('*');
      }
    })();
    this.listening.catch((error: unknown) => this.relisten(client, error));
    return this.listening;
  }

  /** The LISTEN connection dropped: open another after a pause, while anyone listens. */
  private relisten(client: pg.Client, error: unknown): void {
    if (this.listener !== client) return;
    if (!this.listenerDown && !this.closed) {
      this.listenerDown = true;
      const { name, message } = describeError(error);
      this.logger.warn('PostgreSQL LISTEN connection lost; reopening', { error: { name, message } });
    }
    this.listener = null;
    this.listening = null;
    client.removeAllListeners('end');
    void client.end().catch(() => undefined);
    if (this.closed || this.listeners.size === 0) return;
    setTimeout(() => {
      if (!this.closed && !this.listener) void this.listen().catch(() => undefined);
    }, 1000).unref();
  }

  async close(): Promise<void> {
    if (this.closed) return;
    if (this.deliveredRetry) clearTimeout(this.deliveredRetry);
    this.deliveredRetry = null;
    // a last try; what still cannot be written stays owed and is delivered again by a sweep
    if (this.deliveredUnrecorded.size > 0 && !(await this.recordDelivered()))
      this.logger.error('onPaid deliveries could not be recorded before closing; they may be repeated', {
        sessionIds: [...this.deliveredUnrecorded],
      });
    if (this.deliveredRetry) clearTimeout(this.deliveredRetry);
    this.closed = true;
    this.listeners.clear();
    const listener = this.listener;
    this.listener = null;
    if (listener) {
      listener.removeAllListeners('end');
      await listener.end().catch(() => undefined);
    }
    if (this.ownsPool) await this.pool.end();
  }

  private async one(sql: string, values: unknown[]): Promise<SessionRecord | null> {
    const { rows } = await this.query(sql, values);
    return toRecordOrNull(rows[0]);
  }

  private async all(sql: string, values: unknown[]): Promise<SessionRecord[]> {
    const { rows } = await this.query(sql, values);
    return rows.map(toRecord);
  }

  /** Resolves when the database answers a trivial query (a readiness check). */
  async ping(): Promise<void> {
    await this.query('SELECT 1', []);
  }

  /** One statement on the pool; a connection failure becomes a StoreUnavailableError. */
  private async query<R extends pg.QueryResultRow = pg.QueryResultRow>(
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

  /** A failure as thrown to the kit: a connection problem becomes a StoreUnavailableError. */
  private unavailable(error: unknown): unknown {
    if (!isStoreUnavailable(error) || error instanceof StoreUnavailableError) return error;
    this.lost(error);
    return new StoreUnavailableError('PostgreSQL is unavailable', { cause: error });
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
    if (this.deliveredUnrecorded.size > 0) void this.recordDelivered();
  }

  private async changed(sql: string, values: unknown[]): Promise<boolean> {
    const { rowCount } = await this.query(sql, values);
    return rowCount === 1;
  }

  /** Runs `work` in one transaction on one connection: committed when it resolves, rolled back if not. */
  private async transaction<T>(work: (db: pg.PoolClient) => Promise<T>): Promise<T> {
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
}

function prefixed(alias: string): string {
  return SESSION_COLUMNS.split(',')
    .map((c) => `${alias}.${c.trim()}`)
    .join(', ');
}
