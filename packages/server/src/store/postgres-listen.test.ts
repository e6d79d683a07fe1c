// PostgresStore's change feed on a real PostgreSQL server, heard by another instance: a committed
// announcement reaches it, a refused commit's does not; after its LISTEN connection is lost and back,
// it is told '*' (anything may have changed meanwhile) and every name again, with a line each way;
// after close it hears nothing.
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import pg from 'pg';
import { startPostgres, type TestPostgres } from '@pay-elements/testing/postgres';
import type { Logger } from '../log.js';
import { PostgresStore } from './postgres.js';
import { CHANGE_CHANNEL, PgDatabase } from './postgres-db.js';
import { PgChangeFeed } from './postgres-listen.js';

let server: TestPostgres;
let databases = 0;
before(async () => {
  server = await startPostgres();
});
after(() => server.stop());

/** A feed on its own pool (another instance), what it heard, and a wait for a name. */
async function listening(url: string) {
  const lines: string[] = [];
  const logger: Logger = {
    debug: () => undefined,
    info: (message) => lines.push(message),
    warn: (message) => lines.push(message),
    error: (message) => lines.push(message),
  };
  const db = new PgDatabase(new pg.Pool({ connectionString: url }), true, logger);
  const feed = new PgChangeFeed(db);
  after(async () => {
    await feed.close();
    await db.close();
  });
  const heard: string[] = [];
  const waiters: Array<[string, () => void]> = [];
  const stop = feed.subscribe((name) => {
    heard.push(name);
    for (const [wanted, wake] of waiters) if (wanted === name) wake();
  });
  await feed.ready();
  const until = (name: string) =>
    new Promise<void>((resolve) => (heard.includes(name) ? resolve() : waiters.push([name, resolve])));
  return { feed, heard, until, lines, stop };
}

async function writer(url: string) {
  const store = await PostgresStore.open({ connectionString: url });
  after(() => store.close());
  return store;
}

describe('PgChangeFeed', { timeout: 60_000 }, () => {
  it("hears another instance's committed announcements, and not a refused commit's", async () => {
    const url = server.createDatabase(`pg_listen_${++databases}`);
    const w = await writer(url);
    const r = await listening(url);
    await w.records.commit({
      writes: [{ collection: 'sessions', key: 'ses_1', value: 1, expect: 0 }],
      announce: ['sessions:ses_1'],
    });
    assert.equal(
      await w.records.commit({
        writes: [{ collection: 'sessions', key: 'ses_1', value: 2, expect: 0 }],
        announce: ['sessions:refused'],
      }),
      false,
    );
    await w.records.commit({ announce: ['sessions:after'] });
    await r.until('sessions:after');
    assert.deepEqual(r.heard, ['sessions:ses_1', 'sessions:after']);
  });

  it("tells '*' once its LISTEN connection is back after a loss, then every name again", async () => {
    const url = server.createDatabase(`pg_listen_${++databases}`);
    const w = await writer(url);
    const r = await listening(url);
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    after(() => admin.end());
    await admin.query(
      `SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE query = 'LISTEN ${CHANGE_CHANNEL}'`,
    );
    await r.until('*');
    await w.records.commit({ announce: ['back'] });
    await r.until('back');
    assert.deepEqual(r.heard, ['*', 'back']);
    assert.deepEqual(r.lines, [
      'PostgreSQL LISTEN connection lost; reopening',
      'PostgreSQL LISTEN connection back',
    ]);
  });

  it('hears nothing once closed', async () => {
    const url = server.createDatabase(`pg_listen_${++databases}`);
    const w = await writer(url);
    const r = await listening(url);
    const other = await listening(url);
    await r.feed.close();
    await w.records.commit({ announce: ['late'] });
    await other.until('late');
    assert.deepEqual(r.heard, []);
  });
});
