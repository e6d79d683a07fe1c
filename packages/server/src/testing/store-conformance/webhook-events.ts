// The webhook events part (`WebhookEventPart`): an event id is processed once across connections, and
// ids past the retention are forgotten.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { across, connections, type StoreFactory } from './support.js';

export function webhookEventPartConformance(name: string, factory: StoreFactory): void {
  const { withStores, one } = connections(factory);
  describe(`${name}: webhook events`, () => {
    it('remembers an event id once, whichever of 20 callers on several connections comes first', () =>
      withStores(3, async (stores) => {
        const [a] = stores;
        if (!a) throw new Error('no store');
        assert.equal(await a.webhookEvents.has('evt_1'), false);
        const remembered = await across(stores, 20, (s, i) => s.webhookEvents.remember('evt_1', i));
        assert.equal(remembered.filter(Boolean).length, 1);
        for (const s of stores) assert.equal(await s.webhookEvents.has('evt_1'), true);
      }));

    it('forgets the ids received before a time, and only those', () =>
      one(async ({ webhookEvents }) => {
        await webhookEvents.remember('evt_old', 1000);
        await webhookEvents.remember('evt_edge', 2000);
        await webhookEvents.remember('evt_new', 3000);
        assert.equal(await webhookEvents.forgetBefore(2000), 1);
        assert.equal(await webhookEvents.has('evt_old'), false);
        assert.equal(await webhookEvents.has('evt_edge'), true);
        assert.equal(await webhookEvents.has('evt_new'), true);
        assert.equal(await webhookEvents.forgetBefore(2000), 0, 'nothing left to forget');
        assert.equal(await webhookEvents.remember('evt_old', 4000), true, 'a forgotten id is new again');
      }));
  });
}
