// An endpoint answering `410 Gone` is disabled, as Standard Webhooks says (issue 46 #11: it was retried
// for 52 hours): no attempt for any event whatever the clock does, said in the log, the metrics and the
// delivery log, until a resend enables it again or PAY_NOTIFY_URL changes; on the emulator's clock.
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { Notifier } from './notifier.js';
import {
  merchantEndpoint,
  notificationOnce,
  NOTIFY_SECRET,
  paidSession,
  startTestService,
  type MerchantEndpoint,
  type Started,
} from '../testing/service.js';

const quiet = { debug: () => {}, info: () => {}, warn: () => {}, error: () => {} };

describe('an endpoint that answers 410 Gone', () => {
  let s: Started;
  let shop: MerchantEndpoint;
  let moved: MerchantEndpoint;
  before(async () => {
    shop = await merchantEndpoint();
    moved = await merchantEndpoint();
    s = await startTestService({
      PAY_NOTIFY_URL: shop.url,
      PAY_NOTIFY_SECRET: NOTIFY_SECRET,
      PAY_METRICS_PORT: '0',
    });
  });
  after(async () => {
    await s.close();
    await shop.close();
    await moved.close();
  });

  const metrics = async () => (await fetch(s.service.metricsUrl ?? '')).text();

  /** The emulator's clock moved `hours`, a minute at a time, the notifier told each time. */
  async function hoursPass(hours: number): Promise<void> {
    for (let minute = 0; minute < hours * 60; minute++) {
      s.clock.advance(60_000);
      s.service.notifier?.wake();
      if (minute % 60 === 0) await new Promise((resolve) => setTimeout(resolve, 5));
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }

  it('is attempted once, then nothing for any event for 60 hours; the log, metrics and delivery log say so', async () => {
    shop.answers.push(...Array.from({ length: 20 }, () => 410));
    const gone = `session.paid.${await paidSession(s, 'gone-1')}`;
    await shop.until(1);
    const entry = await notificationOnce(s, gone, (e) => e['status'] === 'disabled');
    assert.equal(entry?.['last_result'], '410');
    const later = `session.paid.${await paidSession(s, 'gone-2')}`;
    await hoursPass(60);
    assert.equal(shop.received.length, 1, 'one attempt in all');
    assert.equal((await notificationOnce(s, later, () => true))?.['status'], 'disabled');
    const list = (await (await s.api('/api/notifications')).json()) as {
      notifications: Array<{ id: string; status: string }>;
      endpoint: { status: string; disabled_by?: string };
    };
    assert.deepEqual(list.endpoint.status, 'disabled');
    assert.equal(list.endpoint.disabled_by, gone);
    assert.deepEqual(
      list.notifications.map((n) => n.status),
      ['disabled', 'disabled'],
    );
    const line = s.lines.filter((l) => l.startsWith('error notification session.paid answered 410 Gone'));
    assert.equal(line.length, 1, s.lines.join('\n'));
    assert.match(line[0] ?? '', /until PAY_NOTIFY_URL changes or a notification is resent/);
    const text = await metrics();
    assert.match(text, /^pay_service_notify_endpoint_disabled 1$/m);
    assert.match(text, /^pay_service_notifications_total\{type="session.paid",outcome="disabled"\} 1$/m);
  });

  it('a new PAY_NOTIFY_URL starts enabled and is sent what is owed', async () => {
    const elsewhere = new Notifier({
      state: s.service.kit.state,
      url: moved.url,
      secrets: [NOTIFY_SECRET],
      livemode: false,
      clock: s.clock,
      logger: quiet,
      timeoutMs: 2000,
    });
    assert.equal(await elsewhere.endpointDisabled(), null);
    assert.notEqual(await s.service.notifier?.endpointDisabled(), null, 'the old URL still disabled');
    elsewhere.start();
    try {
      const got = await moved.until(2);
      assert.deepEqual(
        got.map((r) => r.status),
        [200, 200],
      );
    } finally {
      await elsewhere.stop();
    }
  });

  it('a resend enables it again, once a minute per event: the event is delivered, the metric back to 0', async () => {
    shop.answers.length = 0;
    const gone = `session.paid.${await paidSession(s, 'gone-3')}`;
    // the moved endpoint's notifier is stopped: this event is owed to the disabled one alone
    await hoursPass(1);
    assert.equal(shop.received.length, 1);
    shop.answers.push(410);
    const resend = () => s.api(`/api/notifications/${gone}/resend`, { method: 'POST' });
    assert.equal((await resend()).status, 202);
    await shop.until(2);
    await notificationOnce(s, gone, (e) => e['status'] === 'disabled');
    const statuses = [];
    for (let i = 0; i < 20; i++) statuses.push((await resend()).status);
    await new Promise((resolve) => setTimeout(resolve, 200));
    assert.deepEqual(new Set(statuses), new Set([429]), 'gone again: no resend tries it before a minute');
    assert.equal(shop.received.length, 2);
    s.clock.advance(60_000);
    assert.equal((await resend()).status, 202);
    const entry = await notificationOnce(s, gone, (e) => e['status'] === 'delivered');
    assert.equal(entry?.['last_result'], '200');
    assert.equal(shop.received.length, 3);
    const enabled = s.lines.filter((l) =>
      l.startsWith(`warn notifications: the endpoint is enabled again (resend of ${gone})`),
    );
    assert.equal(enabled.length, 2);
    const list = (await (await s.api('/api/notifications')).json()) as { endpoint: { status: string } };
    assert.equal(list.endpoint.status, 'enabled');
    assert.match(await metrics(), /^pay_service_notify_endpoint_disabled 0$/m);
  });
});
