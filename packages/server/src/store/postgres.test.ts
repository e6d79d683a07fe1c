// What only the PostgreSQL store has to show, against a real server: instances starting together
// migrate once, every claim holds across instances (separate pools, as separate processes have),
// a change made by one instance is announced to the others, and a merchant's pool is left open.
// (The behaviour every store shares is in the store conformance suite.)
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import pg from 'pg';
import { startPostgres, type TestPostgres } from '@pay-elements/testing/postgres';
import { seed, sessionRecord, storeConformance } from '../testing/store-conformance/index.js';
import { PostgresStore, SCHEMA_VERSION } from './postgres.js';
import type { SessionRecord } from './parts.js';

let server: TestPostgres;
let databases = 0;
before(async () => {
  server = await startPostgres();
});
after(() => server.stop());

const newDatabase = () => server.createDatabase(`pg_store_${++databases}`);

function session(id: string, overrides: Partial<SessionRecord> = {}): SessionRecord {
  return sessionRecord({ id, orderId: `order-${id}`, ...overrides });
}

/** Three instances on one database, each with its own pool as separate processes would have. */
async function instances(url: string, count = 3): Promise<PostgresStore[]> {
  return Promise.all(Array.from({ length: count }, () => PostgresStore.open({ connectionString: url })));
}

storeConformance('PostgresStore (several instances on one database)', {
  connect: (count) => instances(newDatabase(), count),
});

describe('PostgresStore', () => {
  it('migrates once when several instances start together, and again is a no-op', async () => {
    const url = newDatabase();
    const stores = await instances(url, 6);
    for (const store of stores) assert.equal(await store.schemaVersion(), SCHEMA_VERSION);
    const applied = new pg.Client({ connectionString: url });
    await applied.connect();
    const { rows } = await applied.query<{ n: string }>('SELECT count(*) AS n FROM pay_schema_migrations');
    await applied.end();
    assert.equal(rows[0]?.n, String(SCHEMA_VERSION));
    const again = await PostgresStore.open({ connectionString: url });
    assert.equal(await again.schemaVersion(), SCHEMA_VERSION);
    await Promise.all([...stores, again].map((s) => s.close()));
  });

  it('migrates a database of the version before the merchant-wide watch, keeping its sessions', async () => {
    const url = newDatabase();
    const first = await PostgresStore.open({ connectionString: url });
    await seed(first, sessionRecord({ id: 'ses_kept', orderId: 'order-kept' }));
    await first.close();
    const db = new pg.Client({ connectionString: url });
    await db.connect();
    await db.query(
      `DROP TABLE pay_deposits, pay_funding_accounts, pay_funding_claims; DROP FUNCTION pay_announce_deposit;
       DROP INDEX pay_webhook_events_received; CREATE TABLE pay_customer_checks (customer_id TEXT PRIMARY KEY);
       DROP TABLE pay_watch; DELETE FROM pay_schema_migrations WHERE version >= 4`,
    );
    await db.end();
    const [a, b] = await instances(url, 2);
    assert.ok(a && b);
    assert.equal(await a.schemaVersion(), SCHEMA_VERSION);
    assert.equal((await b.sessions.get('ses_kept'))?.status, 'pending');
    assert.equal(await a.watch.claim(10_000, 5000), true);
    assert.equal(await b.watch.claim(10_001, 5000), false);
    await a.close();
    await b.close();
  });

  it('makes each transition once across instances racing for it', async () => {
    const stores = await instances(newDatabase());
    const [a] = stores;
    assert.ok(a);
    await seed(a, session('ses_race'));
    const mark = { paidAt: '2026-11-21T10:05:00.000Z', transactionId: 'txn_1', now: 1000 };
    const paid = await Promise.all(
      stores.flatMap((s) => Array.from({ length: 10 }, () => s.sessions.markPaid('ses_race', mark))),
    );
    assert.equal(paid.filter(Boolean).length, 1, 'paid once');
    const claims = await Promise.all(
      stores.flatMap((s) => Array.from({ length: 10 }, () => s.outbox.claim('paid', 'ses_race', 5000, 6000))),
    );
    assert.equal(claims.filter(Boolean).length, 1, 'one instance delivers onPaid');
    const checks = await Promise.all(
      stores.flatMap((s) => Array.from({ length: 10 }, () => s.watch.claim(10_000, 5000))),
    );
    assert.equal(checks.filter(Boolean).length, 1, 'one merchant-wide check per interval for all instances');
    const events = await Promise.all(stores.map((s) => s.webhookEvents.remember('evt_1', 1)));
    assert.equal(events.filter(Boolean).length, 1, 'a webhook event is processed once');
    await Promise.all(stores.map((s) => s.close()));
  });

  it('announces every change a stream could show, made by any instance, to the instances listening', async () => {
    const [writer, reader] = await instances(newDatabase(), 2);
    assert.ok(writer && reader);
    const heard: string[] = [];
    const unsubscribe = reader.changes.subscribe((id) => heard.push(id));
    await reader.changes.ready();
    await seed(writer, session('ses_told'));
    await writer.sessions.markPaid('ses_told', {
      paidAt: '2026-11-21T10:05:00.000Z',
      transactionId: 't',
      now: 1,
    });
    await writer.sessions.markExpired('ses_told', 'ref_ses_told'); // no change: a paid session never expires
    await writer.outbox.claim('paid', 'ses_told', 5000, 6000); // a claim: nothing a stream shows
    const deadline = Date.now() + 5000;
    while (heard.length < 1 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
    await new Promise((r) => setTimeout(r, 200));
    assert.deepEqual(heard, ['ses_told'], 'the payment; nothing for the new session, a no-op or a claim');
    unsubscribe();
    await writer.close();
    await reader.close();
  });

  it('uses a pool the merchant passes and leaves it open on close', async () => {
    const pool = new pg.Pool({ connectionString: newDatabase(), max: 2 });
    const store = await PostgresStore.open({ pool });
    await seed(store, session('ses_pool'));
    await store.close();
    const { rows } = await pool.query<{ id: string }>('SELECT id FROM pay_sessions');
    assert.deepEqual(
      rows.map((r) => r.id),
      ['ses_pool'],
    );
    await pool.end();
  });

  it('refuses to start without a database, naming what is missing', async () => {
    await assert.rejects(PostgresStore.open({}), /needs a pool or a connectionString/);
    await assert.rejects(
      PostgresStore.open({ connectionString: `postgres://postgres@127.0.0.1:${server.port}/no_such_db` }),
      /no_such_db/,
    );
  });
});
