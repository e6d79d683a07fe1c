// The published conformance suites (`@pay-elements/server/conformance`) under node:test, as a
// merchant runs them: one `describe` per store, one `it` per test.
import { describe, it } from 'node:test';
import { storeConformance, type StoreFactory } from '../conformance/index.js';

export function runStoreConformance(name: string, factory: StoreFactory): void {
  describe(name, () => {
    for (const t of storeConformance(factory)) it(`${t.block}: ${t.name}`, () => t.run());
  });
}
