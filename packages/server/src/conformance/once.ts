// The once block (`OncePart`): an id (a provider's webhook event) is remembered once across
// connections, seen by every one, and forgotten with the others remembered before a time.
import assert from 'node:assert/strict';
import { across, suite, wins, type Check, type ConformanceTest, type StoreFactory } from './support.js';

const check0: Check = [
  'remembers an id once, whichever of 20 callers on several connections comes first',
  3,
  async (c) => {
    assert.equal(await c.at(0).once.seen('evt_1'), false);
    const remembered = await across(c, 20, (s, i) => s.once.remember('evt_1', 1000 + i));
    assert.equal(wins(remembered), 1);
    for (const store of c.all) assert.equal(await store.once.seen('evt_1'), true);
    assert.equal(await c.at(1).once.remember('evt_1', 5000), false, 'remembered already');
    assert.equal(await c.at(1).once.seen('evt_2'), false, 'another id is not');
  },
];

const check1: Check = [
  'forgets the ids remembered before a time, answering how many, and only those',
  2,
  async (c) => {
    const [a, b] = [c.at(0), c.at(1)];
    await a.once.remember('evt_old', 1000);
    await a.once.remember('evt_older', 500);
    await a.once.remember('evt_edge', 2000);
    await a.once.remember('evt_new', 3000);
    assert.equal(await b.once.forgetBefore(2000), 2);
    assert.equal(await a.once.seen('evt_old'), false);
    assert.equal(await a.once.seen('evt_older'), false);
    assert.equal(await a.once.seen('evt_edge'), true, 'remembered at exactly the time: kept');
    assert.equal(await a.once.seen('evt_new'), true);
    assert.equal(await b.once.forgetBefore(2000), 0, 'nothing left to forget');
    assert.equal(await a.once.remember('evt_old', 4000), true, 'a forgotten id is new again');
    assert.equal(await b.once.forgetBefore(Number.MAX_SAFE_INTEGER), 3);
  },
];

export function onceConformance(factory: StoreFactory): ConformanceTest[] {
  return suite('once', factory, [check0, check1]);
}
