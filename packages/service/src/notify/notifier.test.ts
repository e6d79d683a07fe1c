// The merchant's notifications, end to end in this process: the service with its emulator pays a
// session and posts `session.paid` to a merchant's endpoint, signed by Standard Webhooks (checked here
// with nothing but an HMAC, as any language would); one webhook-id across retries; given up after the
// schedule with an error line, and sent again on request; the delivery log through the API; and each
// event delivered once by two deliverers on one store.
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { createHmac, timingSafeEqual } from 'node:crypto';
import { readServiceConfig } from '../config.js';
import { Notifier } from './notifier.js';
import {
  KEY,
  merchantEndpoint,
  notificationOnce,
  NOTIFY_SECRET,
  paidSession,
  standardVerdict,
  startTestService,
  type MerchantEndpoint,
  type Received,
  type Started,
} from '../testing/service.js';

/** Standard Webhooks, as a shop in any language checks it: HMAC-SHA256 of "id.timestamp.body". */
function verified(received: Received, secret = NOTIFY_SECRET): boolean {
  const id = String(received.headers['webhook-id']);
  const timestamp = String(received.headers['webhook-timestamp']);
  const key = Buffer.from(secret.slice('whsec_'.length), 'base64');
  const expected = createHmac('sha256', key).update(`${id}.${timestamp}.${received.body}`).digest();
  const age = Math.abs(Date.now() / 1000 - Number(timestamp));
  return (
    age < 300 &&
    String(received.headers['webhook-signature'])
      .split(' ')
      .some((sig) => {
        const given = Buffer.from(sig.replace(/^v1,/, ''), 'base64');
        return given.length === expected.length && timingSafeEqual(given, expected);
      })
  );
}

