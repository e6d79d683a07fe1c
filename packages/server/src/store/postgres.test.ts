// What only the PostgreSQL store has to show, against a real server: the published conformance
// suites with several instances (separate pools, as separate processes have) on one database whose
// own collation is not code-point order, instances starting together migrate once, a database of
// 0.1.0 is migrated beside its old tables, everything survives a new pool, pools racing for one
// outbox entry make one winner, a LISTEN connection lost is told as '*', and a merchant's pool is left
// open.
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import pg from 'pg';
import { startPostgres, type TestPostgres } from '@pay-elements/testing/postgres';
import { PayConfigError } from '../errors.js';
import type { Logger } from '../log.js';
import { runStoreConformance } from '../testing/store-suites.js';
import { CHANGE_CHANNEL, PostgresStore, SCHEMA_VERSION } from './postgres.js';

let server: TestPostgres;
let databases = 0;
before(async () => {
  server = await startPostgres();
});
after(() => server.stop());

/**
 * A new empty database whose default collation is ICU's en-US (as most are, not code-point order:
 * 'a' before 'B'), so that the store's own order is what the suites see.
 */
async function newDatabase(): Promise<string> {
  const name = `pg_store_${++databases}`;
  const admin = new pg.Client({ connectionString: server.url });
  await admin.connect();
  try {
    await admin.query(
      `CREATE DATABASE ${name} TEMPLATE template0 ENCODING 'UTF8' LOCALE 'C.UTF-8'
         LOCALE_PROVIDER icu ICU_LOCALE 'en-US'`,
    );
  } finally {
    await admin.end();
  }
  return server.url.replace(/\/postgres$/, `/${name}`);
}

/** Several instances on one database, each with its own pool as separate processes would have. */
function instances(url: string, count = 3): Promise<PostgresStore[]> {
  return Promise.all(Array.from({ length: count }, () => PostgresStore.open({ connectionString: url })));
}

runStoreConformance('PostgresStore (several instances on one database)', {
  connect: async (count) => instances(await newDatabase(), count),
  sharesAnnouncements: true,
});

/** A plain query on its own connection. */
async function sql<R extends pg.QueryResultRow>(url: string, text: string): Promise<R[]> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query<R>(text)).rows;
  } finally {
    await client.end();
  }
}

