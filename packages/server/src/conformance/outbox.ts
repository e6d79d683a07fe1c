// The outbox block (`OutboxPart`): deliveries made owed by a commit (an id owed twice is kept once),
// due earliest first, each leased by a compare-and-set on its due time that exactly one of several
// connections wins, counted in attempts, and gone once done.
import assert from 'node:assert/strict';
import type { OutboxEntry, PayStore } from '../store/contract.js';
import { across, suite, wins, type Check, type ConformanceTest, type StoreFactory } from './support.js';

const T = 'conformance.outbox';

const ids = (entries: readonly OutboxEntry[]) => entries.map((e) => e.id);

function owe(store: PayStore, id: string, dueAt: number, payload?: OutboxEntry['payload'], topic = T) {
  return store.records.commit({ owe: [{ topic, id, dueAt, ...(payload === undefined ? {} : { payload }) }] });
}

const check0: Check = [
  'owes a delivery in a commit: due once its time comes, with its payload, no attempts yet',
  2,
  async (c) => {
    const [a, b] = [c.at(0), c.at(1)];
    assert.deepEqual(await b.outbox.due(T, Number.MAX_SAFE_INTEGER, 10), []);
    const committed = await a.records.commit({
      writes: [{ collection: 'conformance.orders', key: 'o1', value: 'paid' }],
      owe: [
        {
          topic: T,
          id: 'ses_1',
          dueAt: 1000,
          payload: { order: 'o1', amount: '5000.00', lines: [1, 2] },
        },
        { topic: T, id: 'ses_2', dueAt: 1500 },
        { topic: `${T}.other`, id: 'ses_1', dueAt: 1000, payload: 'elsewhere' },
      ],
    });
    assert.equal(committed, true);
    assert.deepEqual(await b.outbox.due(T, 999, 10), [], 'not due before its time');
    assert.deepEqual(await b.outbox.due(T, 1000, 10), [
      {
        topic: T,
        id: 'ses_1',
        dueAt: 1000,
        attempts: 0,
        payload: { order: 'o1', amount: '5000.00', lines: [1, 2] },
      },
    ]);
    assert.deepEqual(
      (await b.outbox.due(T, 1500, 10)).map((e) => [e.id, e.payload]),
      [
        ['ses_1', { order: 'o1', amount: '5000.00', lines: [1, 2] }],
        ['ses_2', null],
      ],
      'no payload: null',
    );
    assert.deepEqual(await b.outbox.due(`${T}.other`, 2000, 10), [
      { topic: `${T}.other`, id: 'ses_1', dueAt: 1000, attempts: 0, payload: 'elsewhere' },
    ]);
  },
];

const check1: Check = [
  'keeps an id owed twice once, as it was first owed, in one commit or two',
  2,
  async (c) => {
    const [a, b] = [c.at(0), c.at(1)];
    assert.equal(await owe(a, 'twice', 1000, 'first'), true);
    assert.equal(await owe(b, 'twice', 500, 'second'), true, 'owing it again is no failure');
    assert.equal(
      await a.records.commit({
        owe: [
          { topic: T, id: 'in-one', dueAt: 1200, payload: 1 },
          { topic: T, id: 'in-one', dueAt: 1100, payload: 2 },
        ],
      }),
      true,
    );
    assert.deepEqual(
      (await b.outbox.due(T, 10_000, 10)).map((e) => [e.id, e.dueAt, e.payload]),
      [
        ['twice', 1000, 'first'],
        ['in-one', 1200, 1],
      ],
    );
    const leased = await a.outbox.lease(T, 'twice', 1000, { dueAt: 5000, attempts: 1 });
    assert.equal(leased, true);
    await owe(b, 'twice', 0, 'third');
    assert.deepEqual(
      (await a.outbox.due(T, 10_000, 10)).find((e) => e.id === 'twice'),
      { topic: T, id: 'twice', dueAt: 5000, attempts: 1, payload: 'first' },
      'owing a leased id again leaves its lease',
    );
  },
];

const check2: Check = [
  'answers the entries due earliest first, at most limit',
  1,
  async (c) => {
    const store = c.at(0);
    for (const [id, dueAt] of [
      ['d', 4000],
      ['a', 1000],
      ['c', 3000],
      ['b', 2000],
      ['late', 9000],
    ] as const)
      await owe(store, id, dueAt);
    assert.deepEqual(ids(await store.outbox.due(T, 5000, 10)), ['a', 'b', 'c', 'd']);
    assert.deepEqual(ids(await store.outbox.due(T, 5000, 2)), ['a', 'b']);
    assert.deepEqual(ids(await store.outbox.due(T, 2000, 10)), ['a', 'b'], 'due at exactly now is due');
    assert.deepEqual(await store.outbox.due(T, 5000, 0), []);
  },
];

const check3: Check = [
  'leases an entry to exactly one of 20 callers on several connections',
  3,
  async (c) => {
    await owe(c.at(0), 'e', 1000, 'p');
    const leases = await across(c, 20, (s, i) =>
      s.outbox.lease(T, 'e', 1000, { dueAt: 61_000 + i, attempts: 1 }),
    );
    assert.equal(wins(leases), 1);
    const held = 61_000 + leases.indexOf(true);
    assert.deepEqual(await c.at(1).outbox.due(T, 60_000, 10), [], 'held: not due until its new time');
    assert.deepEqual(await c.at(2).outbox.due(T, held, 10), [
      { topic: T, id: 'e', dueAt: held, attempts: 1, payload: 'p' },
    ]);
    assert.equal(
      await c.at(0).outbox.lease(T, 'e', 1000, { dueAt: 1, attempts: 9 }),
      false,
      'a stale due time',
    );
    assert.equal(
      await c.at(0).outbox.lease(T, 'nobody', 1000, { dueAt: 1, attempts: 1 }),
      false,
      'no such entry',
    );
    assert.equal(await c.at(0).outbox.lease(`${T}.other`, 'e', held, { dueAt: 1, attempts: 1 }), false);
    // the holder died: the entry falls due at its time, and is leased again with one more attempt
    const again = await across(c, 9, (s) =>
      s.outbox.lease(T, 'e', held, { dueAt: held + 60_000, attempts: 2 }),
    );
    assert.equal(wins(again), 1);
    assert.deepEqual(
      (await c.at(0).outbox.due(T, held + 60_000, 10)).map((e) => [e.dueAt, e.attempts]),
      [[held + 60_000, 2]],
    );
  },
];

const check4: Check = [
  'forgets an entry once done; done again or for an unknown id is harmless',
  2,
  async (c) => {
    const [a, b] = [c.at(0), c.at(1)];
    await owe(a, 'x', 1000);
    await owe(a, 'y', 1000);
    await owe(a, 'x', 1000, null, `${T}.other`);
    await b.outbox.done(T, 'x');
    assert.deepEqual(ids(await a.outbox.due(T, 10_000, 10)), ['y']);
    assert.deepEqual(ids(await a.outbox.due(`${T}.other`, 10_000, 10)), ['x'], 'only in its topic');
    assert.equal(await a.outbox.lease(T, 'x', 1000, { dueAt: 2000, attempts: 1 }), false, 'nothing to lease');
    await b.outbox.done(T, 'x');
    await b.outbox.done(T, 'never-owed');
    await a.outbox.done(T, 'y');
    assert.deepEqual(await a.outbox.due(T, 10_000, 10), []);
  },
];

export function outboxConformance(factory: StoreFactory): ConformanceTest[] {
  return suite('outbox', factory, [check0, check1, check2, check3, check4]);
}
