// The published conformance suites against SQLite with several connections on one file (what several
// processes see). Then what only a file can show: everything survives a close and reopen, a file of
// an earlier version opens beside its old tables, processes racing on one file make one winner, and a
// file locked by another writer is an outage, not a bug. The memory store's suites: memory.test.ts.
import { after, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import * as z from 'zod';
import Database from 'better-sqlite3';
import { runStoreConformance } from '../testing/store-suites.js';
import { isStoreUnavailable } from '../errors.js';
import { SqliteStore } from './sqlite.js';

const dir = mkdtempSync(join(tmpdir(), 'pay-store-'));
after(() => rmSync(dir, { recursive: true, force: true }));
let files = 0;
const sqliteFile = () => join(dir, `store-${++files}.db`);
const run = promisify(execFile);

runStoreConformance('SqliteStore (several connections on one file)', {
  connect(count) {
    const file = sqliteFile();
    return Promise.resolve(Array.from({ length: count }, () => new SqliteStore(file)));
  },
});

describe('SqliteStore on a file', () => {
  it('keeps records, owed deliveries with their leases and remembered ids across close and reopen', async () => {
    const file = sqliteFile();
    const first = new SqliteStore(file);
    assert.equal(
      await first.records.commit({
        writes: [{ collection: 'sessions', key: 'ses_r', value: { status: 'paid' }, expect: 0 }],
        owe: [{ topic: 'sessions.paid', id: 'ses_r', dueAt: 1000, payload: { order: 'o' } }],
      }),
      true,
    );
    await first.records.commit({
      writes: [{ collection: 'sessions', key: 'ses_r', value: { status: 'paid', n: 2 } }],
    });
    assert.equal(
      await first.outbox.lease('sessions.paid', 'ses_r', 1000, { dueAt: 2000, attempts: 1 }),
      true,
    );
    await first.once.remember('evt_r', 1000);
    await first.close();
    const second = new SqliteStore(file);
    assert.deepEqual(await second.records.get('sessions', 'ses_r'), {
      key: 'ses_r',
      value: { status: 'paid', n: 2 },
      version: 2,
    });
    assert.deepEqual(await second.outbox.due('sessions.paid', 2000, 10), [
      { topic: 'sessions.paid', id: 'ses_r', dueAt: 2000, attempts: 1, payload: { order: 'o' } },
    ]);
    assert.equal(await second.once.seen('evt_r'), true);
    assert.equal(
      await second.records.commit({
        writes: [{ collection: 'sessions', key: 'ses_r', value: 1, expect: 0 }],
      }),
      false,
      'the record still holds its key',
    );
    await second.close();
  });

  it('opens a file of 0.1.0 with new, empty tables beside the old ones, which it leaves as they are', async () => {
    const file = sqliteFile();
    const old = new Database(file);
    old.exec(`CREATE TABLE pay_sessions (id TEXT PRIMARY KEY, status TEXT NOT NULL);
      INSERT INTO pay_sessions VALUES ('ses_old', 'paid');
      CREATE TABLE pay_webhook_events (id TEXT PRIMARY KEY, received_at INTEGER NOT NULL);
      INSERT INTO pay_webhook_events VALUES ('evt_old', 1);`);
    old.close();
    const store = new SqliteStore(file);
    assert.deepEqual(await store.records.list('sessions'), []);
    assert.equal(await store.once.seen('evt_old'), false);
    assert.equal(
      await store.records.commit({ writes: [{ collection: 'sessions', key: 'k', value: 1, expect: 0 }] }),
      true,
    );
    await store.close();
    const after = new Database(file, { readonly: true });
    assert.deepEqual(after.prepare('SELECT id, status FROM pay_sessions').all(), [
      { id: 'ses_old', status: 'paid' },
    ]);
    after.close();
  });

  it('makes one winner of four processes racing one create and one lease on one file', async () => {
    const file = sqliteFile();
    const seed = new SqliteStore(file);
    await seed.records.commit({ owe: [{ topic: 'race', id: 'entry', dueAt: 0 }] });
    await seed.close();
    const script = fileURLToPath(new URL('../testing/sqlite-claim-process.ts', import.meta.url));
    const Outcomes = z.object({ creates: z.array(z.boolean()), leases: z.array(z.boolean()) });
    const results = await Promise.all(
      Array.from({ length: 4 }, async (_, w) => {
        const { stdout } = await run(process.execPath, ['--import', 'tsx', script, file, `p${w}`, '25']);
        return Outcomes.parse(JSON.parse(stdout));
      }),
    );
    const creates = results.flatMap((r) => r.creates);
    const leases = results.flatMap((r) => r.leases);
    assert.equal(creates.length, 100);
    assert.equal(creates.filter(Boolean).length, 1, 'one create');
    assert.equal(leases.filter(Boolean).length, 1, 'one lease');
    const check = new SqliteStore(file);
    const owed = await check.outbox.due('race', Number.MAX_SAFE_INTEGER, 1000);
    assert.equal(owed.length, 2, 'the entry leased and the winner’s own delivery, no loser’s');
    await check.close();
  });

  it('rejects a commit as an outage while another process holds the write lock, and commits once it is gone', async () => {
    const file = sqliteFile();
    const store = new SqliteStore(file, { busyTimeoutMs: 50 });
    const other = new Database(file);
    const commit = { writes: [{ collection: 'sessions', key: 'locked', value: 1, expect: 0 }] };
    other.exec('BEGIN EXCLUSIVE');
    try {
      const refused = await store.records.commit(commit).then(
        () => null,
        (error: unknown) => error,
      );
      assert.ok(refused instanceof Error, 'the commit failed');
      assert.equal(isStoreUnavailable(refused), true, String(refused));
      assert.ok('code' in refused && /^SQLITE_BUSY/.test(String(refused.code)), String(refused));
      assert.equal(await store.records.get('sessions', 'locked'), null, 'reads go on meanwhile');
    } finally {
      other.exec('ROLLBACK');
      other.close();
    }
    assert.equal(await store.records.commit(commit), true);
    await store.close();
  });
});