describe('PostgresStore', { timeout: 30_000 }, () => {
  it('migrates once when several instances start together, and again is a no-op', async () => {
    const url = await newDatabase();
    const stores = await instances(url, 6);
    for (const store of stores) assert.equal(await store.schemaVersion(), SCHEMA_VERSION);
    const rows = await sql<{ n: string }>(url, 'SELECT count(*) AS n FROM pay_schema_migrations');
    assert.equal(rows[0]?.n, String(SCHEMA_VERSION));
    const again = await PostgresStore.open({ connectionString: url });
    assert.equal(await again.schemaVersion(), SCHEMA_VERSION);
    await Promise.all([...stores, again].map((s) => s.close()));
  });

  it('migrates a database of 0.1.0 to the blocks, leaving its old tables as they are', async () => {
    const url = await newDatabase();
    await (await PostgresStore.open({ connectionString: url })).close();
    // back to 0.1.0: its last migration applied, its tables written, none of the blocks'
    await sql(
      url,
      `DROP TABLE pay_records, pay_outbox, pay_once; DROP FUNCTION pay_commit;
       DELETE FROM pay_schema_migrations WHERE version = ${SCHEMA_VERSION};
       CREATE TABLE pay_webhook_events (id TEXT PRIMARY KEY, received_at BIGINT NOT NULL);
       INSERT INTO pay_webhook_events VALUES ('evt_old', 1)`,
    );
    const [a, b] = await instances(url, 2);
    assert.ok(a && b);
    assert.equal(await a.schemaVersion(), SCHEMA_VERSION);
    assert.equal(await b.once.seen('evt_old'), false, 'the old tables are not read');
    assert.equal(
      await a.records.commit({ writes: [{ collection: 'c', key: 'k', value: 1, expect: 0 }] }),
      true,
    );
    assert.deepEqual(await sql(url, 'SELECT id FROM pay_webhook_events'), [{ id: 'evt_old' }]);
    await a.close();
    await b.close();
  });

  it('keeps records, owed deliveries and remembered ids for a new pool', async () => {
    const url = await newDatabase();
    const first = await PostgresStore.open({ connectionString: url });
    await first.records.commit({
      writes: [{ collection: 'sessions', key: 'ses_1', value: { status: 'paid' }, expect: 0 }],
      owe: [{ topic: 'sessions.paid', id: 'ses_1', dueAt: 1000.5, payload: { order: 'o' } }],
    });
    assert.equal(
      await first.outbox.lease('sessions.paid', 'ses_1', 1000.5, { dueAt: 2000, attempts: 1 }),
      true,
    );
    await first.once.remember('evt_1', 1000);
    await first.close();
    const second = await PostgresStore.open({ connectionString: url });
    assert.deepEqual(await second.records.get('sessions', 'ses_1'), {
      key: 'ses_1',
      value: { status: 'paid' },
      version: 1,
    });
    assert.deepEqual(await second.outbox.due('sessions.paid', 2000, 10), [
      { topic: 'sessions.paid', id: 'ses_1', dueAt: 2000, attempts: 1, payload: { order: 'o' } },
    ]);
    assert.equal(await second.once.seen('evt_1'), true);
    await second.close();
  });

  it('leases one outbox entry to one of six pools racing for it, and one commit of six expecting a version', async () => {
    const stores = await instances(await newDatabase(), 6);
    const [a] = stores;
    assert.ok(a);
    await a.records.commit({
      writes: [{ collection: 'sessions', key: 'ses_race', value: 'pending', expect: 0 }],
      owe: [{ topic: 'sessions.paid', id: 'ses_race', dueAt: 1000 }],
    });
    const race = <T>(work: (store: PostgresStore, i: number) => Promise<T>) =>
      Promise.all(stores.flatMap((s, i) => Array.from({ length: 10 }, (_, j) => work(s, i * 10 + j))));
    const leases = await race((s, i) =>
      s.outbox.lease('sessions.paid', 'ses_race', 1000, { dueAt: 60_000 + i, attempts: 1 }),
    );
    assert.equal(leases.filter(Boolean).length, 1, 'one instance delivers');
    const paid = await race((s, i) =>
      s.records.commit({
        writes: [{ collection: 'sessions', key: 'ses_race', value: `paid by ${i}`, expect: 1 }],
        owe: [{ topic: 'sessions.receipt', id: `by-${i}`, dueAt: 0 }],
        announce: ['sessions:ses_race'],
      }),
    );
    assert.equal(paid.filter(Boolean).length, 1, 'paid once');
    assert.equal((await a.outbox.due('sessions.receipt', 0, 100)).length, 1, 'one delivery owed');
    await Promise.all(stores.map((s) => s.close()));
  });

  it('tells its listeners * once its LISTEN connection is back after a loss, then every name again', async () => {
    const url = await newDatabase();
    const logged: string[] = [];
    const logger: Logger = {
      debug: () => undefined,
      info: (message) => logged.push(message),
      warn: (message) => logged.push(message),
      error: (message) => logged.push(message),
    };
    const writer = await PostgresStore.open({ connectionString: url });
    const reader = await PostgresStore.open({ connectionString: url, logger });
    const heard: string[] = [];
    const waiters: Array<[string, () => void]> = [];
    const stop = reader.changes.subscribe((name) => {
      heard.push(name);
      for (const [wanted, wake] of waiters) if (wanted === name) wake();
    });
    const until = (name: string) =>
      new Promise<void>((resolve) => (heard.includes(name) ? resolve() : waiters.push([name, resolve])));
    await reader.changes.ready();
    await writer.records.commit({ announce: ['before'] });
    await until('before');
    await sql(
      url,
      `SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE query = 'LISTEN ${CHANGE_CHANNEL}'`,
    );
    await writer.records.commit({ announce: ['meanwhile'] }); // may be heard or not: the gap is the point
    await until('*');
    await writer.records.commit({ announce: ['after'] });
    await until('after');
    assert.deepEqual(
      heard.filter((name) => name !== 'meanwhile'),
      ['before', '*', 'after'],
    );
    assert.deepEqual(logged, [
      'PostgreSQL LISTEN connection lost; reopening',
      'PostgreSQL LISTEN connection back',
    ]);
    stop();
    await writer.close();
    await reader.close();
  });

  it('uses a pool the merchant passes and leaves it open on close', async () => {
    const pool = new pg.Pool({ connectionString: await newDatabase(), max: 2 });
    const store = await PostgresStore.open({ pool });
    await store.records.commit({ writes: [{ collection: 'sessions', key: 'ses_pool', value: 1 }] });
    await store.close();
    const { rows } = await pool.query<{ key: string }>('SELECT key FROM pay_records');
    assert.deepEqual(
      rows.map((r) => r.key),
      ['ses_pool'],
    );
    await pool.end();
  });

  it('refuses to start without a database, naming what is missing', async () => {
    await assert.rejects(
      PostgresStore.open({}),
      (error) => error instanceof PayConfigError && /needs a pool or a connectionString/.test(error.message),
    );
    await assert.rejects(
      PostgresStore.open({ connectionString: `postgres://postgres@127.0.0.1:${server.port}/no_such_db` }),
      /no_such_db/,
    );
  });
});
