// The store's health: it answers a readiness ping while open, and closing twice is safe.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import type { StoreFactory } from './support.js';

export function healthConformance(name: string, factory: StoreFactory): void {
  describe(`${name}: health`, () => {
    it('answers a readiness ping while open, and closes once and again without failing', async () => {
      const [store] = await factory.connect(1);
      assert.ok(store);
      if (store.ping) await store.ping();
      await store.close();
      await store.close();
    });
  });
}
