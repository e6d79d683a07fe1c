// The SQLite library under SqliteStore, on Node (better-sqlite3), on a real file: a transaction that
// throws leaves nothing, an immediate one takes the write lock at once (another connection waits or
// is refused), and closing says so. Bun's and Deno's `node:sqlite` are run by the consumer tests.
import { after, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openSqlite, otherRuntime } from './sqlite-driver.js';

const dir = mkdtempSync(join(tmpdir(), 'pay-sqlite-driver-'));
after(() => rmSync(dir, { recursive: true, force: true }));

describe('openSqlite on Node', () => {
  it('is Node here, with better-sqlite3', () => {
    assert.equal(otherRuntime(), null);
  });

  it('commits a transaction, and leaves nothing of one that throws', () => {
    const db = openSqlite(join(dir, 'tx.db'));
    db.exec('CREATE TABLE t (n INTEGER)');
    db.transaction(() => db.prepare('INSERT INTO t VALUES (1)').run())();
    assert.throws(() =>
      db
        .transaction(() => {
          db.prepare('INSERT INTO t VALUES (2)').run();
          throw new Error('the work failed');
        })
        .immediate(),
    );
    assert.deepEqual(db.prepare('SELECT n FROM t').all(), [{ n: 1 }]);
    assert.equal(db.open, true);
    db.close();
    assert.equal(db.open, false);
  });

  it('takes the write lock at once in an immediate transaction: another writer is refused meanwhile', () => {
    const file = join(dir, 'lock.db');
    const a = openSqlite(file);
    const b = openSqlite(file);
    a.pragma('journal_mode = WAL');
    b.pragma('busy_timeout = 0');
    a.exec('CREATE TABLE t (n INTEGER)');
    let refused: unknown = null;
    a.transaction(() => {
      try {
        b.transaction(() => b.prepare('INSERT INTO t VALUES (2)').run()).immediate();
      } catch (error) {
        refused = error;
      }
      a.prepare('INSERT INTO t VALUES (1)').run();
    }).immediate();
    assert.ok(
      refused instanceof Error && 'code' in refused && String(refused.code).startsWith('SQLITE_BUSY'),
    );
    assert.deepEqual(b.prepare('SELECT n FROM t').all(), [{ n: 1 }]);
    a.close();
    b.close();
  });
});
