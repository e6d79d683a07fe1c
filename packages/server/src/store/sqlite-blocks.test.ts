// The store's blocks in the SQLite dialect over an executor that runs them on a real file, as a
// driver does, counting what it is asked: a commit is one batch however many writes it has, a
// refused one is false and announces nothing, an announcement alone runs no statement; the outbox's
// lease is a compare-and-set on the due time; an id is remembered once and forgotten by age.
import { after, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { ChangeListeners } from './listeners.js';
import { sqliteBlocks, type SqlExecutor } from './sqlite-blocks.js';
import { SCHEMA } from './sqlite-statements.js';

const dir = mkdtempSync(join(tmpdir(), 'pay-sqlite-blocks-'));
after(() => rmSync(dir, { recursive: true, force: true }));
let files = 0;

function setup() {
  const db = new Database(join(dir, `blocks-${++files}.db`));
  after(() => db.close());
  db.exec(SCHEMA);
  const asked = { runs: 0, batches: 0, statements: 0 };
  const executor: SqlExecutor = {
    run: (sql, values) => {
      asked.runs++;
      return Promise.resolve(Number(db.prepare(sql).run(...values).changes));
    },
    first: (sql, values, map) => Promise.resolve(map(db.prepare(sql).get(...values))),
    all: (sql, values, map) =>
      Promise.resolve(
        db
          .prepare(sql)
          .all(...values)
          .map(map),
      ),
    batch: (statements) => {
      asked.batches++;
      asked.statements += statements.length;
      return new Promise<void>((resolve, reject) => {
        try {
          db.transaction(() => {
            for (const [sql, values] of statements) db.prepare(sql).run(...values);
          }).immediate();
          resolve();
        } catch (error) {
          reject(error instanceof Error ? error : new Error(String(error)));
        }
      });
    },
  };
  const listeners = new ChangeListeners();
  const heard: string[] = [];
  listeners.subscribe((name) => heard.push(name));
  return { ...sqliteBlocks(executor, listeners), asked, heard };
}

describe('sqliteBlocks', () => {
  it('runs a commit as one batch however many writes, and announces once it committed', async () => {
    const t = setup();
    const committed = await t.records.commit({
      writes: [
        { collection: 'sessions', key: 'a', value: 1, expect: 0 },
        { collection: 'sessions', key: 'b', value: 2, expect: 0 },
        { collection: 'sessions', key: 'c', value: 3 },
      ],
      owe: [{ topic: 'sessions.paid', id: 'a', dueAt: 0 }],
      announce: ['sessions:a'],
    });
    assert.equal(committed, true);
    assert.equal(t.asked.batches, 1);
    assert.deepEqual(t.heard, ['sessions:a']);
    assert.deepEqual(
      (await t.records.list('sessions')).map((r) => [r.key, r.value]),
      [
        ['a', 1],
        ['b', 2],
        ['c', 3],
      ],
    );
  });

  it('answers false for a commit whose expect fails, writing and announcing nothing', async () => {
    const t = setup();
    await t.records.commit({ writes: [{ collection: 'sessions', key: 'a', value: 1, expect: 0 }] });
    const refused = await t.records.commit({
      writes: [
        { collection: 'sessions', key: 'b', value: 2, expect: 0 },
        { collection: 'sessions', key: 'a', value: 9, expect: 0 },
      ],
      announce: ['sessions:b'],
    });
    assert.equal(refused, false);
    assert.equal(await t.records.get('sessions', 'b'), null);
    assert.deepEqual(t.heard, []);
  });

  it('runs no statement for an announcement alone, and still announces it', async () => {
    const t = setup();
    assert.equal(await t.records.commit({ announce: ['*'] }), true);
    assert.deepEqual([t.asked.batches, t.asked.runs], [0, 0]);
    assert.deepEqual(t.heard, ['*']);
  });

  it('leases an outbox entry only at its due time, and once done it is owed no more', async () => {
    const t = setup();
    await t.records.commit({ owe: [{ topic: 'sessions.paid', id: 'a', dueAt: 1000 }] });
    assert.equal(await t.outbox.lease('sessions.paid', 'a', 999, { dueAt: 5000, attempts: 1 }), false);
    assert.equal(await t.outbox.lease('sessions.paid', 'a', 1000, { dueAt: 5000, attempts: 1 }), true);
    assert.equal(await t.outbox.lease('sessions.paid', 'a', 1000, { dueAt: 6000, attempts: 1 }), false);
    assert.deepEqual(await t.outbox.due('sessions.paid', 4999, 10), []);
    assert.deepEqual(
      (await t.outbox.due('sessions.paid', 5000, 10)).map((e) => [e.id, e.attempts]),
      [['a', 1]],
    );
    await t.outbox.done('sessions.paid', 'a');
    assert.deepEqual(await t.outbox.due('sessions.paid', Number.MAX_SAFE_INTEGER, 10), []);
  });

  it('remembers an id once, and forgets the ones older than asked', async () => {
    const t = setup();
    assert.equal(await t.once.remember('evt_1', 1000), true);
    assert.equal(await t.once.remember('evt_1', 2000), false);
    assert.equal(await t.once.remember('evt_2', 3000), true);
    assert.equal(await t.once.forgetBefore(2000), 1);
    assert.deepEqual([await t.once.seen('evt_1'), await t.once.seen('evt_2')], [false, true]);
  });
});
