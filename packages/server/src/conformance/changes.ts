// The change feed block (`ChangeFeedPart`): the names a commit announces are told to the listeners
// once it has committed, in order, never for a commit that did not happen; a listener that throws
// harms nothing; and, where the store shares announcements, a commit on one connection is heard on
// the others. "Nothing was heard" is shown without waiting on a clock: a later commit announces a
// marker, and announcements arrive in commit order, so what has not come before it never will.
import assert from 'node:assert/strict';
import type { PayStore, StoredRecord } from '../store/contract.js';
import { suite, type Check, type ConformanceTest, type StoreFactory } from './support.js';

const C = 'conformance.changes';

/** How long an announcement may take to arrive (across a database connection) before the test fails. */
const ARRIVAL_MS = 2000;

/** The names one connection's listener hears, and a way to wait for one. */
class Heard {
  readonly names: string[] = [];
  readonly stop: () => void;
  private readonly waiting = new Map<string, () => void>();

  constructor(store: PayStore, also?: (name: string) => void) {
    this.stop = store.changes.subscribe((name) => {
      this.names.push(name);
      also?.(name);
      this.waiting.get(name)?.();
    });
  }

  /** Resolves once `name` has been heard. */
  until(name: string): Promise<void> {
    if (this.names.includes(name)) return Promise.resolve();
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => {
        this.waiting.delete(name);
        reject(
          new assert.AssertionError({
            message: `${name} not heard within ${ARRIVAL_MS} ms; heard ${JSON.stringify(this.names)}`,
          }),
        );
      }, ARRIVAL_MS);
      this.waiting.set(name, () => {
        clearTimeout(timer);
        this.waiting.delete(name);
        resolve();
      });
    });
  }
}

let marks = 0;

/** Commits a marker on `store` and waits until every one of `heard` has it; answers its name. */
async function mark(store: PayStore, ...heard: Heard[]): Promise<string> {
  const name = `conformance:mark-${++marks}`;
  assert.equal(await store.records.commit({ announce: [name] }), true);
  await Promise.all(heard.map((h) => h.until(name)));
  return name;
}

/** Subscribes on each store, then waits until each hears announcements from other instances. */
async function listening(stores: readonly PayStore[], also?: (store: PayStore) => (name: string) => void) {
  const heard = stores.map((store) => new Heard(store, also?.(store)));
  for (const store of stores) await store.changes.ready?.();
  return heard;
}

const check0: Check = [
  'announces a commit’s names once it has committed, in order: reads by then see it',
  1,
  async (c) => {
    const store = c.at(0);
    const reads: Array<Promise<StoredRecord | null>> = [];
    const [heard] = await listening([store], (s) => () => reads.push(s.records.get(C, 'k')));
    assert.ok(heard);
    const committed = await store.records.commit({
      writes: [{ collection: C, key: 'k', value: 'v', expect: 0 }],
      announce: ['conformance:k', 'conformance:other'],
    });
    assert.equal(committed, true);
    await heard.until('conformance:other');
    assert.deepEqual(heard.names, ['conformance:k', 'conformance:other']);
    for (const read of await Promise.all(reads)) assert.equal(read?.version, 1, 'the commit is visible');
    heard.stop();
  },
];

const check1: Check = [
  'announces nothing for a commit that did not happen, nor for one that announces nothing',
  1,
  async (c) => {
    const store = c.at(0);
    const [heard] = await listening([store]);
    assert.ok(heard);
    const write = { collection: C, key: 'k', value: 'v', expect: 0 };
    assert.equal(await store.records.commit({ writes: [write], announce: ['conformance:made'] }), true);
    assert.equal(
      await store.records.commit({
        writes: [write],
        owe: [{ topic: C, id: 'x', dueAt: 0 }],
        announce: ['conformance:refused'],
      }),
      false,
    );
    await assert.rejects(() =>
      store.records.commit({
        writes: [{ ...write, collection: 'Bad' }],
        announce: ['conformance:invalid'],
      }),
    );
    assert.equal(await store.records.commit({ writes: [{ ...write, key: 'quiet' }] }), true);
    const marker = await mark(store, heard);
    assert.deepEqual(heard.names, ['conformance:made', marker]);
    heard.stop();
  },
];

const check2: Check = [
  'stops when unsubscribed; a listener that throws stops neither the commit nor the others',
  1,
  async (c) => {
    const store = c.at(0);
    const stopThrowing = store.changes.subscribe(() => {
      throw new Error('a listener that fails');
    });
    const [heard, stopped] = await listening([store, store]);
    assert.ok(heard && stopped);
    assert.equal(await store.records.commit({ announce: ['conformance:before'] }), true);
    await Promise.all([heard.until('conformance:before'), stopped.until('conformance:before')]);
    stopped.stop();
    const committed = await store.records.commit({
      writes: [{ collection: C, key: 'k', value: 1 }],
      announce: ['conformance:after'],
    });
    assert.equal(committed, true, 'committed whatever a listener does');
    const marker = await mark(store, heard);
    assert.deepEqual(heard.names, ['conformance:before', 'conformance:after', marker]);
    assert.deepEqual(stopped.names, ['conformance:before'], 'nothing after unsubscribing');
    assert.equal((await store.records.get(C, 'k'))?.value, 1);
    stopThrowing();
    heard.stop();
  },
];

const check3: Check = [
  'announces a commit on one connection to the listeners of every other',
  3,
  async (c) => {
    const [a, b, d] = c.all;
    assert.ok(a && b && d);
    const reads: Array<Promise<StoredRecord | null>> = [];
    const heard = await listening([b, d], (s) => (name) => {
      if (name === 'conformance:across') reads.push(s.records.get(C, 'across'));
    });
    assert.equal(
      await a.records.commit({
        writes: [{ collection: C, key: 'across', value: 'told', expect: 0 }],
        announce: ['conformance:across'],
      }),
      true,
    );
    const marker = await mark(a, ...heard);
    for (const h of heard) assert.deepEqual(h.names, ['conformance:across', marker]);
    for (const read of await Promise.all(reads)) assert.equal(read?.value, 'told', 'the commit is visible');
    for (const h of heard) h.stop();
  },
];

export function changeFeedConformance(factory: StoreFactory): ConformanceTest[] {
  return suite('changes', factory, [
    check0,
    check1,
    check2,
    ...(factory.sharesAnnouncements ? [check3] : []),
  ]);
}
