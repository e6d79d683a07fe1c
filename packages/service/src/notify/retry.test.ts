// When a failed notification is tried again (issue 46 #11: the merchant's Retry-After was ignored, the
// retries had no jitter, an attempt waited 10 s): Retry-After in seconds or as an HTTP date, bounded
// to the schedule's longest wait; ±20 % jitter from an injected random; 15 s for an attempt. Against a
// merchant's endpoint on loopback, on the emulator's clock.
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { readServiceConfig } from '../config.js';
import { Notifier } from './notifier.js';
import { retryAfterMs, retryWait } from './retry.js';
import {
  KEY,
  merchantEndpoint,
  NOTIFY_SECRET,
  startTestService,
  type MerchantEndpoint,
  type Started,
} from '../testing/service.js';

const quiet = { debug: () => {}, info: () => {}, warn: () => {}, error: () => {} };

describe('the wait before a retry', () => {
  const now = Date.parse('2026-12-01T12:00:00Z');

  it('reads Retry-After as seconds or an HTTP date, and nothing else', () => {
    assert.equal(retryAfterMs('120', now), 120_000);
    assert.equal(retryAfterMs(' 0 ', now), 0);
    assert.equal(retryAfterMs('Tue, 01 Dec 2026 12:05:00 GMT', now), 300_000);
    assert.equal(retryAfterMs('Tue, 01 Dec 2026 11:00:00 GMT', now), 0, 'a date gone by: at once');
    assert.equal(retryAfterMs(null, now), null);
    assert.equal(retryAfterMs('-5', now), null);
    assert.equal(retryAfterMs('1.5', now), null);
    assert.equal(retryAfterMs('soon', now), null);
  });

  it('is the wait ±20 %, or a later Retry-After up to the longest wait', () => {
    const wait = (random: number, asked: number | null = null) =>
      retryWait({ wait: 10_000, maxMs: 600_000, asked, random });
    assert.equal(wait(0), 8_000);
    assert.equal(wait(0.5), 10_000);
    assert.equal(wait(0.999_999), 12_000);
    assert.equal(wait(0.5, 2_000), 10_000, 'a sooner Retry-After does not hurry it');
    assert.equal(wait(0.5, 120_000), 120_000);
    assert.equal(wait(0.5, 3 * 86_400_000), 600_000, 'bounded to the schedule');
  });

  it('gives an attempt 15 s by default', () => {
    assert.equal(readServiceConfig({ PAY_SERVICE_KEYS: KEY }).PAY_NOTIFY_TIMEOUT_MS, 15_000);
  });
});

describe("retries as the merchant's endpoint answers them", () => {
  let s: Started;
  let shop: MerchantEndpoint;
  before(async () => {
    shop = await merchantEndpoint();
    // the service without its own notifier: each test makes one with what it injects
    s = await startTestService();
  });
  after(async () => {
    await s.close();
    await shop.close();
  });

  function notifier(random: () => number): Notifier {
    return new Notifier({
      state: s.service.kit.state,
      url: shop.url,
      secrets: [NOTIFY_SECRET],
      livemode: true,
      clock: s.clock,
      random,
      logger: quiet,
      timeoutMs: 2000,
      retryMs: [5_000, 600_000],
    });
  }

  const event = (id: string) => ({
    id: `deposit.received.${id}`,
    type: 'deposit.received' as const,
    created_at: new Date().toISOString(),
    data: { deposit_id: id, amount: '10.00', currency: 'NGN' },
  });

  /** Next attempt due minus last attempt made, ms, once the attempt is kept (polled, 2 s at most). */
  async function waitOf(n: Notifier, id: string): Promise<number> {
    for (let i = 0; i < 100; i++) {
      const entry = await n.get(`deposit.received.${id}`);
      if (entry?.attempts === 1 && entry.next_attempt_at && entry.last_attempt_at)
        return Date.parse(entry.next_attempt_at) - Date.parse(entry.last_attempt_at);
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    return NaN;
  }

  it('spreads the retries of one outage by the injected random, ±20 % of the wait', async () => {
    const randoms = [0, 0.25, 0.5, 0.75, 0.999];
    const n = notifier(() => randoms.shift() ?? 0.5);
    const before = shop.received.length;
    shop.answers.push(503, 503, 503, 503, 503);
    n.start();
    try {
      for (let i = 0; i < 5; i++) await n.enqueue(event(`jitter_${i}`));
      await shop.until(before + 5);
      const waits = await Promise.all([0, 1, 2, 3, 4].map((i) => waitOf(n, `jitter_${i}`)));
      const expected = [4_000, 4_500, 5_000, 5_500, 5_999];
      waits.forEach((wait, i) => {
        const want = expected[i] ?? 0;
        assert.ok(wait >= want && wait < want + 400, `retry ${i} in ${wait} ms, not about ${want}`);
      });
      const body = JSON.parse(shop.received.at(-1)?.body ?? '{}') as { livemode?: boolean };
      assert.equal(body.livemode, true, 'livemode: true with a provider');
    } finally {
      await n.stop();
    }
  });

  it("retries no sooner than the merchant's Retry-After (seconds, or an HTTP date), bounded to the schedule", async () => {
    const n = notifier(() => 0.5);
    n.start();
    try {
      const date = new Date(Date.now() + 300_000).toUTCString();
      for (const [id, after] of [
        ['ra_seconds', '120'],
        ['ra_date', date],
        ['ra_days', String(3 * 86_400)],
      ] as const) {
        shop.retryAfter = after;
        shop.answers.push(503);
        const before = shop.received.length;
        await n.enqueue(event(id));
        await shop.until(before + 1);
        const wait = await waitOf(n, id);
        shop.retryAfter = undefined;
        const want = id === 'ra_seconds' ? 120_000 : id === 'ra_date' ? 300_000 : 600_000;
        assert.ok(Math.abs(wait - want) < 2_000, `${id}: retried in ${wait} ms, not ${want}`);
      }
      // and it is attempted then, not before: the first one's Retry-After, on the emulator's clock
      const of = (id: string) =>
        shop.received.filter((r) => r.headers['webhook-id'] === `deposit.received.${id}`);
      s.clock.advance(100_000);
      n.wake();
      await new Promise((resolve) => setTimeout(resolve, 200));
      assert.equal(of('ra_seconds').length, 1, 'nothing before its Retry-After');
      s.clock.advance(25_000);
      n.wake();
      for (let i = 0; i < 100 && of('ra_seconds').length < 2; i++)
        await new Promise((resolve) => setTimeout(resolve, 20));
      assert.equal(of('ra_seconds').length, 2, 'attempted once its Retry-After has passed');
      assert.equal(of('ra_date').length, 1, 'and the later ones not yet');
    } finally {
      await n.stop();
    }
  });
});
