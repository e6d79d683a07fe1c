// PostgresStore's blocks on its pool: a commit is one call of pay_commit (postgres-db.ts: the writes
// with their compare-and-set, the deliveries owed, the announcements by pg_notify, in one statement,
// so they go out to every instance only if it commits); the other calls are one statement each.
import { StoreUnavailableError } from '../errors.js';
import { checkCommit } from './commit-check.js';
import type { Commit, OncePart, OutboxEntry, OutboxPart, RecordPart, StoredRecord } from './contract.js';
import type { PgDatabase } from './postgres-db.js';
import { listLimit, toEntry, toRecord, toRecordOrNull } from './sql-rows.js';

const byName = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

const LIST = `SELECT key, value, version FROM pay_records
  WHERE collection = $1 AND key >= $2 AND key < $2 || chr(127) ORDER BY key`;

export class PgRecords implements RecordPart {
  constructor(private readonly db: PgDatabase) {}

  async get(collection: string, key: string): Promise<StoredRecord | null> {
    const { rows } = await this.db.query(
      'SELECT key, value, version FROM pay_records WHERE collection = $1 AND key = $2',
      [collection, key],
    );
    return toRecordOrNull(rows[0]);
  }

  async list(
    collection: string,
    options: { prefix?: string; limit?: number; reverse?: boolean } = {},
  ): Promise<StoredRecord[]> {
    const { prefix = '', limit, reverse = false } = options;
    const { rows } = await this.db.query(`${LIST}${reverse ? ' DESC' : ''} LIMIT $3`, [
      collection,
      prefix,
      listLimit(limit),
    ]);
    return rows.map(toRecord);
  }

  async commit(commit: Commit): Promise<boolean> {
    checkCommit(commit);
    // in one order, so that commits writing the same records take their locks in the same order
    const writes = [...(commit.writes ?? [])].sort(
      (a, b) => byName(a.collection, b.collection) || byName(a.key, b.key),
    );
    const owed = [...(commit.owe ?? [])].sort((a, b) => byName(a.topic, b.topic) || byName(a.id, b.id));
    const { rows } = await this.db.query<{ ok: boolean }>(
      'SELECT pay_commit($1, $2, $3, $4, $5, $6, $7, $8, $9) AS ok',
      [
        writes.map((w) => w.collection),
        writes.map((w) => w.key),
        writes.map((w) => (w.value === null ? null : JSON.stringify(w.value))),
        writes.map((w) => w.expect ?? null),
        owed.map((o) => o.topic),
        owed.map((o) => o.id),
        owed.map((o) => o.dueAt),
        owed.map((o) => JSON.stringify(o.payload ?? null)),
        commit.announce ?? [],
      ],
    );
    return rows[0]?.ok === true;
  }
}

/**
 * The outbox. A delivery done while the database is away is kept here and written as soon as it
 * answers again (retried every second), so that no instance delivers it a second time meanwhile.
 */
export class PgOutbox implements OutboxPart {
  /** entries done while the database could not record it, by topic and id */
  private readonly unrecorded = new Map<string, { topic: string; id: string }>();
  private retry: ReturnType<typeof setTimeout> | null = null;

  constructor(private readonly db: PgDatabase) {
    db.onBack(() => {
      if (this.unrecorded.size > 0) void this.recordDone();
    });
  }

  async due(topic: string, now: number, limit: number): Promise<OutboxEntry[]> {
    const { rows } = await this.db.query(
      `SELECT topic, id, due_at, attempts, payload FROM pay_outbox
         WHERE topic = $1 AND due_at <= $2 ORDER BY due_at, id LIMIT $3`,
      [topic, now, listLimit(limit)],
    );
    // done here while the database was away: owed no more, whatever the row says until the retry lands
    return rows.map(toEntry).filter((entry) => !this.unrecorded.has(key(topic, entry.id)));
  }

  async lease(
    topic: string,
    id: string,
    expectDueAt: number,
    next: { dueAt: number; attempts: number },
  ): Promise<boolean> {
    if (this.unrecorded.has(key(topic, id))) return false;
    return this.db.changed(
      'UPDATE pay_outbox SET due_at = $1, attempts = $2 WHERE topic = $3 AND id = $4 AND due_at = $5',
      [next.dueAt, next.attempts, topic, id, expectDueAt],
    );
  }

  async done(topic: string, id: string): Promise<void> {
    try {
      await this.db.query(DONE, [topic, id]);
    } catch (error) {
      if (!(error instanceof StoreUnavailableError) || this.db.isClosed) throw error;
      this.unrecorded.set(key(topic, id), { topic, id });
      this.db.logger.warn('a delivery was done while PostgreSQL is away; recording it when it is back', {
        topic,
        id,
      });
      this.scheduleRetry();
    }
  }

  /** A last try before closing; what still cannot be written stays owed and is delivered again. */
  async close(): Promise<void> {
    if (this.retry) clearTimeout(this.retry);
    this.retry = null;
    if (this.unrecorded.size > 0 && !(await this.recordDone()))
      this.db.logger.error('deliveries could not be recorded before closing; they may be repeated', {
        deliveries: [...this.unrecorded.keys()],
      });
    if (this.retry) clearTimeout(this.retry);
    this.retry = null;
  }

  private scheduleRetry(): void {
    if (this.retry || this.db.isClosed) return;
    this.retry = setTimeout(() => {
      this.retry = null;
      void this.recordDone();
    }, 1000);
    this.retry.unref();
  }

  /** Writes the entries done while the database was away; true when none is left. */
  private async recordDone(): Promise<boolean> {
    for (const [held, { topic, id }] of [...this.unrecorded]) {
      try {
        await this.db.pool.query(DONE, [topic, id]);
        this.unrecorded.delete(held);
      } catch {
        this.scheduleRetry();
        return false;
      }
    }
    return true;
  }
}

const DONE = 'DELETE FROM pay_outbox WHERE topic = $1 AND id = $2';
const key = (topic: string, id: string) => `${topic}\u0000${id}`;

export class PgOnce implements OncePart {
  constructor(private readonly db: PgDatabase) {}

  async seen(id: string): Promise<boolean> {
    const { rowCount } = await this.db.query('SELECT 1 FROM pay_once WHERE id = $1', [id]);
    return rowCount === 1;
  }

  remember(id: string, now: number): Promise<boolean> {
    return this.db.changed('INSERT INTO pay_once (id, at) VALUES ($1, $2) ON CONFLICT (id) DO NOTHING', [
      id,
      now,
    ]);
  }

  async forgetBefore(before: number): Promise<number> {
    const { rowCount } = await this.db.query('DELETE FROM pay_once WHERE at < $1', [before]);
    return rowCount ?? 0;
  }
}
