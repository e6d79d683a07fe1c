// Issue 46 #6, #7, #10, #11 and #2 (the notifications' part), reproduced in this process against the
// service with its emulator and a merchant's endpoint on loopback; each prints its figures:
//
//   resend:    100 POST /api/notifications/{id}/resend in a row: deliveries of the event, the answers
//   rotation:  PAY_NOTIFY_SECRET="<new>,<old>": whether the service starts, and whom the signature suits
//   clock:     POST /_sandbox/clock {advance_minutes: 10}, then a payment: webhook-timestamp against
//              Date.now(), and what the standardwebhooks package says
//   gone:      the endpoint answers 410 to everything, the clock moved through the whole schedule:
//              attempts, and what the delivery log says
//   retry:     the endpoint answers 503 with Retry-After: 120: when the next attempt is due; the waits
//              of ten events on one schedule (jitter); the attempt timeout
//   livemode:  the body of a notification in emulator mode
//
// NODE_OPTIONS=--conditions=@pay-elements/source node --import tsx packages/service/src/testing/repro-notifications.ts <scenario>
import { Webhook } from 'standardwebhooks';
import { fixtures } from '@pay-elements/sandbox';
import { readServiceConfig } from '../config.js';
import { merchantEndpoint, NOTIFY_SECRET, startTestService, type Started } from './service.js';

const OTHER_SECRET = 'whsec_b3RoZXIgc2VjcmV0IG9mIGFub3RoZXIgc2hvcCB4eHh4';

async function paid(s: Started, orderId: string): Promise<string> {
  const created = await s.api('/api/sessions', {
    body: { order_id: orderId, amount: '2500.00', currency: 'NGN', customer_id: fixtures.customers.ada.id },
  });
  const session = (await created.json()) as { id: string; account: { account_number: string } };
  await s.control.transfer({ account_number: session.account.account_number, amount: 2500 });
  await s.service.sandbox?.flushWebhooks();
  return `session.paid.${session.id}`;
}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function verifies(secret: string, got: { headers: Record<string, unknown>; body: string }): string {
  try {
    new Webhook(secret).verify(got.body, {
      'webhook-id': String(got.headers['webhook-id']),
      'webhook-timestamp': String(got.headers['webhook-timestamp']),
      'webhook-signature': String(got.headers['webhook-signature']),
    });
    return 'verifies';
  } catch (error) {
    return `refused: ${(error as Error).message}`;
  }
}

async function withService(
  env: Record<string, string>,
  run: (s: Started, shop: Awaited<ReturnType<typeof merchantEndpoint>>) => Promise<void>,
) {
  const shop = await merchantEndpoint();
  const s = await startTestService({ PAY_NOTIFY_URL: shop.url, PAY_NOTIFY_SECRET: NOTIFY_SECRET, ...env });
  try {
    await run(s, shop);
  } finally {
    await s.close();
    await shop.close();
  }
}

