// Resends through the merchant's API are bounded (issue 46 #6: 100 resends in a row made 102
// deliveries of one event in 3 s): one at a time per event, one a minute per event, 60 a minute per
// service key, and past either limit 429 `rate_limited` with Retry-After; on the emulator's clock.
import { createClock } from '@pay-elements/sandbox';
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import {
  KEY,
  merchantEndpoint,
  notificationOnce,
  NOTIFY_SECRET,
  paidSession,
  startTestService,
  type MerchantEndpoint,
  type Started,
} from '../testing/service.js';

const OTHER_KEY = 'sk_test_other_service_key_9876543210zyxwvuZYXWVU';

const deposit = (i: number) => ({
  id: `deposit.received.dep_r${i}`,
  type: 'deposit.received' as const,
  created_at: new Date().toISOString(),
  data: { deposit_id: `dep_r${i}`, amount: '10.00', currency: 'NGN' },
});

describe('resending notifications', () => {
  let s: Started;
  let shop: MerchantEndpoint;
  before(async () => {
    shop = await merchantEndpoint();
    s = await startTestService(
      {
        PAY_NOTIFY_URL: shop.url,
        PAY_NOTIFY_SECRET: NOTIFY_SECRET,
        PAY_NOTIFY_RETRY_MS: '100,200',
        PAY_SERVICE_KEYS: `${KEY},${OTHER_KEY}`,
      },
      {
        // time stands still but for the test's moves: 60 resends must not outlast a token's refill (1 s)
        clock: createClock({ frozen: true }),
      },
    );
  });
  after(async () => {
    await s.close();
    await shop.close();
  });

  const resend = (id: string, key?: string) =>
    s.api(`/api/notifications/${id}/resend`, { method: 'POST', ...(key ? { key } : {}) });

  it('100 resends in a row make one more delivery; the rest are 429 rate_limited with Retry-After', async () => {
    const id = `session.paid.${await paidSession(s, 'resend-1')}`;
    await shop.until(1);
    const answers: Array<{ status: number; retryAfter: string | null; code: string | undefined }> = [];
    for (let i = 0; i < 100; i++) {
      const answer = await resend(id);
      const body = (await answer.json()) as { error?: { code: string } };
      answers.push({
        status: answer.status,
        retryAfter: answer.headers.get('retry-after'),
        code: body.error?.code,
      });
    }
    await notificationOnce(s, id, (e) => e['status'] === 'delivered');
    const deliveries = shop.received.filter((r) => r.headers['webhook-id'] === id).length;
    assert.equal(deliveries, 2, 'the first and one resend');
    assert.equal(answers[0]?.status, 202);
    const past = answers.filter((a) => a.status !== 202);
    assert.ok(past.length >= 98, `${past.length} refused`);
    for (const a of past) {
      assert.equal(a.status, 429);
      assert.equal(a.code, 'rate_limited');
      assert.ok(Number(a.retryAfter) >= 1 && Number(a.retryAfter) <= 60, `Retry-After ${a.retryAfter}`);
    }
    s.clock.advance(60_000);
    assert.equal((await resend(id)).status, 202, 'taken again once Retry-After has passed');
  });

  it('a resend while one is due answers the same pending one, and sends nothing more', async () => {
    const notifier = s.service.notifier;
    assert.ok(notifier);
    await notifier.stop();
    try {
      await notifier.enqueue(deposit(0));
      const first = (await (await resend(deposit(0).id)).json()) as Record<string, unknown>;
      const second = await resend(deposit(0).id);
      assert.equal(second.status, 202);
      assert.deepEqual(await second.json(), first);
      assert.equal(first['status'], 'pending');
    } finally {
      notifier.start();
    }
    await notificationOnce(s, deposit(0).id, (e) => e['status'] === 'delivered');
    await new Promise((resolve) => setTimeout(resolve, 300));
    assert.equal(shop.received.filter((r) => r.headers['webhook-id'] === deposit(0).id).length, 1);
  });

  it('takes 60 resends a minute per key: the 61st is 429 with Retry-After, another key is not held', async () => {
    const notifier = s.service.notifier;
    assert.ok(notifier);
    s.clock.advance(60_000); // the bucket of the tests above full again
    const before = shop.received.length;
    for (let i = 1; i <= 62; i++) await notifier.enqueue(deposit(i));
    await shop.until(before + 62);
    await notificationOnce(s, deposit(62).id, (e) => e['status'] === 'delivered');
    const statuses: number[] = [];
    for (let i = 1; i <= 60; i++) statuses.push((await resend(deposit(i).id)).status);
    assert.deepEqual(new Set(statuses), new Set([202]));
    const over = await resend(deposit(61).id);
    assert.equal(over.status, 429);
    assert.equal(over.headers.get('retry-after'), '1');
    assert.match(((await over.json()) as { error: { message: string } }).error.message, /with this key/);
    assert.equal((await resend(deposit(61).id, OTHER_KEY)).status, 202, 'per key');
    s.clock.advance(1_000);
    assert.equal((await resend(deposit(62).id)).status, 202, 'a token back after Retry-After');
  });
});