describe('notifications to the merchant', () => {
  let s: Started;
  let shop: MerchantEndpoint;
  before(async () => {
    shop = await merchantEndpoint();
    s = await startTestService({
      PAY_NOTIFY_URL: shop.url,
      PAY_NOTIFY_SECRET: NOTIFY_SECRET,
      PAY_NOTIFY_RETRY_MS: '100,200',
    });
  });
  after(async () => {
    await s.close();
    await shop.close();
  });

  it('posts session.paid signed by Standard Webhooks, naming the session, the order and the amount', async () => {
    const id = await paidSession(s, 'n-1');
    const [got] = await shop.until(1);
    assert.ok(got);
    assert.ok(verified(got), 'the signature holds with only an HMAC');
    assert.ok(
      !verified(got, 'whsec_b3RoZXIgc2VjcmV0IG9mIGFub3RoZXIgc2hvcCB4eHh4'),
      'and not with another secret',
    );
    assert.equal(got.headers['webhook-id'], `session.paid.${id}`);
    assert.equal(got.headers['content-type'], 'application/json');
    const body = JSON.parse(got.body) as { type: string; timestamp: string; data: Record<string, string> };
    assert.equal(body.type, 'session.paid');
    assert.ok(Date.parse(body.timestamp) > 0);
    assert.equal(body.data['session_id'], id);
    assert.equal(body.data['order_id'], 'n-1');
    assert.equal(body.data['amount'], '2500.00');
    assert.equal(body.data['currency'], 'NGN');
    assert.match(body.data['transaction_id'] ?? '', /^txn_/);
  });

  it('retries after a 500 with the same webhook-id, delivering the event once; a line and a log entry per attempt', async () => {
    shop.answers.push(500);
    const before = shop.received.length;
    const id = await paidSession(s, 'n-2');
    const got = (await shop.until(before + 2)).slice(before);
    assert.deepEqual(
      got.map((r) => [r.headers['webhook-id'], r.status]),
      [
        [`session.paid.${id}`, 500],
        [`session.paid.${id}`, 200],
      ],
    );
    assert.ok(
      got.every((r) => verified(r)),
      'each attempt signed for its own time',
    );
    assert.equal(got[0]?.body, got[1]?.body, 'the same body');
    const entry = await notificationOnce(s, `session.paid.${id}`, (e) => e['status'] === 'delivered');
    assert.equal(entry?.['attempts'], 2);
    assert.equal(entry?.['last_result'], '200');
    const log = s.lines.filter((l) => l.includes(`session.paid.${id}`) && l.includes('notification'));
    assert.equal(log.length, 2, log.join('\n'));
    assert.match(log[0] ?? '', /^warn notification session.paid not delivered \(attempt 1\)/);
    assert.match(log[1] ?? '', /^info notification session.paid delivered \(attempt 2\)/);
    await new Promise((resolve) => setTimeout(resolve, 400));
    assert.equal(shop.received.length, before + 2, 'nothing more');
  });

  it("keeps the first 512 bytes of the shop's answer, and hints at PAY_NOTIFY_SECRET on a 401", async () => {
    shop.answers.push(401);
    shop.bodies.push('signature does not verify');
    const before = shop.received.length;
    const id = await paidSession(s, 'n-answer');
    await shop.until(before + 2);
    const entry = await notificationOnce(s, `session.paid.${id}`, (e) => e['status'] === 'delivered');
    assert.equal(entry?.['last_answer'], 'ok', 'the last attempt is the one kept');
    const line = s.lines.find((l) => l.includes(`session.paid.${id}`) && l.startsWith('warn'));
    assert.match(
      line ?? '',
      /not delivered \(attempt 1\): retried in \d+ s; the shop answered 401, which often means it verifies with another secret than PAY_NOTIFY_SECRET/,
    );
  });

  it("shows the shop's answer to the last attempt in the delivery log, cut at 512 bytes", async () => {
    const reason = `signature does not verify: ${'y'.repeat(600)}`;
    shop.answers.push(400, 400, 400);
    shop.bodies.push(reason, reason, reason);
    const before = shop.received.length;
    const id = await paidSession(s, 'n-answer-2');
    await shop.until(before + 3);
    const entry = await notificationOnce(s, `session.paid.${id}`, (e) => e['status'] === 'failed');
    assert.equal(entry?.['last_result'], '400');
    assert.equal(entry?.['last_answer'], reason.slice(0, 512));
  });

  it('gives up after the schedule with an error line, and sends again on request with the same id', async () => {
    shop.answers.push(503, 503, 503);
    const before = shop.received.length;
    const id = await paidSession(s, 'n-3');
    await shop.until(before + 3);
    const notification = `session.paid.${id}`;
    const given = await notificationOnce(s, notification, (e) => e['status'] === 'failed');
    assert.equal(given?.['attempts'], 3);
    assert.ok(s.lines.some((l) => l.startsWith(`error notification session.paid given up after 3 attempts`)));
    const resent = await s.api(`/api/notifications/${notification}/resend`, { method: 'POST' });
    assert.equal(resent.status, 202);
    const again = (await shop.until(before + 4)).at(-1);
    assert.equal(again?.headers['webhook-id'], notification);
    assert.equal(again?.status, 200);
    const list = (await (await s.api('/api/notifications?limit=2')).json()) as {
      notifications: Array<{ id: string; status: string }>;
    };
    assert.equal(list.notifications[0]?.id, notification, 'newest first');
    assert.equal((await s.api('/api/notifications/nope/resend', { method: 'POST' })).status, 404);
  });

  it('delivers each event once with two deliverers on one store', async () => {
    const other = new Notifier({
      state: s.service.kit.state,
      url: shop.url,
      secrets: [NOTIFY_SECRET],
      livemode: false,
      clock: s.clock,
      logger: { debug: () => {}, info: () => {}, warn: () => {}, error: () => {} },
      timeoutMs: 2000,
    });
    other.start();
    try {
      const before = shop.received.length;
      const mine = s.service.notifier;
      assert.ok(mine);
      const events = Array.from({ length: 20 }, (_, i) => ({
        id: `deposit.received.dep_${i}`,
        type: 'deposit.received' as const,
        created_at: new Date().toISOString(),
        data: { deposit_id: `dep_${i}`, amount: '10.00', currency: 'NGN' },
      }));
      // each reported twice, to each deliverer: the kit reports an event at least once
      for (const event of events) {
        await mine.enqueue(event);
        await other.enqueue(event);
      }
      const got = (await shop.until(before + 20)).slice(before);
      await new Promise((resolve) => setTimeout(resolve, 1200));
      const ids = shop.received.slice(before).map((r) => String(r.headers['webhook-id']));
      assert.equal(ids.length, 20, `${got.length} posts`);
      assert.equal(new Set(ids).size, 20, 'each once');
    } finally {
      await other.stop();
    }
  });
});

