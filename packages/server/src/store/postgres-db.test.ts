// PostgresStore's database on a real PostgreSQL server: four instances migrating one database at
// once apply each migration once; a transaction that fails leaves nothing; a server that goes away
// is a StoreUnavailableError (503), said once in the log however many calls fail, and the coming
// back is said too; a merchant's pool is left open.
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import pg from 'pg';
import { startPostgres, type TestPostgres } from '@pay-elements/testing/postgres';
import { StoreUnavailableError } from '../errors.js';
import type { Logger } from '../log.js';
import { PgDatabase, SCHEMA_VERSION } from './postgres-db.js';

let server: TestPostgres;
let databases = 0;
before(async () => {
  server = await startPostgres({ own: true });
});
after(() => server.stop());

function logging() {
  const lines: string[] = [];
  const logger: Logger = {
    debug: () => undefined,
    info: (message) => lines.push(`info ${message}`),
    warn: (message) => lines.push(`warn ${message}`),
    error: (message) => lines.push(`error ${message}`),
  };
  return { lines, logger };
}

function database(url: string, logger = logging().logger): PgDatabase {
  const db = new PgDatabase(
    new pg.Pool({ connectionString: url, connectionTimeoutMillis: 2000 }),
    true,
    logger,
  );
  after(() => db.close());
  return db;
}

describe('PgDatabase', { timeout: 60_000 }, () => {
  it('applies each migration once when four instances migrate one database at once', async () => {
    const url = server.createDatabase(`pg_db_${++databases}`);
    const all = Array.from({ length: 4 }, () => database(url));
    await Promise.all(all.map((db) => db.migrate()));
    assert.deepEqual(await Promise.all(all.map((db) => db.schemaVersion())), Array(4).fill(SCHEMA_VERSION));
    const { rows } = await all[0]!.query<{ n: string }>(
      'SELECT count(*) AS n FROM pay_schema_migrations',
      [],
    );
    assert.equal(Number(rows[0]?.n), SCHEMA_VERSION);
    await all[1]!.migrate();
    assert.equal(await all[1]!.schemaVersion(), SCHEMA_VERSION, 'again is a no-op');
  });

  it('commits a transaction that resolves, leaves nothing of one that fails', async () => {
    const db = database(server.createDatabase(`pg_db_${++databases}`));
    await db.migrate();
    const insert = (key: string) => (c: pg.PoolClient) =>
      c.query("INSERT INTO pay_records (collection, key, value, version) VALUES ('c', $1, '1', 1)", [key]);
    await db.transaction(insert('kept'));
    await assert.rejects(
      db.transaction(async (c) => {
        await insert('dropped')(c);
        throw new Error('the work failed');
      }),
      /the work failed/,
    );
    const { rows } = await db.query<{ key: string }>('SELECT key FROM pay_records ORDER BY key', []);
    assert.deepEqual(
      rows.map((r) => r.key),
      ['kept'],
    );
    assert.equal(await db.changed("UPDATE pay_records SET version = 2 WHERE key = 'kept'", []), true);
    assert.equal(await db.changed("UPDATE pay_records SET version = 2 WHERE key = 'none'", []), false);
  });

  it('is unavailable while the server is away, says so once, and says when it is back', async () => {
    const { lines, logger } = logging();
    const db = database(server.createDatabase(`pg_db_${++databases}`), logger);
    await db.migrate();
    let back = 0;
    db.onBack(() => back++);
    server.pause();
    try {
      for (let i = 0; i < 3; i++)
        await assert.rejects(
          db.query('SELECT 1', []),
          (error: unknown) => error instanceof StoreUnavailableError,
        );
      await assert.rejects(
        db.transaction((c) => c.query('SELECT 1')),
        (error: unknown) => error instanceof StoreUnavailableError,
      );
    } finally {
      server.resume();
    }
    assert.deepEqual(lines, ['warn PostgreSQL connection lost; reconnecting on demand']);
    await db.query('SELECT 1', []);
    assert.deepEqual(lines, [
      'warn PostgreSQL connection lost; reconnecting on demand',
      'info PostgreSQL answering again',
    ]);
    assert.equal(back, 1);
  });

  it("leaves a merchant's pool open on close", async () => {
    const pool = new pg.Pool({ connectionString: server.createDatabase(`pg_db_${++databases}`) });
    after(() => pool.end());
    const db = new PgDatabase(pool, false, logging().logger);
    await db.close();
    assert.equal(db.isClosed, true);
    assert.equal((await pool.query<{ one: number }>('SELECT 1 AS one')).rows[0]?.one, 1);
  });
});
