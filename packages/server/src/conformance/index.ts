// `@pay-elements/server/conformance`: the store contract's conformance suites, one per building block
// (store/contract.ts), as plain data any test runner can run: each test is `{block, name, run}`,
// and `run` rejects with an AssertionError when the store fails it. A store of your own passes them
// all; so do MemoryStore, SqliteStore, D1Store and PostgresStore.
//
//   import { test } from 'node:test';
//   for (const t of storeConformance({ connect: async (n) => … }))
//     test(`${t.block}: ${t.name}`, () => t.run());
import { changeFeedConformance } from './changes.js';
import { healthConformance } from './health.js';
import { onceConformance } from './once.js';
import { outboxConformance } from './outbox.js';
import { recordConformance } from './records.js';
import type { ConformanceTest, StoreFactory } from './support.js';

export { changeFeedConformance } from './changes.js';
export { healthConformance } from './health.js';
export { onceConformance } from './once.js';
export { outboxConformance } from './outbox.js';
export { recordConformance } from './records.js';
export type { ConformanceTest, StoreFactory } from './support.js';

/** Every block's suite against one store: records, outbox, once, changes, health. */
export function storeConformance(factory: StoreFactory): ConformanceTest[] {
  return [
    ...recordConformance(factory),
    ...outboxConformance(factory),
    ...onceConformance(factory),
    ...changeFeedConformance(factory),
    ...healthConformance(factory),
  ];
}