describe('notifications signed for a merchant that checks them', () => {
  const NEW_SECRET = 'whsec_bmV3IG5vdGlmaWNhdGlvbiBzZWNyZXQgb2YgdGhlIHNob3AgISE=';
  const THIRD = 'whsec_b3RoZXIgc2VjcmV0IG9mIGFub3RoZXIgc2hvcCB4eHh4';
  let s: Started;
  let shop: MerchantEndpoint;
  before(async () => {
    shop = await merchantEndpoint();
    s = await startTestService({
      PAY_NOTIFY_URL: shop.url,
      PAY_NOTIFY_SECRET: `${NEW_SECRET} ${NOTIFY_SECRET}`,
      PAY_NOTIFY_RETRY_MS: '100,200',
    });
  });
  after(async () => {
    await s.close();
    await shop.close();
  });

  it('takes several secrets, spaces or commas between, and refuses a bad one by name', () => {
    const config = (secrets: string) =>
      readServiceConfig({ PAY_SERVICE_KEYS: KEY, PAY_NOTIFY_URL: shop.url, PAY_NOTIFY_SECRET: secrets });
    assert.deepEqual(config(`${NEW_SECRET},${NOTIFY_SECRET}`).PAY_NOTIFY_SECRET, [NEW_SECRET, NOTIFY_SECRET]);
    assert.deepEqual(config(`${NEW_SECRET}, ${NOTIFY_SECRET}`).PAY_NOTIFY_SECRET, [
      NEW_SECRET,
      NOTIFY_SECRET,
    ]);
    assert.throws(
      () => config(`${NEW_SECRET},whsec_nope`),
      /PAY_NOTIFY_SECRET\S* must encode 24 to 64 bytes/,
    );
  });

  it('signs with every secret, so that a merchant holding either the new or the old one accepts it', async () => {
    await paidSession(s, 'rotation-1');
    const [got] = await shop.until(1);
    assert.ok(got);
    assert.match(String(got.headers['webhook-signature']), /^v1,\S+ v1,\S+$/);
    assert.equal(standardVerdict(got, NEW_SECRET), 'verifies');
    assert.equal(standardVerdict(got, NOTIFY_SECRET), 'verifies');
    assert.ok(verified(got, NEW_SECRET) && verified(got, NOTIFY_SECRET), 'and by the HMAC alone');
    assert.equal(standardVerdict(got, THIRD), 'No matching signature found');
  });

  it("stamps every attempt with the real time, not the emulator's moved clock", async () => {
    await s.control.advanceClock(10);
    shop.answers.push(500);
    const before = shop.received.length;
    await paidSession(s, 'clock-1');
    const attempts = (await shop.until(before + 2)).slice(before);
    for (const got of attempts) {
      const skew = Number(got.headers['webhook-timestamp']) - Date.now() / 1000;
      assert.ok(Math.abs(skew) < 5, `webhook-timestamp ${skew} s from Date.now()`);
      assert.equal(standardVerdict(got, NOTIFY_SECRET), 'verifies');
    }
  });

  it('says livemode: false in every body in emulator mode, as the delivery log does', async () => {
    const [got] = await shop.until(1);
    const body = JSON.parse(got?.body ?? '{}') as Record<string, unknown>;
    assert.equal(body['livemode'], false);
    const entry = await notificationOnce(s, String(got?.headers['webhook-id']), () => true);
    assert.equal(entry?.['livemode'], false);
  });
});
