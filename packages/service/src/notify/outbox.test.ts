// The notifications on the kit's one outbox (issue 47): a kit event is owed once, on the kit's topic
// `events.host`, in the commit of the kit's transition, and nowhere else (not to onEvent, not to the
// service's old topic); an event of a type the service names nowhere reaches the merchant all the
// same; and what an older release left owed on its own topic (`service.notify`) at the upgrade is
// delivered, once each, by the service started on that store. On a real SQLite file.
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { HOST_EVENTS_TOPIC } from '@pay-elements/server';
import { SqliteStore } from '@pay-elements/server/sqlite';
import type { AnyKitEvent } from '../kit.js';
import { LEGACY_TOPIC, notificationWrites, ON_EVENT_TOPIC } from './notifier.js';
import {
  merchantEndpoint,
  notificationOnce,
  NOTIFY_SECRET,
  paidSession,
  startTestService,
  type MerchantEndpoint,
  type Started,
} from '../testing/service.js';

const dir = mkdtempSync(join(tmpdir(), 'pay-service-outbox-'));
const FAR = 365 * 86_400_000;

/**
 * Two notifications as 0.1 kept them: the record, its log index, owed on `service.notify`; and an
 * event its kit still owed to the service's onEvent (topic `events.merchant`, never kept yet).
 */
async function olderReleaseLeft(file: string): Promise<string[]> {
  const store = new SqliteStore(file);
  const now = Date.now();
  const ids = ['session.paid.ses_old1', 'deposit.received.dep_old2'];
  for (const [i, id] of ids.entries()) {
    const at = new Date(now - 60_000 + i).toISOString();
    const record = {
      id,
      type: id.startsWith('session') ? 'session.paid' : 'deposit.received',
      created_at: at,
      data: { amount: '10.00', currency: 'NGN' },
      status: 'pending',
      livemode: false,
      // the second was tried once already, and is due again now
      attempts: i,
      last_attempt_at: i === 0 ? null : at,
      last_result: i === 0 ? null : '500',
      next_attempt_at: at,
      delivered_at: null,
      resent_at: null,
    };
    assert.ok(
      await store.records.commit({
        writes: [
          { collection: 'service.notifications', key: id, value: record, expect: 0 },
          {
            collection: 'service.notifications.by-time',
            key: `${at}/${encodeURIComponent(id)}`,
            value: id,
          },
        ],
        owe: [{ topic: LEGACY_TOPIC, id, dueAt: now - 60_000 }],
      }),
    );
    if (i === 1)
      assert.ok(await store.outbox.lease(LEGACY_TOPIC, id, now - 60_000, { dueAt: now, attempts: 1 }));
  }
  const event = {
    id: 'session.paid.ses_old3',
    type: 'session.paid',
    created_at: new Date(now - 30_000).toISOString(),
    data: { session_id: 'ses_old3', amount: '10.00', currency: 'NGN' },
  };
  // left by a failed onEvent: due again after its backoff, which has passed
  assert.ok(
    await store.records.commit({
      owe: [{ topic: ON_EVENT_TOPIC, id: event.id, dueAt: now - 1000, payload: event }],
    }),
  );
  await store.close();
  return [...ids, event.id];
}

describe("notifications on the kit's one outbox", () => {
  const file = join(dir, 'pay.sqlite');
  let s: Started;
  let shop: MerchantEndpoint;
  let left: string[];
  before(async () => {
    shop = await merchantEndpoint();
    left = await olderReleaseLeft(file);
    s = await startTestService({ PAY_DB: file, PAY_NOTIFY_URL: shop.url, PAY_NOTIFY_SECRET: NOTIFY_SECRET });
  });
  after(async () => {
    await s.close();
    await shop.close();
    rmSync(dir, { recursive: true, force: true });
  });

  const owed = async (topic: string) =>
    (await s.service.kit.state.outbox.due(topic, s.clock.now() + FAR, 100)).map((e) => e.id);

  it('delivers what an older release left owed (its own topic, its onEvent), once each, and leaves none', async () => {
    const got = await shop.until(3);
    await s.service.notifier?.idle();
    await new Promise((resolve) => setTimeout(resolve, 300));
    assert.deepEqual(got.map((r) => String(r.headers['webhook-id'])).sort(), [...left].sort());
    assert.equal(shop.received.length, 3, 'once each');
    for (const id of left) {
      const entry = await notificationOnce(s, id, (e) => e['status'] === 'delivered');
      assert.equal(entry?.['last_result'], '200', id);
    }
    assert.equal((await notificationOnce(s, left[1] ?? '', () => true))?.['attempts'], 2, 'its count kept');
    assert.deepEqual(await owed(LEGACY_TOPIC), []);
    assert.deepEqual(await owed(ON_EVENT_TOPIC), []);
  });

  it("owes a paid session's event once, on the kit's topic in the kit's commit, and nowhere else", async () => {
    const notifier = s.service.notifier;
    assert.ok(notifier);
    await notifier.stop();
    const before = shop.received.length;
    let id: string;
    try {
      id = `session.paid.${await paidSession(s, 'one-outbox-1')}`;
      await s.service.kit.pay.watcher.idle();
      assert.deepEqual(await owed(HOST_EVENTS_TOPIC), [id]);
      assert.deepEqual(await owed('events.merchant'), [], 'no onEvent entry');
      assert.deepEqual(await owed(LEGACY_TOPIC), [], 'no second outbox');
      const pending = await notificationOnce(s, id, () => true);
      assert.equal(pending?.['status'], 'pending', 'its record written with the transition');
    } finally {
      notifier.start();
    }
    const entry = await notificationOnce(s, id, (e) => e['status'] === 'delivered');
    assert.equal(entry?.['attempts'], 1);
    assert.equal(shop.received.length, before + 1);
    assert.deepEqual(await owed(HOST_EVENTS_TOPIC), []);
  });

  it('sends an event of a type the service names nowhere, as the kit owes it, signed and listed', async () => {
    const event: AnyKitEvent = {
      id: 'refund.requested.rfq_1',
      type: 'refund.requested',
      created_at: new Date(s.clock.now()).toISOString(),
      data: { refund_id: 'rfq_1', amount: '5.00', currency: 'NGN' },
    };
    const now = s.clock.now();
    // the kit's transition commit with its host delivery (outbox/events.ts): records and one entry
    assert.ok(
      await s.service.kit.state.records.commit({
        writes: notificationWrites(event, now, false),
        owe: [
          {
            topic: HOST_EVENTS_TOPIC,
            id: event.id,
            dueAt: now,
            payload: { ...event, data: { ...event.data } },
          },
        ],
      }),
    );
    s.service.notifier?.wake();
    const entry = await notificationOnce(s, event.id, (e) => e['status'] === 'delivered');
    assert.equal(entry?.['type'], 'refund.requested');
    const got = shop.received.find((r) => r.headers['webhook-id'] === event.id);
    assert.ok(got, 'posted');
    assert.deepEqual(JSON.parse(got.body), {
      type: 'refund.requested',
      timestamp: event.created_at,
      livemode: false,
      data: event.data,
    });
    assert.ok(String(got.headers['webhook-signature']).startsWith('v1,'));
    const list = (await (await s.api('/api/notifications')).json()) as {
      notifications: Array<{ id: string }>;
    };
    assert.ok(
      list.notifications.some((n) => n.id === event.id),
      'in the delivery log',
    );
  });
});
