// The one rule each of whether the provider or the store is down (a passing outage: 503, retried),
// on real failures where they can be made here: the api client refused a connection, a SQLite file
// locked by another writer; and the codes of PostgreSQL and D1 as their drivers throw them.
import { after, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { PayClient, ValidationError } from '@pay-elements/api';
import {
  HttpError,
  isProviderDown,
  isStoreUnavailable,
  ProviderUnavailableError,
  StoreContractError,
  StoreUnavailableError,
} from './errors.js';
import { SqliteStore } from './store/sqlite.js';

const dir = mkdtempSync(join(tmpdir(), 'pay-errors-'));
after(() => rmSync(dir, { recursive: true, force: true }));

/** What `work` threw. */
async function thrown(work: () => Promise<unknown>): Promise<unknown> {
  return work().then(
    () => assert.fail('expected a failure'),
    (error: unknown) => error,
  );
}

/** An Error as a driver throws it, with its `code`. */
const withCode = (code: string, message = 'failed') => Object.assign(new Error(message), { code });

describe('isProviderDown', () => {
  it('holds for a provider that refuses the connection, and for the breaker open', async () => {
    const client = new PayClient({ apiKey: 'sk_test_errors', baseUrl: 'http://127.0.0.1:9', maxRetries: 0 });
    const refused = await thrown(() => client.wallets.list());
    assert.equal(isProviderDown(refused), true, String(refused));
    assert.equal(isProviderDown(new ProviderUnavailableError('the breaker is open', 10)), true);
  });

  it('does not hold for a provider that answered, even with a refusal, nor for a bug', () => {
    assert.equal(
      isProviderDown(new ValidationError({ status: 400, message: 'amount must be positive' })),
      false,
    );
    assert.equal(isProviderDown(new HttpError('not_found', 'No such session.')), false);
    assert.equal(isProviderDown(new TypeError('x is undefined')), false);
    assert.equal(isProviderDown('down'), false);
  });
});

describe('isStoreUnavailable', () => {
  it('holds for a SQLite file another writer holds locked', async () => {
    const file = join(dir, 'locked.db');
    const store = new SqliteStore(file, { busyTimeoutMs: 0 });
    const other = new Database(file);
    other.exec('BEGIN EXCLUSIVE');
    try {
      const error = await thrown(() =>
        store.records.commit({ writes: [{ collection: 'sessions', key: 'k', value: 1, expect: 0 }] }),
      );
      assert.equal(isStoreUnavailable(error), true, String(error));
    } finally {
      other.exec('ROLLBACK');
      other.close();
      await store.close();
    }
  });

  it("holds for PostgreSQL's connection, resource and shutdown classes and D1's retryable errors", () => {
    for (const code of ['ECONNREFUSED', 'ECONNRESET', '08006', '53300', '57P01', '57P03', '57014'])
      assert.equal(isStoreUnavailable(withCode(code)), true, code);
    assert.equal(isStoreUnavailable(new Error('Connection terminated unexpectedly')), true);
    assert.equal(isStoreUnavailable(new Error('D1_ERROR: Network connection lost.')), true);
    assert.equal(isStoreUnavailable(new StoreUnavailableError('the pool is closed')), true);
  });

  it('does not hold for a wrong statement, a broken constraint or a commit the contract refuses', async () => {
    assert.equal(isStoreUnavailable(withCode('42P01', 'relation "pay_records" does not exist')), false);
    assert.equal(isStoreUnavailable(withCode('23505', 'duplicate key value')), false);
    assert.equal(isStoreUnavailable(withCode('SQLITE_ERROR', 'no such table')), false);
    const store = new SqliteStore(':memory:');
    const refused = await thrown(() =>
      store.records.commit({ writes: [{ collection: 'Sessions!', key: 'k', value: 1, expect: 0 }] }),
    );
    await store.close();
    assert.ok(refused instanceof StoreContractError);
    assert.equal(isStoreUnavailable(refused), false);
    assert.equal(isStoreUnavailable('down'), false);
  });
});

describe("the kit's errors", () => {
  it("answers a protocol code with the protocol's status, and keeps the headers given", () => {
    const busy = new HttpError('upstream_unavailable', 'Try again.', { headers: { 'retry-after': '2' } });
    assert.equal(busy.status, 503);
    assert.deepEqual(busy.headers, { 'retry-after': '2' });
    assert.equal(new HttpError('not_found', 'No such session.').status, 404);
    assert.deepEqual(new HttpError('not_found', 'No such session.').headers, {});
  });

  it('says Retry-After in whole seconds, at least one', () => {
    assert.equal(new StoreUnavailableError('busy').retryAfterSeconds, 2);
    assert.equal(new StoreUnavailableError('busy', { retryAfterSeconds: 0.2 }).retryAfterSeconds, 1);
    assert.equal(new ProviderUnavailableError('slow down', 2.1).retryAfterSeconds, 3);
    assert.equal(new ProviderUnavailableError('slow down', 0).retryAfterSeconds, 1);
  });
});
