// A real SQLite file locked by another process's writer (BEGIN EXCLUSIVE held past the busy timeout):
// a create that must write is answered 503 upstream_unavailable with Retry-After, not 500, with one
// clear log line naming the store; once the lock is gone the same create succeeds.
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { ErrorBody } from '@pay-elements/protocol';
import { jsonPost, startWorld, type World } from '@pay-elements/testing/kit-world';
import { SqliteStore } from './sqlite.js';

describe('a SQLite file locked by another writer', () => {
  const dir = mkdtempSync(join(tmpdir(), 'pay-sqlite-locked-'));
  const file = join(dir, 'pay.sqlite');
  const lines: string[] = [];
  let world: World;
  before(async () => {
    world = await startWorld({
      kit: {
        store: new SqliteStore(file, { busyTimeoutMs: 50 }),
        logger: {
          debug: () => undefined,
          info: () => undefined,
          warn: (message, fields) => lines.push(`${message} ${JSON.stringify(fields)}`),
          error: (message, fields) => lines.push(`error ${message} ${JSON.stringify(fields)}`),
        },
      },
    });
  });
  after(async () => {
    await world.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('answers 503 with Retry-After while locked, and creates once the lock is gone', async () => {
    world.orders.set('o-locked', { amount: '100.00', currency: 'NGN', customer_id: world.customerId });
    const other = new Database(file);
    other.exec('BEGIN EXCLUSIVE');
    try {
      const refused = await world.request('/pay/sessions', jsonPost({ order_id: 'o-locked' }));
      assert.equal(refused.status, 503);
      assert.ok(Number(refused.headers.get('retry-after')) >= 1);
      assert.equal(ErrorBody.parse(await refused.json()).error.code, 'upstream_unavailable');
      const line = lines.find((l) => l.startsWith('session store unavailable'));
      assert.ok(line, lines.join('\n'));
      assert.match(line, /"code":"SQLITE_BUSY"/);
    } finally {
      other.exec('ROLLBACK');
      other.close();
    }
    const created = await world.request('/pay/sessions', jsonPost({ order_id: 'o-locked' }));
    assert.equal(created.status, 201);
  });
});
