import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { SingleFlight, TtlCache } from './cache.js';

function manualClock(start = 0) {
  let now = start;
  return { now: () => now, advance: (ms: number) => void (now += ms) };
}

/** A load whose answers the test releases by hand. */
function deferredLoads<V>() {
  const pending: Array<{ resolve: (v: V) => void; reject: (e: unknown) => void }> = [];
  const load = () => new Promise<V>((resolve, reject) => pending.push({ resolve, reject }));
  return { load, pending };
}

describe('SingleFlight', () => {
  it('shares one call between concurrent callers of a key and forgets it once settled', async () => {
    const flights = new SingleFlight<string, number>();
    const { load, pending } = deferredLoads<number>();
    const a = flights.run('k', load);
    const b = flights.run('k', load);
    const other = flights.run('other', load);
    assert.equal(pending.length, 2, 'one call per key');
    pending[0]?.resolve(1);
    pending[1]?.resolve(2);
    assert.deepEqual(await Promise.all([a, b, other]), [1, 1, 2]);
    assert.equal(flights.size, 0);
    const failing = flights.run('k', () => Promise.reject(new Error('down')));
    await assert.rejects(failing, /down/);
    assert.equal(flights.size, 0, 'a failure is not remembered');
  });
});

describe('TtlCache', () => {
  it('answers the cached value until the TTL has passed, then loads again', async () => {
    const clock = manualClock();
    const cache = new TtlCache<string, number>({ clock, ttlMs: 1000, maxEntries: 10 });
    let loads = 0;
    const load = () => Promise.resolve(++loads);
    assert.deepEqual(await cache.read('k', load), { value: 1, state: 'miss', storedAt: 0, expiresAt: 1000 });
    clock.advance(999);
    assert.equal((await cache.read('k', load)).state, 'hit');
    clock.advance(1);
    assert.deepEqual(await cache.read('k', load), {
      value: 2,
      state: 'miss',
      storedAt: 1000,
      expiresAt: 2000,
    });
  });

  it('gives some values a shorter life through ttlFor, never a longer one', async () => {
    const clock = manualClock();
    const cache = new TtlCache<string, number>({
      clock,
      ttlMs: 1000,
      maxEntries: 10,
      ttlFor: (v) => (v < 0 ? 100 : 5000),
    });
    assert.equal((await cache.read('neg', () => Promise.resolve(-1))).expiresAt, 100);
    assert.equal((await cache.read('pos', () => Promise.resolve(1))).expiresAt, 1000);
  });

  it('throws a failed load unless serveStaleOn accepts the error and an old value is held', async () => {
    const clock = manualClock();
    const outage = new Error('outage');
    const cache = new TtlCache<string, string>({
      clock,
      ttlMs: 1000,
      maxEntries: 10,
      serveStaleOn: (e) => e === outage,
      retryAfterFailureMs: 500,
    });
    await assert.rejects(
      cache.read('k', () => Promise.reject(outage)),
      /outage/,
      'nothing held yet',
    );
    await cache.read('k', () => Promise.resolve('v1'));
    clock.advance(1000);
    await assert.rejects(
      cache.read('k', () => Promise.reject(new Error('bug'))),
      /bug/,
      'not an outage',
    );
    await assert.rejects(
      cache.read('k', () => Promise.reject(new Error('bug 2'))),
      /bug 2/,
      'asked again',
    );
    clock.advance(500);
    let calls = 0;
    const down = () => {
      calls++;
      return Promise.reject(outage);
    };
    assert.deepEqual(await cache.read('k', down), {
      value: 'v1',
      state: 'stale',
      storedAt: 0,
      expiresAt: 1000,
    });
    clock.advance(499);
    assert.equal((await cache.read('k', down)).state, 'stale');
    assert.equal(calls, 1, 'not asked again within retryAfterFailureMs');
    clock.advance(1);
    const back = await cache.read('k', () => Promise.resolve('v2'));
    assert.equal(back.value, 'v2');
    assert.equal(back.state, 'miss');
  });

  it('holds at most maxEntries, dropping the least recently stored', async () => {
    const clock = manualClock();
    const cache = new TtlCache<string, string>({ clock, ttlMs: 1000, maxEntries: 2 });
    for (const key of ['a', 'b', 'c']) await cache.read(key, () => Promise.resolve(key));
    assert.equal(cache.size, 2);
    let loaded = false;
    await cache.read('a', () => {
      loaded = true;
      return Promise.resolve('a');
    });
    assert.equal(loaded, true, 'a was dropped');
    assert.equal((await cache.read('c', () => Promise.resolve('x'))).state, 'hit');
  });
});
