// Readiness and store outages inside the kit: readiness follows the store's ping and the drain, and a
// store that is full, locked or disconnected answers 503 with Retry-After, never 500 `internal`.
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { ErrorBody, SessionView } from '@pay-elements/protocol';
import { createHealth } from './health.js';
import { isStoreUnavailable, StoreUnavailableError } from './store/errors.js';
import { MemoryStore } from './store/memory.js';
import type { StoredRecord } from './store/contract.js';
import { jsonPost, startWorld, type World } from '@pay-elements/testing/kit-world';

/** A memory store whose reads fail as a database in trouble does, while `failure` is set. */
class TroubledStore extends MemoryStore {
  failure: Error | null = null;
  constructor() {
    super();
    const { records } = this;
    const get = records.get.bind(records);
    records.get = (collection: string, key: string): Promise<StoredRecord | null> =>
      this.failure ? Promise.reject(this.failure) : get(collection, key);
  }
  ping(): Promise<void> {
    return this.failure ? Promise.reject(this.failure) : Promise.resolve();
  }
}

function coded(message: string, code: string): Error {
  return Object.assign(new Error(message), { code });
}

describe('createHealth', () => {
  it('is ready while the store answers, not while it fails or the instance drains', async () => {
    const store = new TroubledStore();
    let drained = 0;
    const health = createHealth({ store, drain: () => drained++ });
    assert.equal(health.live().status, 200);
    assert.equal((await health.ready()).status, 200);
    store.failure = coded('database or disk is full', 'SQLITE_FULL');
    const down = await health.ready();
    assert.equal(down.status, 503);
    assert.deepEqual(await down.json(), { ready: false, reason: 'store_unavailable' });
    store.failure = null;
    assert.equal((await health.fetch(new Request('http://x/readyz')))?.status, 200);
    assert.equal(health.fetch(new Request('http://x/other')), null);
    health.drain();
    assert.equal(drained, 1, 'the kit is told to drain its streams');
    const draining = await health.ready();
    assert.equal(draining.status, 503);
    assert.deepEqual(await draining.json(), { ready: false, reason: 'draining' });
    assert.equal(health.live().status, 200, 'still alive while draining');
  });

  it('is not ready when the store takes longer than its timeout', async () => {
    const store = new MemoryStore();
    const hanging = Object.assign(store, { ping: () => new Promise<void>(() => undefined) });
    const health = createHealth({ store: hanging, drain: () => undefined }, { timeoutMs: 50 });
    assert.equal((await health.ready()).status, 503);
  });
});

describe('a store in trouble', () => {
  it('tells outages from bugs', () => {
    for (const error of [
      new StoreUnavailableError('x'),
      coded('database is locked', 'SQLITE_BUSY'),
      coded('disk I/O error', 'SQLITE_IOERR_WRITE'),
      coded('terminating connection due to administrator command', '57P01'),
      coded('the database system is starting up', '57P03'),
      coded('connect ECONNREFUSED 127.0.0.1:5432', 'ECONNREFUSED'),
      new Error('Connection terminated unexpectedly'),
      new Error('timeout exceeded when trying to connect'),
    ])
      assert.equal(isStoreUnavailable(error), true, error.message);
    for (const error of [
      new Error('boom'),
      coded('syntax error at or near "SELEC"', '42601'),
      coded('UNIQUE constraint failed', 'SQLITE_CONSTRAINT_UNIQUE'),
    ])
      assert.equal(isStoreUnavailable(error), false, error.message);
  });

  let world: World;
  const store = new TroubledStore();
  before(async () => {
    world = await startWorld({ kit: { store } });
  });
  after(() => world.close());

  it('answers a poll 503 upstream_unavailable with Retry-After while the store cannot', async () => {
    world.orders.set('o-1', { amount: '100.00', currency: 'NGN', customer_id: world.customerId });
    const created = await world.request('/pay/sessions', jsonPost({ order_id: 'o-1' }));
    assert.equal(created.status, 201);
    const { id } = (await created.json()) as { id: string };
    for (const failure of [
      coded('database or disk is full', 'SQLITE_FULL'),
      coded('terminating connection due to administrator command', '57P01'),
    ]) {
      store.failure = failure;
      const answer = await world.request(`/pay/sessions/${id}`);
      assert.equal(answer.status, 503, failure.message);
      assert.ok(Number(answer.headers.get('retry-after')) >= 1);
      assert.equal(ErrorBody.parse(await answer.json()).error.code, 'upstream_unavailable');
    }
    store.failure = null;
    assert.equal((await world.request(`/pay/sessions/${id}`)).status, 200);
  });

  it('answers a paid session it has seen from memory while the store cannot, a pending one 503', async () => {
    world.orders.set('o-2', { amount: '250.00', currency: 'NGN', customer_id: world.customerId });
    const created = await world.request('/pay/sessions', jsonPost({ order_id: 'o-2' }));
    const view = SessionView.parse(await created.json());
    world.orders.set('o-3', { amount: '300.00', currency: 'NGN', customer_id: world.customerId });
    const waiting = SessionView.parse(
      await (await world.request('/pay/sessions', jsonPost({ order_id: 'o-3' }))).json(),
    );
    await world.control('/transfers', { account_number: view.account.account_number, amount: 250 });
    world.advance(60_000);
    const paid = await world.request(`/pay/sessions/${view.id}`);
    assert.equal(SessionView.parse(await paid.json()).status, 'paid');
    store.failure = coded('terminating connection due to administrator command', '57P01');
    try {
      const meanwhile = await world.request(`/pay/sessions/${view.id}`);
      assert.equal(meanwhile.status, 200);
      assert.equal(SessionView.parse(await meanwhile.json()).status, 'paid');
      assert.equal((await world.request(`/pay/sessions/${waiting.id}`)).status, 503);
    } finally {
      store.failure = null;
    }
  });
});
