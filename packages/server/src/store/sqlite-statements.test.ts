// The SQLite dialect's statements run as the stores run them (one transaction per commit) on a real
// file: the schema may be run again on an existing file; a commit whose `expect` does not hold fails
// at its guard and undoes every write before it inside the database; a guard's failure is told apart
// from any other error; keys list in code-point order, bounded by the prefix.
import { after, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import type { Commit } from './contract.js';
import { commitStatements, isGuardFailure, SCHEMA, SQL } from './sqlite-statements.js';

const dir = mkdtempSync(join(tmpdir(), 'pay-sqlite-statements-'));
after(() => rmSync(dir, { recursive: true, force: true }));
let files = 0;

function open() {
  const db = new Database(join(dir, `statements-${++files}.db`));
  after(() => db.close());
  db.exec(SCHEMA);
  /** a commit as the stores run it: every statement in one transaction; false at a guard */
  const commit = (c: Commit): boolean => {
    try {
      db.transaction(() => {
        for (const [sql, values] of commitStatements(c)) db.prepare(sql).run(...values);
      }).immediate();
      return true;
    } catch (error) {
      if (isGuardFailure(error)) return false;
      throw error;
    }
  };
  const value = (key: string) =>
    (db.prepare(SQL.get).get('sessions', key) as
      { key: string; value: string; version: number } | undefined) ?? null;
  return { db, commit, value };
}

describe('the SQLite statements', () => {
  it('runs the schema again on a file that has it, keeping what is there', () => {
    const t = open();
    assert.equal(t.commit({ writes: [{ collection: 'sessions', key: 'a', value: 1, expect: 0 }] }), true);
    t.db.exec(SCHEMA);
    assert.equal(t.value('a')?.value, '1');
  });

  it('undoes every write of a commit whose expect does not hold, and owes nothing', () => {
    const t = open();
    assert.ok(t.commit({ writes: [{ collection: 'sessions', key: 'a', value: 1, expect: 0 }] }));
    const refused = t.commit({
      writes: [
        { collection: 'sessions', key: 'b', value: 2, expect: 0 },
        { collection: 'sessions', key: 'a', value: 3, expect: 7 },
      ],
      owe: [{ topic: 'sessions.paid', id: 'b', dueAt: 0 }],
    });
    assert.equal(refused, false);
    assert.equal(t.value('b'), null);
    assert.deepEqual(t.value('a'), { key: 'a', value: '1', version: 1 });
    assert.deepEqual(t.db.prepare(SQL.due).all('sessions.paid', 0, 10), []);
  });

  it('creates only what is absent, updates and removes only at the version expected', () => {
    const t = open();
    const write = (value: number | null, expect?: number) =>
      t.commit({
        writes: [{ collection: 'sessions', key: 'a', value, ...(expect === undefined ? {} : { expect }) }],
      });
    assert.equal(write(1, 0), true);
    assert.equal(write(2, 0), false, 'exists');
    assert.equal(write(2, 1), true);
    assert.equal(t.value('a')?.version, 2);
    assert.equal(write(null, 1), false, 'not at version 1');
    assert.equal(write(null, 0), false, 'not absent');
    assert.equal(write(null, 2), true);
    assert.equal(t.value('a'), null);
    assert.equal(write(null, 0), true, 'absent now');
    assert.equal(write(5), true, 'no expect: written whatever');
    assert.equal(write(6), true);
    assert.equal(t.value('a')?.version, 2);
  });

  it('tells a guard from any other failure', () => {
    const t = open();
    let guard: unknown;
    try {
      t.db.prepare(SQL.guardChanged).run();
    } catch (error) {
      guard = error;
    }
    assert.equal(isGuardFailure(guard), true);
    assert.equal(isGuardFailure(new Error('SQLITE_BUSY: database is locked')), false);
    assert.equal(isGuardFailure('NOT NULL constraint failed: pay_guard.ok'), false);
  });

  it('lists keys in code-point order, within the prefix only', () => {
    const t = open();
    for (const key of ['a/b', 'a/B', 'a/a', 'a', 'a0', 'b/a'])
      assert.ok(t.commit({ writes: [{ collection: 'sessions', key, value: key }] }));
    const listed = t.db.prepare(SQL.list).all('sessions', 'a/', 'a/', 10) as { key: string }[];
    assert.deepEqual(
      listed.map((r) => r.key),
      ['a/B', 'a/a', 'a/b'],
    );
  });
});