const scenarios: Record<string, () => Promise<void>> = {
  resend: () =>
    withService({}, async (s, shop) => {
      const id = await paid(s, 'repro-resend');
      await shop.until(1);
      const started = Date.now();
      const statuses: Record<string, number> = {};
      let retryAfter = '';
      for (let i = 0; i < 100; i++) {
        const answer = await s.api(`/api/notifications/${id}/resend`, { method: 'POST' });
        statuses[answer.status] = (statuses[answer.status] ?? 0) + 1;
        retryAfter ||= answer.headers.get('retry-after') ?? '';
        await answer.body?.cancel();
      }
      await pause(1500);
      const of = shop.received.filter((r) => r.headers['webhook-id'] === id).length;
      console.log(
        `100 resends in ${Date.now() - started} ms: answers ${JSON.stringify(statuses)}, retry-after ${retryAfter || 'none'}; ${of} deliveries of the event`,
      );
    }),
  rotation: async () => {
    try {
      const config = readServiceConfig({
        PAY_SERVICE_KEYS: 'sk_test_service_key_0123456789abcdefABCDEF',
        PAY_NOTIFY_URL: 'http://127.0.0.1:9/hooks',
        PAY_NOTIFY_SECRET: `${OTHER_SECRET},${NOTIFY_SECRET}`,
      });
      console.log(`"<new>,<old>" accepted: ${JSON.stringify(config.PAY_NOTIFY_SECRET).length} characters`);
    } catch (error) {
      console.log(`"<new>,<old>" refused at start: ${(error as Error).message}`);
      return;
    }
    await withService({ PAY_NOTIFY_SECRET: `${OTHER_SECRET},${NOTIFY_SECRET}` }, async (s, shop) => {
      await paid(s, 'repro-rotation');
      const [got] = await shop.until(1);
      if (!got) return;
      console.log(`signature: ${String(got.headers['webhook-signature'])}`);
      console.log(
        `holding the new secret: ${verifies(OTHER_SECRET, got)}; the old: ${verifies(NOTIFY_SECRET, got)}`,
      );
    });
  },
  clock: () =>
    withService({ PAY_NOTIFY_RETRY_MS: '100,200' }, async (s, shop) => {
      await s.control.advanceClock(10);
      shop.answers.push(500);
      await paid(s, 'repro-clock');
      const got = await shop.until(2);
      for (const [i, r] of got.entries()) {
        const skew = Number(r.headers['webhook-timestamp']) - Math.floor(Date.now() / 1000);
        console.log(
          `attempt ${i + 1}: webhook-timestamp - Date.now() = ${skew} s; standardwebhooks: ${verifies(NOTIFY_SECRET, r)}`,
        );
      }
    }),
  gone: () =>
    withService({}, async (s, shop) => {
      const answer = () => shop.answers.push(...Array.from({ length: 50 }, () => 410));
      answer();
      const id = await paid(s, 'repro-gone');
      await shop.until(1);
      const start = s.clock.now();
      // through the whole schedule (52 h) and a day more, an hour at a time
      for (let hour = 0; hour < 80; hour++) {
        for (let i = 0; i < 60; i++) {
          s.clock.advance(60_000);
          s.service.notifier?.wake();
        }
        await pause(20);
      }
      await pause(500);
      const of = shop.received.filter((r) => r.headers['webhook-id'] === id);
      const entry = (await (await s.api(`/api/notifications/${id}`)).json()) as Record<string, unknown>;
      console.log(
        `410 to every attempt: ${of.length} attempts over ${Math.round((s.clock.now() - start) / 3_600_000)} h of clock; log entry status ${String(entry['status'])}, last_result ${String(entry['last_result'])}`,
      );
      await paid(s, 'repro-gone-2');
      await pause(1500);
      console.log(`a later event: ${shop.received.length - of.length} attempts`);
    }),
  retry: () =>
    withService({}, async (s, shop) => {
      const config = readServiceConfig({ PAY_SERVICE_KEYS: 'sk_test_service_key_0123456789abcdefABCDEF' });
      console.log(`default PAY_NOTIFY_TIMEOUT_MS: ${config.PAY_NOTIFY_TIMEOUT_MS}`);
      shop.retryAfter = '120';
      shop.answers.push(503);
      const id = await paid(s, 'repro-retry-after');
      await shop.until(1);
      await pause(300);
      const entry = (await (await s.api(`/api/notifications/${id}`)).json()) as Record<string, string>;
      const wait = Date.parse(entry['next_attempt_at'] ?? '') - Date.parse(entry['last_attempt_at'] ?? '');
      console.log(`503 with Retry-After: 120 -> next attempt in ${wait / 1000} s`);
      shop.retryAfter = undefined;
      const notifier = s.service.notifier;
      if (!notifier) return;
      shop.answers.push(...Array.from({ length: 10 }, () => 503));
      const before = shop.received.length;
      for (let i = 0; i < 10; i++)
        await notifier.enqueue({
          id: `deposit.received.dep_${i}`,
          type: 'deposit.received',
          created_at: new Date().toISOString(),
          data: { deposit_id: `dep_${i}`, amount: '10.00', currency: 'NGN' },
        });
      await shop.until(before + 10);
      await pause(300);
      const waits = await Promise.all(
        Array.from({ length: 10 }, async (_, i) => {
          const e = (await (await s.api(`/api/notifications/deposit.received.dep_${i}`)).json()) as Record<
            string,
            string
          >;
          return (Date.parse(e['next_attempt_at'] ?? '') - Date.parse(e['last_attempt_at'] ?? '')) / 1000;
        }),
      );
      console.log(`first retry of ten events after a 503 (schedule 5 s): ${waits.join(', ')} s`);
    }),
  livemode: () =>
    withService({}, async (s, shop) => {
      await paid(s, 'repro-livemode');
      const [got] = await shop.until(1);
      const body = JSON.parse(got?.body ?? '{}') as Record<string, unknown>;
      console.log(
        `emulator mode: livemode ${'livemode' in body ? JSON.stringify(body['livemode']) : 'absent'}; keys ${Object.keys(body).join(', ')}`,
      );
    }),
};

const name = process.argv[2] ?? '';
const scenario = scenarios[name];
if (!scenario) {
  console.error(`usage: repro-notifications.ts <${Object.keys(scenarios).join('|')}>`);
  process.exit(2);
}
await scenario();
