// The published conformance suites on D1Store against miniflare's local D1 (workerd's own SQLite),
// from Node: each `connect` takes a database of its own, empty, the binding taken `count` times (one
// D1Store per binding object, as separate isolates would hold). The databases are bound to one
// Miniflare (one workerd process) `PER_RUNTIME` at a time, not a workerd started for each. A commit whose
// `expect` fails is undone by D1 itself: its batch fails at the guard and D1 rolls it back.
import { after, describe, it } from 'node:test';
import { pathToFileURL } from 'node:url';
import { runtimeModule } from '@pay-elements/testing/runtimes';
import assert from 'node:assert/strict';
import { D1Store } from './d1.js';
import { isStoreUnavailable } from '../errors.js';
import { isD1 } from '../testing/d1.js';
import { runStoreConformance } from '../testing/store-suites.js';

/** What the tests use of a Miniflare instance. */
interface LocalRuntime {
  getD1Database(name: string): Promise<unknown>;
  dispose(): Promise<void>;
}

/** How many empty databases one Miniflare holds (`DB0`, `DB1`…), one for each `connect`. */
const PER_RUNTIME = 64;

/**
 * A Miniflare with `PER_RUNTIME` local D1 databases bound as `DB0`, `DB1`… miniflare is not a
 * dependency of the workspace (it brings workerd, about 140 MB): it comes from the runtimes' cache,
 * installed on first use.
 */
async function miniflareWithD1(): Promise<LocalRuntime> {
  const loaded: unknown = await import(pathToFileURL(await runtimeModule('miniflare')).href);
  const Miniflare = (loaded as { Miniflare: new (options: object) => LocalRuntime }).Miniflare;
  const d1Databases = Object.fromEntries(
    Array.from({ length: PER_RUNTIME }, (_, i) => [`DB${i}`, `pay-test-${i}`]),
  );
  return new Miniflare({ modules: true, script: 'export default {}', d1Databases });
}

/** Every Miniflare started, disposed of when the file ends. */
const runtimes: Promise<LocalRuntime>[] = [];
after(async () => {
  for (const started of await Promise.allSettled(runtimes))
    if (started.status === 'fulfilled') await started.value.dispose();
});

let current: { runtime: Promise<LocalRuntime>; used: number } | undefined;
/** A database no test has used yet: its Miniflare, and its binding's name. */
function freshDatabase(): { runtime: Promise<LocalRuntime>; name: string } {
  if (!current || current.used === PER_RUNTIME) {
    const runtime = miniflareWithD1();
    runtimes.push(runtime);
    current = { runtime, used: 0 };
  }
  return { runtime: current.runtime, name: `DB${current.used++}` };
}

/** `count` bindings of one empty database. */
async function bindings(count: number): Promise<unknown[]> {
  const { runtime, name } = freshDatabase();
  const mf = await runtime;
  const found: unknown[] = [];
  for (let i = 0; i < count; i++) found.push(await mf.getD1Database(name));
  return found;
}

runStoreConformance('D1Store (miniflare’s local D1)', {
  async connect(count) {
    const stores: D1Store[] = [];
    for (const [i, db] of (await bindings(count)).entries()) {
      if (!isD1(db)) throw new Error('miniflare gave no D1 binding');
      stores.push(i === 0 ? await D1Store.open(db) : new D1Store(db));
    }
    return stores;
  },
});

describe('D1Store beyond the suite', () => {
  it('answers a readiness ping; D1’s retryable errors count as the store being away, a bad statement does not', async () => {
    const [db] = await bindings(1);
    if (!isD1(db)) throw new Error('miniflare gave no D1 binding');
    const store = await D1Store.open(db);
    await store.ping();
    const bad = await db
      .prepare('SELECT * FROM no_such_table')
      .first()
      .then(
        () => null,
        (error: unknown) => error,
      );
    assert.ok(bad instanceof Error, 'a bad statement fails');
    assert.equal(isStoreUnavailable(bad), false, String(bad));
    assert.equal(isStoreUnavailable(new Error('D1_ERROR: Network connection lost.')), true);
    assert.equal(isStoreUnavailable(new Error('D1 DB is overloaded. Too many requests queued.')), true);
  });
});
