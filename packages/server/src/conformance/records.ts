// The records block (`RecordPart`): versioned records by collection and key, listed in code-point key
// order by prefix, written by commits that are all or nothing, whose `expect` is a compare-and-set
// that exactly one of several connections wins; what the contract does not allow is refused first.
import assert from 'node:assert/strict';
import { StoreContractError } from '../store/commit-check.js';
import type { Commit, Json, PayStore } from '../store/contract.js';
import { across, suite, wins, type Check, type ConformanceTest, type StoreFactory } from './support.js';

const C = 'conformance.records';

/** A value with what JSON holds: nesting, unicode beyond the BMP, numbers, booleans and nulls. */
const RICH: Json = {
  id: 'ses_1',
  amount: '5000.00',
  status: 'pending',
  count: 3,
  ratio: 0.125,
  big: 9_007_199_254_740_991,
  paid: false,
  note: null,
  name: 'Adébáyọ̀ 🧾 “Ltd”',
  lines: [{ sku: 'a', qty: 1 }, [], {}],
};

async function versions(store: PayStore, keys: readonly string[], collection = C) {
  return Promise.all(keys.map(async (key) => (await store.records.get(collection, key))?.version ?? 0));
}

const check0: Check = [
  'creates a record once (expect 0), reads it back as written, versions 1, 2, 3',
  2,
  async (c) => {
    const [a, b] = [c.at(0), c.at(1)];
    assert.equal(await a.records.get(C, 'k'), null);
    assert.equal(
      await a.records.commit({ writes: [{ collection: C, key: 'k', value: RICH, expect: 0 }] }),
      true,
    );
    assert.deepEqual(await b.records.get(C, 'k'), { key: 'k', value: RICH, version: 1 });
    assert.equal(
      await b.records.commit({ writes: [{ collection: C, key: 'k', value: 'other', expect: 0 }] }),
      false,
      'expect 0: the key is taken',
    );
    assert.equal(
      await a.records.commit({ writes: [{ collection: C, key: 'k', value: [1], expect: 1 }] }),
      true,
    );
    assert.equal(
      await a.records.commit({ writes: [{ collection: C, key: 'k', value: 'x', expect: 1 }] }),
      false,
    );
    assert.equal(
      await b.records.commit({ writes: [{ collection: C, key: 'k', value: 'x', expect: 2 }] }),
      true,
    );
    assert.deepEqual(await a.records.get(C, 'k'), { key: 'k', value: 'x', version: 3 });
    for (const value of [0, '', false, 'plain', -1.5] as const) {
      await a.records.commit({ writes: [{ collection: C, key: `scalar-${String(value)}`, value }] });
      assert.deepEqual((await b.records.get(C, `scalar-${String(value)}`))?.value, value);
    }
  },
];

const check1: Check = [
  'writes without expect whatever the version, and keeps collections apart',
  1,
  async (c) => {
    const { records } = c.at(0);
    assert.equal(await records.commit({ writes: [{ collection: C, key: 'k', value: 1 }] }), true);
    assert.equal(await records.commit({ writes: [{ collection: C, key: 'k', value: 2 }] }), true);
    assert.deepEqual(await records.get(C, 'k'), { key: 'k', value: 2, version: 2 });
    assert.equal(await records.get(`${C}.other`, 'k'), null, 'another collection has no such key');
    await records.commit({ writes: [{ collection: `${C}.other`, key: 'k', value: 'o', expect: 0 }] });
    assert.deepEqual(await records.get(C, 'k'), { key: 'k', value: 2, version: 2 });
    assert.deepEqual(
      (await records.list(`${C}.other`)).map((r) => r.value),
      ['o'],
    );
  },
];

const check2: Check = [
  'commits several writes at once, or none when one expect fails, wherever it is',
  2,
  async (c) => {
    const [a, b] = [c.at(0), c.at(1)];
    const ok = await a.records.commit({
      writes: [
        { collection: C, key: 'one', value: 1, expect: 0 },
        { collection: `${C}.index`, key: 'one', value: 'one' },
      ],
    });
    assert.equal(ok, true);
    assert.deepEqual(await versions(b, ['one']), [1]);
    assert.deepEqual(await versions(b, ['one'], `${C}.index`), [1]);
    const stale = { collection: C, key: 'one', value: 'stale', expect: 7 };
    const fresh = (key: string) => ({ collection: C, key, value: key, expect: 0 });
    for (const writes of [
      [stale, fresh('two'), fresh('three')],
      [fresh('two'), stale, fresh('three')],
      [fresh('two'), fresh('three'), stale],
      [fresh('two'), { collection: C, key: 'one', value: null, expect: 2 }],
    ]) {
      assert.equal(await b.records.commit({ writes }), false);
      assert.deepEqual(await versions(a, ['one', 'two', 'three']), [1, 0, 0], 'nothing written');
      assert.equal((await a.records.get(C, 'one'))?.value, 1);
    }
  },
];

