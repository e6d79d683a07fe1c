// PostgresStore's blocks on a real PostgreSQL server whose own collation is not code-point order
// (ICU en-US, as most databases are): keys listed in code-point order within their prefix; a commit
// whose expect fails writes, owes and announces nothing; one of two instances leases an entry due,
// the lease a compare-and-set on its due time; an id remembered by one instance of two.
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import pg from 'pg';
import { startPostgres, type TestPostgres } from '@pay-elements/testing/postgres';
import type { Logger } from '../log.js';
import { PgOnce, PgOutbox, PgRecords } from './postgres-blocks.js';
import { PgDatabase } from './postgres-db.js';

let server: TestPostgres;
let databases = 0;
before(async () => {
  server = await startPostgres();
});
after(() => server.stop());

const quiet: Logger = { debug() {}, info() {}, warn() {}, error() {} };

/** A new database collated by ICU's en-US ('a' before 'B'), migrated. */
async function newDatabase(): Promise<string> {
  const name = `pg_blocks_${++databases}`;
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

/** An instance's blocks on its own pool. */
async function blocks(url: string) {
  const db = new PgDatabase(new pg.Pool({ connectionString: url }), true, quiet);
  const outbox = new PgOutbox(db);
  after(async () => {
    await outbox.close();
    await db.close();
  });
  await db.migrate();
  return { db, records: new PgRecords(db), outbox, once: new PgOnce(db) };
}

describe('the PostgreSQL blocks', { timeout: 60_000 }, () => {
  it('lists keys in code-point order within their prefix, whatever the database collates', async () => {
    const { records } = await blocks(await newDatabase());
    for (const key of ['a/b', 'a/B', 'a/a', 'a', 'a0', 'b/a'])
      assert.ok(await records.commit({ writes: [{ collection: 'c', key, value: key }] }));
    assert.deepEqual(
      (await records.list('c', { prefix: 'a/' })).map((r) => r.key),
      ['a/B', 'a/a', 'a/b'],
    );
    assert.deepEqual(
      (await records.list('c', { prefix: 'a/', reverse: true, limit: 2 })).map((r) => r.key),
      ['a/b', 'a/a'],
    );
  });

  it('writes, owes and announces nothing of a commit whose expect fails', async () => {
    const url = await newDatabase();
    const { records, outbox } = await blocks(url);
    assert.ok(await records.commit({ writes: [{ collection: 'c', key: 'a', value: 1, expect: 0 }] }));
    const refused = await records.commit({
      writes: [
        { collection: 'c', key: 'b', value: 2, expect: 0 },
        { collection: 'c', key: 'a', value: 3, expect: 7 },
      ],
      owe: [{ topic: 'sessions.paid', id: 'b', dueAt: 0 }],
    });
    assert.equal(refused, false);
    assert.equal(await records.get('c', 'b'), null);
    assert.deepEqual(await records.get('c', 'a'), { key: 'a', value: 1, version: 1 });
    assert.deepEqual(await outbox.due('sessions.paid', Number.MAX_SAFE_INTEGER, 10), []);
  });

  it('leases an entry due to one of two instances, at its due time only', async () => {
    const url = await newDatabase();
    const [a, b] = [await blocks(url), await blocks(url)];
    await a.records.commit({ owe: [{ topic: 'sessions.paid', id: 'ses_1', dueAt: 1000 }] });
    const leases = await Promise.all(
      [a, b].map((x) => x.outbox.lease('sessions.paid', 'ses_1', 1000, { dueAt: 5000, attempts: 1 })),
    );
    assert.equal(leases.filter(Boolean).length, 1);
    assert.deepEqual(await b.outbox.due('sessions.paid', 4999, 10), []);
    assert.deepEqual(
      (await b.outbox.due('sessions.paid', 5000, 10)).map((e) => [e.id, e.attempts]),
      [['ses_1', 1]],
    );
    await b.outbox.done('sessions.paid', 'ses_1');
    assert.deepEqual(await a.outbox.due('sessions.paid', Number.MAX_SAFE_INTEGER, 10), []);
  });

  it('remembers an id for one instance of two, and forgets it by age', async () => {
    const url = await newDatabase();
    const [a, b] = [await blocks(url), await blocks(url)];
    const remembered = await Promise.all([a.once.remember('evt_1', 1000), b.once.remember('evt_1', 1000)]);
    assert.deepEqual(remembered.sort(), [false, true]);
    assert.equal(await b.once.seen('evt_1'), true);
    assert.equal(await a.once.forgetBefore(2000), 1);
    assert.equal(await b.once.seen('evt_1'), false);
  });
});
