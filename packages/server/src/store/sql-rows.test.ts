// Rows as a SQL store gives them back, on a real SQLite file: a record and an outbox entry come back
// as they were written (the same frozen value when the same text is read again), a row another
// program broke is a StoredDataError rather than a wrong value, and a list's bound is whole and ≥ 0.
import { after, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { StoredDataError } from '../errors.js';
import { listLimit, toRecord } from './sql-rows.js';
import { SqliteStore } from './sqlite.js';

const dir = mkdtempSync(join(tmpdir(), 'pay-sql-rows-'));
after(() => rmSync(dir, { recursive: true, force: true }));
let files = 0;

function open() {
  const file = join(dir, `rows-${++files}.db`);
  const store = new SqliteStore(file);
  after(() => store.close());
  return { file, store };
}

describe('SQL rows', () => {
  it('reads a record back as written, the same frozen value while its text is the same', async () => {
    const { store } = open();
    const value = { amount: '5000.00', account: { number: '9900112233' }, paid_at: null };
    assert.ok(
      await store.records.commit({ writes: [{ collection: 'sessions', key: 'ses_1', value, expect: 0 }] }),
    );
    const first = await store.records.get('sessions', 'ses_1');
    const again = await store.records.get('sessions', 'ses_1');
    assert.deepEqual(first, { key: 'ses_1', value, version: 1 });
    assert.equal(again?.value, first?.value, 'parsed once');
    assert.ok(Object.isFrozen(first?.value));
    assert.throws(() => {
      (first.value as { amount: string }).amount = '1.00';
    }, TypeError);
    assert.equal(
      ((await store.records.get('sessions', 'ses_1'))?.value as { amount: string }).amount,
      '5000.00',
    );
  });

  it('reads an outbox entry back with its due time, attempts and payload', async () => {
    const { store } = open();
    const owe = [{ topic: 'sessions.paid', id: 'ses_1', dueAt: 1_700_000_000_123, payload: { n: 1 } }];
    assert.ok(await store.records.commit({ owe }));
    assert.deepEqual(await store.outbox.due('sessions.paid', 1_700_000_000_123, 10), [
      { topic: 'sessions.paid', id: 'ses_1', dueAt: 1_700_000_000_123, attempts: 0, payload: { n: 1 } },
    ]);
  });

  it('is a StoredDataError when another program broke a row, not a wrong value', async () => {
    const { file, store } = open();
    const other = new Database(file);
    other.prepare("INSERT INTO pay_records VALUES ('sessions', 'ses_bad', '{}', 'one')").run();
    other.close();
    await assert.rejects(store.records.get('sessions', 'ses_bad'), StoredDataError);
    assert.throws(() => toRecord(null), StoredDataError);
    assert.throws(() => toRecord({ key: 'k', value: {}, version: 1 }), StoredDataError);
  });

  it('bounds a list by a whole number of rows from 0', async () => {
    const { store } = open();
    for (const key of ['a', 'b', 'c'])
      assert.ok(
        await store.records.commit({ writes: [{ collection: 'links', key, value: key, expect: 0 }] }),
      );
    assert.equal((await store.records.list('links', { limit: -1 })).length, 0, 'not every row');
    assert.equal((await store.records.list('links', { limit: 2.7 })).length, 2);
    assert.equal((await store.records.list('links')).length, 3);
    assert.equal(listLimit(Number.NaN), 0);
    assert.equal(listLimit(Number.POSITIVE_INFINITY), Number.MAX_SAFE_INTEGER);
  });
});
