// The watch part (`WatchPart`): one merchant-wide check per interval across connections, and the
// watermark, the last webhook and provider waits shared; times never move back.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { across, connections, type StoreFactory } from './support.js';

export function watchPartConformance(name: string, factory: StoreFactory): void {
  const { withStores } = connections(factory);
  describe(`${name}: watch`, () => {
    it('gives the merchant-wide check to one caller of 20 on several connections per interval', () =>
      withStores(3, async (stores) => {
        const claims = await across(stores, 20, (store) => store.watch.claim(10_000, 5000));
        assert.equal(claims.filter(Boolean).length, 1);
        const [a] = stores;
        assert.ok(a);
        assert.equal(await a.watch.claim(14_999, 5000), false, 'not due before the interval');
        assert.equal(await a.watch.claim(15_000, 5000), true, 'due after it');
        assert.equal(await a.watch.claim(15_001, 0), true, 'a forced check (interval 0) is always due');
      }));

    it('shares the watermark, the last webhook and provider waits between connections; times never move back', () =>
      withStores(2, async ([a, b]) => {
        assert.ok(a && b);
        assert.deepEqual(await b.watch.read(), { watermark: null, webhookAt: null, waits: {} });
        await a.watch.advanceWatermark(5000);
        await a.watch.advanceWatermark(4000);
        await a.watch.noteWebhook(7000);
        await a.watch.noteWebhook(6000);
        await a.watch.setProviderWait('transactions', { until: 9000, reason: 'rate_limited' });
        await a.watch.setProviderWait('accounts', { until: 8000, reason: 'unavailable' });
        assert.deepEqual(await b.watch.read(), {
          watermark: 5000,
          webhookAt: 7000,
          waits: {
            transactions: { until: 9000, reason: 'rate_limited' },
            accounts: { until: 8000, reason: 'unavailable' },
          },
        });
        await b.watch.setProviderWait('transactions', { until: 8500, reason: 'unavailable' });
        await b.watch.setProviderWait('accounts', null);
        await b.watch.advanceWatermark(6000);
        assert.deepEqual(await a.watch.read(), {
          watermark: 6000,
          webhookAt: 7000,
          waits: { transactions: { until: 8500, reason: 'unavailable' } },
        });
      }));
  });
}