const check3: Check = [
  'deletes a record (value null), under its version when expected; it may be made again',
  1,
  async (c) => {
    const { records } = c.at(0);
    const write = (key: string, value: Json | null, expect?: number) =>
      records.commit({
        writes: [{ collection: C, key, value, ...(expect === undefined ? {} : { expect }) }],
      });
    await write('d', 'v', 0);
    await write('d', 'w', 1);
    assert.equal(await write('d', null, 1), false, 'the version is 2');
    assert.equal((await records.get(C, 'd'))?.version, 2);
    assert.equal(await write('d', null, 2), true);
    assert.equal(await records.get(C, 'd'), null);
    assert.deepEqual(await records.list(C), []);
    assert.equal(await write('d', null, 2), false, 'gone: no version 2 to delete');
    assert.equal(await write('d', null, 0), true, 'expect 0 with null: holds while there is none');
    assert.equal(await write('d', null), true, 'deleting what is not there is no failure');
    assert.equal(await write('d', 'again', 0), true);
    assert.deepEqual(await records.get(C, 'd'), { key: 'd', value: 'again', version: 1 });
    assert.equal(await write('d', null, 0), false, 'expect 0 with null: refused once it exists');
    assert.equal(await write('d', null), true);
    assert.equal(await records.get(C, 'd'), null);
  },
];

const check4: Check = [
  'lists in code-point key order, by prefix, reversed, at most limit (100 unless said)',
  1,
  async (c) => {
    const { records } = c.at(0);
    // printable ASCII at both ends (space, tilde), LIKE's wildcards, upper case before lower case
    const keys = ['a', 'a b', 'a%', 'a/1', 'a/10', 'a/2', 'a_', 'a~', 'aa', 'B', 'b', ' ', '~', 'a/1/x'];
    await records.commit({ writes: keys.map((key) => ({ collection: C, key, value: key })) });
    await records.commit({ writes: [{ collection: `${C}x`, key: 'a/9', value: 'elsewhere' }] });
    const sorted = [...keys].sort();
    assert.deepEqual(sorted.slice(0, 3), [' ', 'B', 'a']);
    const listed = async (options?: Parameters<PayStore['records']['list']>[1]) =>
      (await records.list(C, options)).map((r) => r.key);
    assert.deepEqual(await listed(), sorted);
    assert.deepEqual(await listed({ reverse: true }), [...sorted].reverse());
    assert.deepEqual(await listed({ prefix: 'a/' }), ['a/1', 'a/1/x', 'a/10', 'a/2']);
    assert.deepEqual(await listed({ prefix: 'a/1' }), ['a/1', 'a/1/x', 'a/10'], 'the prefix itself is in');
    assert.deepEqual(await listed({ prefix: 'a/', reverse: true, limit: 2 }), ['a/2', 'a/10']);
    assert.deepEqual(await listed({ prefix: 'a%' }), ['a%'], '% is no wildcard');
    assert.deepEqual(await listed({ prefix: 'a_' }), ['a_'], '_ is no wildcard');
    assert.deepEqual(await listed({ prefix: 'a~' }), ['a~']);
    assert.deepEqual(await listed({ prefix: '~' }), ['~']);
    assert.deepEqual(await listed({ prefix: 'c' }), []);
    assert.deepEqual(await listed({ prefix: 'a', limit: 0 }), []);
    assert.deepEqual(await listed({ limit: 3 }), sorted.slice(0, 3));
    const all = await records.list(C, { prefix: 'b' });
    assert.deepEqual(all, [{ key: 'b', value: 'b', version: 1 }], 'with value and version');
    const many = Array.from({ length: 101 }, (_, i) => `n/${String(i).padStart(3, '0')}`);
    await records.commit({ writes: many.map((key) => ({ collection: C, key, value: 0 })) });
    assert.deepEqual(await listed({ prefix: 'n/' }), many.slice(0, 100), 'limit 100 by default');
    assert.equal((await listed({ prefix: 'n/', limit: 1000 })).length, 101);
  },
];

