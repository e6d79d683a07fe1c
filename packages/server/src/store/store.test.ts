// The store conformance suite against every store here: memory, and SQLite with several connections
// on one file (what several processes see). Then what only a file can show: it survives a restart,
// an older file is migrated, and processes racing on one file make one claim.
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
import { MemoryStore } from './memory.js';
import { SqliteStore } from './sqlite.js';
import { claimAt, seed, sessionRecord, storeConformance } from '../testing/store-conformance/index.js';

const dir = mkdtempSync(join(tmpdir(), 'pay-store-'));
after(() => rmSync(dir, { recursive: true, force: true }));
let files = 0;
const sqliteFile = () => join(dir, `store-${++files}.db`);
const run = promisify(execFile);

storeConformance('MemoryStore', {
  connect(count) {
    const store = new MemoryStore();
    return Promise.resolve(Array.from({ length: count }, () => store));
  },
});

storeConformance('SqliteStore (several connections on one file)', {
  connect(count) {
    const file = sqliteFile();
    return Promise.resolve(Array.from({ length: count }, () => new SqliteStore(file)));
  },
});

describe('SqliteStore on a file', () => {
  it('keeps everything across close and reopen, the owed onPaid and the order’s session included', async () => {
    const file = sqliteFile();
    const first = new SqliteStore(file);
    await seed(first, sessionRecord({ id: 'ses_r' }));
    await first.sessions.markPaid('ses_r', {
      paidAt: '2026-11-21T10:05:00.000Z',
      transactionId: 'txn_1',
      now: 1000,
    });
    await first.webhookEvents.remember('evt_r', 1000);
    await first.close();
    const second = new SqliteStore(file);
    assert.equal((await second.sessions.get('ses_r'))?.status, 'paid');
    assert.deepEqual(await second.outbox.listOwed('paid', 1001), ['ses_r']);
    assert.equal(await second.webhookEvents.has('evt_r'), true);
    assert.equal((await second.sessions.claimOrder('order-1', claimAt('x'))).outcome, 'session');
    await second.close();
  });

  it('migrates a file from before one session per order: each order keeps the session a shopper sees', async () => {
    const file = sqliteFile();
    const old = new Database(file);
    old.exec(`CREATE TABLE pay_sessions (
      id TEXT PRIMARY KEY, order_id TEXT NOT NULL, customer_id TEXT NOT NULL, amount TEXT NOT NULL,
      currency TEXT NOT NULL, status TEXT NOT NULL, account_name TEXT NOT NULL, account_number TEXT NOT NULL,
      bank_name TEXT NOT NULL, reference TEXT NOT NULL, created_at TEXT NOT NULL, expires_at TEXT NOT NULL,
      paid_at TEXT, transaction_id TEXT, onpaid_owed INTEGER NOT NULL DEFAULT 0, onpaid_claimed_at INTEGER);
      CREATE TABLE pay_references (reference TEXT PRIMARY KEY, session_id TEXT NOT NULL);`);
    const insert = old.prepare(
      `INSERT INTO pay_sessions VALUES (?, ?, 'cus_1', '5.00', 'NGN', ?, 'A', '1', 'B', ?, ?, ?, NULL, NULL, 0, NULL)`,
    );
    insert.run('ses_1', 'o1', 'expired', 'r1', '2026-01-01T00:00:00Z', '2026-01-01T00:30:00Z');
    insert.run('ses_2', 'o1', 'pending', 'r2', '2026-01-01T01:00:00Z', '2026-01-01T01:30:00Z');
    insert.run('ses_3', 'o1', 'expired', 'r3', '2026-01-01T02:00:00Z', '2026-01-01T02:30:00Z');
    insert.run('ses_4', 'o2', 'expired', 'r4', '2026-01-01T00:00:00Z', '2026-01-01T00:30:00Z');
    old.close();
    const store = new SqliteStore(file);
    assert.equal((await store.sessions.findByOrder('o1'))?.id, 'ses_2', 'the pending one');
    assert.equal((await store.sessions.findByOrder('o2'))?.id, 'ses_4');
    assert.equal(await store.sessions.markExpired('ses_4', 'r4'), false);
    assert.equal(
      await store.sessions.claimRenewal('ses_4', 'r4', claimAt('t')),
      true,
      'the new columns are there',
    );
    assert.equal(await store.watch.claim(1000, 5000), true, 'the watch table is there');
    await store.watch.advanceWatermark(900);
    assert.equal((await store.watch.read()).watermark, 900);
    await store.close();
  });

  it('makes one order claim when four processes race on one file', async () => {
    const file = sqliteFile();
    await new SqliteStore(file).close();
    const script = fileURLToPath(new URL('../testing/sqlite-claim-process.ts', import.meta.url));
    const results = await Promise.all(
      Array.from({ length: 4 }, async (_, w) => {
        const { stdout } = await run(process.execPath, ['--import', 'tsx', script, file, `p${w}`, '25']);
        return z.array(z.string()).parse(JSON.parse(stdout));
      }),
    );
    const outcomes = results.flat();
    assert.equal(outcomes.length, 100);
    assert.equal(outcomes.filter((o) => o === 'claimed').length, 1);
    assert.equal(outcomes.filter((o) => o === 'busy').length, 99);
  });
});
