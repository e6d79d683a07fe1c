// The store's health: it answers a readiness ping while open, and closing twice is safe.
import assert from 'node:assert/strict';
import type { ConformanceTest, StoreFactory } from './support.js';

export function healthConformance(factory: StoreFactory): ConformanceTest[] {
  return [
    {
      block: 'health',
      name: 'answers a readiness ping while open, and closes once and again without failing',
      async run() {
        const [store] = await factory.connect(1);
        assert.ok(store, 'factory.connect(1) answered a connection');
        if (store.ping) await store.ping();
        await store.records.get('conformance.health', 'k');
        await store.close();
        await store.close();
      },
    },
  ];
}