const check5: Check = [
  'of commits on several connections expecting one version, exactly one succeeds',
  3,
  async (c) => {
    const creates = await across(c, 12, (s, i) =>
      s.records.commit({
        writes: [{ collection: C, key: 'race', value: i, expect: 0 }],
        owe: [{ topic: 'conformance.race', id: `create-${i}`, dueAt: 0 }],
      }),
    );
    assert.equal(wins(creates), 1, 'one create');
    const created = await c.at(1).records.get(C, 'race');
    assert.deepEqual(created?.value, creates.indexOf(true), 'the winner’s value');
    const updates = await across(c, 12, (s, i) =>
      s.records.commit({
        writes: [
          { collection: C, key: 'race', value: `update-${i}`, expect: 1 },
          { collection: C, key: `winner-${i}`, value: i, expect: 0 },
        ],
      }),
    );
    assert.equal(wins(updates), 1, 'one update');
    const winner = updates.indexOf(true);
    assert.deepEqual(await c.at(2).records.get(C, 'race'), {
      key: 'race',
      value: `update-${winner}`,
      version: 2,
    });
    assert.deepEqual(
      (await c.at(0).records.list(C, { prefix: 'winner-' })).map((r) => r.key),
      [`winner-${winner}`],
      'only the winner’s other write',
    );
    assert.deepEqual(
      (await c.at(0).outbox.due('conformance.race', 0, 100)).map((e) => e.id),
      [`create-${creates.indexOf(true)}`],
      'only the winner’s delivery',
    );
  },
];

const check6: Check = [
  'refuses what the contract does not allow with a StoreContractError, writing nothing',
  1,
  async (c) => {
    const { records, outbox } = c.at(0);
    const ok = { collection: C, key: 'fine', value: 1 };
    const refused: Array<[string, Commit]> = [
      ['a collection in capitals', { writes: [ok, { collection: 'Sessions', key: 'k', value: 1 }] }],
      ['an empty collection', { writes: [ok, { collection: '', key: 'k', value: 1 }] }],
      ['a key of 513 characters', { writes: [ok, { collection: C, key: 'k'.repeat(513), value: 1 }] }],
      ['an empty key', { writes: [ok, { collection: C, key: '', value: 1 }] }],
      ['a key beyond ASCII', { writes: [ok, { collection: C, key: 'café', value: 1 }] }],
      ['a key with a control character', { writes: [ok, { collection: C, key: 'a\nb', value: 1 }] }],
      ['one record twice', { writes: [ok, { ...ok, value: 2 }] }],
      ['a negative expect', { writes: [ok, { collection: C, key: 'k', value: 1, expect: -1 }] }],
      ['a fractional expect', { writes: [ok, { collection: C, key: 'k', value: 1, expect: 1.5 }] }],
      ['a topic with a space', { writes: [ok], owe: [{ topic: 'on paid', id: 'x', dueAt: 0 }] }],
      ['an outbox id beyond ASCII', { writes: [ok], owe: [{ topic: 't', id: 'é', dueAt: 0 }] }],
      ['a due time that is no number', { writes: [ok], owe: [{ topic: 't', id: 'x', dueAt: Number.NaN }] }],
    ];
    for (const [what, commit] of refused) {
      await assert.rejects(
        () => records.commit(commit),
        (error) => error instanceof StoreContractError,
        what,
      );
      assert.equal(await records.get(C, 'fine'), null, `nothing written for ${what}`);
    }
    assert.deepEqual(await outbox.due('t', Number.MAX_SAFE_INTEGER, 10), []);
    const longest = 'k'.repeat(512);
    const edge: Commit = { writes: [{ collection: 'a'.repeat(64), key: longest, value: 1 }] };
    assert.equal(await records.commit(edge), true, 'the longest name and key are allowed');
    assert.equal((await records.get('a'.repeat(64), longest))?.key, longest);
  },
];

export function recordConformance(factory: StoreFactory): ConformanceTest[] {
  return suite('records', factory, [check0, check1, check2, check3, check4, check5, check6]);
}
