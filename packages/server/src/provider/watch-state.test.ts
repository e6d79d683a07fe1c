// What the watcher's instances share through the store, on one SQLite file opened by several
// instances: one check per interval however many ask at once, a watermark that never moves back, the
// last webhook's time, and a provider wait every instance sees until it is lifted.
import { after, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { SqliteStore } from '../store/sqlite.js';
import { SharedWatchState } from './watch-state.js';

const dir = mkdtempSync(join(tmpdir(), 'pay-watch-state-'));
after(() => rmSync(dir, { recursive: true, force: true }));
let files = 0;

const NOW = Date.parse('2026-11-21T10:00:00.000Z');
const INTERVAL_MS = 10_000;

/** `count` instances, each its own connection to one file. */
function instances(count: number): SharedWatchState[] {
  const file = join(dir, `watch-${++files}.db`);
  return Array.from({ length: count }, () => {
    const store = new SqliteStore(file);
    after(() => store.close());
    return new SharedWatchState(store.records);
  });
}

describe('SharedWatchState', () => {
  it('gives the check to one of four instances asking at once, and to one again after the interval', async () => {
    const all = instances(4);
    const first = await Promise.all(all.map((s) => s.claim(NOW, INTERVAL_MS)));
    assert.equal(first.filter(Boolean).length, 1);
    const within = await Promise.all(all.map((s) => s.claim(NOW + INTERVAL_MS - 1, INTERVAL_MS)));
    assert.equal(within.filter(Boolean).length, 0);
    const next = await Promise.all(all.map((s) => s.claim(NOW + INTERVAL_MS, INTERVAL_MS)));
    assert.equal(next.filter(Boolean).length, 1);
  });

  it('moves the watermark forward only, whoever writes an older one', async () => {
    const [a, b] = instances(2);
    assert.equal((await a!.read()).watermark, null);
    await Promise.all([a!.advanceWatermark(NOW + 5000), b!.advanceWatermark(NOW + 3000)]);
    assert.equal((await b!.read()).watermark, NOW + 5000);
    await b!.advanceWatermark(NOW);
    assert.equal((await a!.read()).watermark, NOW + 5000);
  });

  it('keeps the newest verified webhook time', async () => {
    const [a, b] = instances(2);
    await a!.noteWebhook(NOW + 2000);
    await b!.noteWebhook(NOW + 1000);
    assert.equal((await b!.read()).webhookAt, NOW + 2000);
  });

  it('shows a provider wait to every instance until one lifts it', async () => {
    const [a, b] = instances(2);
    await a!.setProviderWait('transactions', { until: NOW + 30_000, reason: 'rate_limited' });
    await a!.setProviderWait('accounts', { until: NOW + 60_000, reason: 'unavailable' });
    assert.deepEqual((await b!.read()).waits, {
      transactions: { until: NOW + 30_000, reason: 'rate_limited' },
      accounts: { until: NOW + 60_000, reason: 'unavailable' },
    });
    await b!.setProviderWait('transactions', null);
    assert.deepEqual((await a!.read()).waits, { accounts: { until: NOW + 60_000, reason: 'unavailable' } });
  });
});
