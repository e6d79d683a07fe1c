// Webhooks: each kind of event is POSTed to the configured URL with Standard Webhooks signatures that
// the `standardwebhooks` package and our verifyWebhook both accept; failed deliveries are retried on
// the schedule as the emulator's clock moves, 410 disables the URL, and the delivery log shows it
// all and redelivers with the same id. The receivers are real node:http servers on loopback.
import assert from 'node:assert/strict';
import { after, before, beforeEach, describe, it } from 'node:test';
import { Webhook } from 'standardwebhooks';
import * as z from 'zod';
import {
  CardWithdrawal,
  DynamicAccount,
  PaymentResult,
  SignatureVerificationError,
  signWebhook,
  verifyWebhook,
  type WebhookEvent,
} from '@pay-elements/api';
import { fixtures, type Delivery } from '@pay-elements/sandbox';
import { webhookSecretFor } from '../support/webhook-secret.js';
import {
  RESTRICTED,
  boot,
  expectFailure,
  expectOk,
  receiver,
  type Harness,
  type Received,
} from './helpers.js';

const SECRET = webhookSecretFor('conformance');
const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

async function log(h: Harness): Promise<Delivery[]> {
  return h.control.webhooks();
}

const text = (r: Received, name: string) => String(r.headers[name] ?? '');

describe('webhooks', () => {
  let h: Harness;
  let hooks: Awaited<ReturnType<typeof receiver>>;
  before(async () => {
    hooks = await receiver(() => 204);
    h = await boot({ webhookUrl: hooks.url, webhookSecret: SECRET });
  });
  beforeEach(() => {
    h.sandbox.reset();
    hooks.received.length = 0;
  });
  after(async () => {
    await h.sandbox.close();
    await hooks.close();
  });

  const verified = (r: Received): WebhookEvent =>
    verifyWebhook({
      secret: SECRET,
      body: r.body,
      headers: r.headers,
      now: Math.floor(h.sandbox.clock.now() / 1000),
    });

  it('sends virtual_account.credited for an inbound transfer, with the Standard Webhooks headers', async () => {
    const account = expectOk(
      await h.call('/v1/virtual-accounts/dynamic', {
        method: 'POST',
        body: { customer_id: fixtures.customers.ada.id, amount: 1500, lifespan_minutes: 15 },
      }),
      DynamicAccount,
    );
    const credit = await h.control.transfer({ account_number: account.account_no, amount: 1500 });
    await h.sandbox.flushWebhooks();
    assert.equal(hooks.received.length, 1);
    const [delivery] = hooks.received;
    assert.ok(delivery);
    const event = verified(delivery);
    assert.equal(event.type, 'virtual_account.credited');
    assert.match(event.id, /^evt_/);
    assert.equal(text(delivery, 'webhook-id'), event.id);
    assert.equal(text(delivery, 'webhook-timestamp'), String(Math.floor(h.sandbox.clock.now() / 1000)));
    assert.match(text(delivery, 'webhook-signature'), /^v1,[A-Za-z0-9+/]{43}=$/);
    assert.equal(text(delivery, 'content-type'), 'application/json');
    assert.equal(Date.parse(event.created_at ?? ''), h.sandbox.clock.now());
    assert.deepEqual(event.data, {
      transaction: credit,
      account_number: account.account_no,
      account_reference: account.reference,
      customer_id: fixtures.customers.ada.id,
      amount: '1500.00',
      currency: 'NGN',
    });
  });

  it('refuses a tampered body, another secret, a stale or future time, and a body id that is not the header id', async () => {
    await h.control.payInvoice(fixtures.invoices.websiteRedesign.number);
    await h.sandbox.flushWebhooks();
    const [delivery] = hooks.received;
    assert.ok(delivery);
    const now = Math.floor(h.sandbox.clock.now() / 1000);
    const headers = delivery.headers as Record<string, string>;
    const refused = (options: Partial<Parameters<typeof verifyWebhook>[0]>) =>
      assert.throws(
        () => verifyWebhook({ secret: SECRET, body: delivery.body, headers, now, ...options }),
        SignatureVerificationError,
      );
    refused({ body: delivery.body.replace('287625.00', '1.00') });
    refused({ secret: webhookSecretFor('another') });
    refused({ now: now + 301 });
    refused({ now: now - 301 });
    refused({ headers: { ...headers, 'webhook-id': 'evt_other' } });
    refused({ headers: { ...headers, 'webhook-signature': 'v2,abc' } });
    refused({ headers: { ...headers, 'webhook-timestamp': 'soon' } });
    const { 'webhook-signature': _, ...unsigned } = headers;
    refused({ headers: unsigned });
    // a body whose id is not the signed webhook-id, signed all the same, is refused too
    const swapped = delivery.body.replace(/"id":"evt_[0-9a-f]+"/, '"id":"evt_swapped"');
    const resigned = signWebhook({
      secret: SECRET,
      id: headers['webhook-id'] ?? '',
      timestamp: now,
      body: swapped,
    });
    refused({ body: swapped, headers: resigned });
    // inside the window either way it is accepted
    assert.equal(
      verifyWebhook({ secret: SECRET, body: delivery.body, headers, now: now + 299 }).type,
      'invoice.paid',
    );
  });

  it('accepts any one of several space-separated signatures (a rotated secret)', () => {
    const body = JSON.stringify({
      id: 'evt_rotated',
      type: 'invoice.paid',
      created_at: '2025-01-15T10:00:00.000Z',
      data: { invoice_number: 'INV-1', total: '1.00', currency: 'NGN' },
    });
    const old = signWebhook({ secret: webhookSecretFor('old'), id: 'evt_rotated', timestamp: 1000, body });
    const current = signWebhook({ secret: SECRET, id: 'evt_rotated', timestamp: 1000, body });
    const headers = {
      ...current,
      'webhook-signature': `${old['webhook-signature'] ?? ''} ${current['webhook-signature'] ?? ''}`,
    };
    assert.equal(verifyWebhook({ secret: SECRET, body, headers, now: 1000 }).id, 'evt_rotated');
    assert.throws(
      () => verifyWebhook({ secret: webhookSecretFor('third'), body, headers, now: 1000 }),
      SignatureVerificationError,
    );
  });

  it('refuses a secret that is not whsec_ + base64 of 24 to 64 bytes', async () => {
    for (const secret of [
      'whsec_sandbox_local',
      'sandbox',
      `whsec_${Buffer.alloc(16).toString('base64')}`,
      `whsec_${Buffer.alloc(65).toString('base64')}`,
    ]) {
      assert.throws(() => signWebhook({ secret, id: 'evt_x', timestamp: 1, body: '{}' }), TypeError, secret);
      await assert.rejects(boot({ webhookSecret: secret }), /webhookSecret/, secret);
    }
  });

  it('sends invoice.paid, card.withdrawn and payment.sent', async () => {
    await h.control.payInvoice(fixtures.invoices.riceOrder.number);
    const withdrawal = expectOk(
      await h.call(`/v1/cards/${fixtures.cards.emilyUsd.id}/withdraw`, {
        method: 'POST',
        body: { currency: 'USD', amount: 20 },
      }),
      CardWithdrawal,
    );
    const payment = expectOk(
      await h.call('/v1/payments/send', {
        method: 'POST',
        body: {
          from_amount: 75,
          from_wallet_id: fixtures.wallets.GHS.id,
          to_currency: 'GHS',
          payment_method: 'bank_transfer',
          info: { account_number: '1234567890', bank_code: '130100', account_name: 'Yaw Boateng' },
          reference: 'hook-pay-1',
        },
      }),
      PaymentResult,
    );
    await h.sandbox.flushWebhooks();
    const events = hooks.received.map(verified);
    const byType = new Map(events.map((e) => [e.type, e.data]));
    assert.deepEqual([...byType.keys()].sort(), ['card.withdrawn', 'invoice.paid', 'payment.sent']);
    assert.deepEqual(byType.get('invoice.paid'), {
      invoice_number: fixtures.invoices.riceOrder.number,
      total: fixtures.invoices.riceOrder.total,
      currency: 'GHS',
    });
    assert.deepEqual(byType.get('card.withdrawn'), {
      card_id: fixtures.cards.emilyUsd.id,
      transaction_reference: withdrawal.transaction_reference,
      amount: '20.00',
      currency: 'usd',
    });
    assert.deepEqual(byType.get('payment.sent'), {
      transaction_ref: payment.transaction_ref,
      from_wallet_id: fixtures.wallets.GHS.id,
      from_amount: 75,
      reference: 'hook-pay-1',
    });
    assert.equal(new Set(events.map((e) => e.id)).size, 3, 'each event has its own id');
  });

  it('logs each delivery: GET /_sandbox/webhooks, newest first', async () => {
    await h.control.payInvoice(fixtures.invoices.riceOrder.number);
    await h.control.payInvoice(fixtures.invoices.websiteRedesign.number);
    await h.sandbox.flushWebhooks();
    const entries = await log(h);
    const ids = hooks.received.map((r) => text(r, 'webhook-id'));
    assert.deepEqual(
      entries.map((e) => e.id),
      [...ids].reverse(),
    );
    assert.deepEqual(
      entries.map(({ id: _, created_at: _c, ...rest }) => rest),
      [0, 1].map(() => ({
        type: 'invoice.paid',
        url: hooks.url,
        attempts: 1,
        delivered: true,
        last_status: 204,
        last_error: null,
        next_attempt_at: null,
        endpoint_disabled: false,
      })),
    );
    expectFailure(
      await h.call('/_sandbox/webhooks', { key: RESTRICTED }),
      403,
      'unauthorized access: permission denied',
    );
  });

  it('redelivers with the same id and body, signed anew', async () => {
    await h.control.payInvoice(fixtures.invoices.riceOrder.number);
    await h.sandbox.flushWebhooks();
    const [first] = hooks.received;
    assert.ok(first);
    const id = text(first, 'webhook-id');
    h.sandbox.clock.advance(MINUTE);
    const answer = await h.control.redeliver(id); // POST /_sandbox/webhooks/{id}/redeliver
    assert.equal(answer.id, id);
    await h.sandbox.flushWebhooks();
    const second = hooks.received[1];
    assert.ok(second);
    assert.equal(text(second, 'webhook-id'), id);
    assert.equal(second.body, first.body);
    assert.equal(Number(text(second, 'webhook-timestamp')) - Number(text(first, 'webhook-timestamp')), 60);
    assert.equal(verified(second).id, id);
    const [entry] = await log(h);
    assert.equal(entry?.attempts, 2);
    assert.equal(entry?.delivered, true);
    expectFailure(
      await h.call('/_sandbox/webhooks/evt_nope/redeliver', { method: 'POST' }),
      404,
      'webhook delivery was not found',
    );
  });
});

describe('webhook retries on the emulator clock', () => {
  it('retries a failing receiver at 5 s, 5 min, 30 min, 2 h, 5 h, 10 h and 10 h, then gives up', async () => {
    const down = await receiver(() => 500);
    const h = await boot({ webhookUrl: down.url, webhookSecret: SECRET });
    try {
      const started = h.sandbox.clock.now();
      const paid = await h.control.payInvoice(fixtures.invoices.riceOrder.number);
      assert.equal(paid.status, 'paid', 'the answer does not wait for the receiver');
      await h.sandbox.flushWebhooks();
      assert.equal(down.received.length, 1, 'the first attempt is at once');
      const schedule = [5_000, 5 * MINUTE, 30 * MINUTE, 2 * HOUR, 5 * HOUR, 10 * HOUR, 10 * HOUR];
      let due = started;
      for (const [i, wait] of schedule.entries()) {
        due += wait;
        const [entry] = await log(h);
        assert.equal(
          entry?.next_attempt_at,
          new Date(due).toISOString(),
          `retry ${i + 1} is due ${wait} ms later`,
        );
        assert.equal(entry?.last_status, 500);
        h.sandbox.clock.advance(due - h.sandbox.clock.now() - 1000);
        await h.sandbox.flushWebhooks();
        assert.equal(down.received.length, i + 1, `not a second early (retry ${i + 1})`);
        h.sandbox.clock.advance(1000);
        await h.sandbox.flushWebhooks();
        assert.equal(down.received.length, i + 2, `retry ${i + 1} when the clock reaches it`);
      }
      const [entry] = await log(h);
      assert.deepEqual(
        { attempts: entry?.attempts, delivered: entry?.delivered, next: entry?.next_attempt_at },
        { attempts: 8, delivered: false, next: null },
      );
      h.sandbox.clock.advance(24 * HOUR);
      await h.sandbox.flushWebhooks();
      assert.equal(down.received.length, 8, 'no attempt after the last');
      assert.equal(new Set(down.received.map((r) => r.body)).size, 1, 'the same event each time');
      assert.equal(new Set(down.received.map((r) => text(r, 'webhook-id'))).size, 1, 'under the same id');
    } finally {
      await h.sandbox.close();
      await down.close();
    }
  });

  it('delivers on the attempt after the failures; POST /_sandbox/clock makes the due retry go', async () => {
    const flaky = await receiver((n) => (n <= 2 ? 503 : 200));
    const h = await boot({ webhookUrl: flaky.url, webhookSecret: SECRET });
    try {
      await h.control.payInvoice(fixtures.invoices.riceOrder.number);
      await h.sandbox.flushWebhooks();
      await h.control.advanceClock(1); // past the 5 s retry, through the control API alone
      await flaky.count(2);
      await h.control.advanceClock(5);
      await flaky.count(3);
      await h.sandbox.flushWebhooks();
      const [entry] = await log(h);
      assert.deepEqual(
        {
          attempts: entry?.attempts,
          delivered: entry?.delivered,
          status: entry?.last_status,
          next: entry?.next_attempt_at,
        },
        { attempts: 3, delivered: true, status: 200, next: null },
      );
      const stamps = flaky.received.map((r) => Number(text(r, 'webhook-timestamp')));
      assert.deepEqual(
        stamps.map((t) => t - (stamps[0] ?? 0)),
        [0, 60, 360],
        'each attempt is signed at its own time',
      );
    } finally {
      await h.sandbox.close();
      await flaky.close();
    }
  });

  it('retries a connection error like a failure', async () => {
    const h = await boot({ webhookUrl: 'http://127.0.0.1:9/unreachable', webhookSecret: SECRET });
    try {
      const paid = await h.control.payInvoice(fixtures.invoices.riceOrder.number);
      assert.equal(paid.status, 'paid', 'an unreachable receiver does not break the answer');
      await h.sandbox.flushWebhooks();
      const [entry] = await log(h);
      assert.equal(entry?.attempts, 1);
      assert.equal(entry?.last_status, null);
      assert.ok(entry?.last_error, 'the connection error is in the log');
      assert.equal(entry?.next_attempt_at, new Date(h.sandbox.clock.now() + 5_000).toISOString());
    } finally {
      await h.sandbox.close();
    }
  });

  it('410 disables the endpoint: nothing more is sent to it until a redelivery', async () => {
    let answer = 410;
    const gone = await receiver(() => answer);
    const h = await boot({ webhookUrl: gone.url, webhookSecret: SECRET });
    try {
      await h.control.payInvoice(fixtures.invoices.riceOrder.number);
      await h.sandbox.flushWebhooks();
      await h.control.payInvoice(fixtures.invoices.websiteRedesign.number);
      h.sandbox.clock.advance(24 * HOUR);
      await h.sandbox.flushWebhooks();
      assert.equal(gone.received.length, 1, 'one attempt, then nothing');
      const [later, first] = await log(h);
      assert.deepEqual(
        {
          attempts: first?.attempts,
          status: first?.last_status,
          next: first?.next_attempt_at,
          disabled: first?.endpoint_disabled,
        },
        { attempts: 1, status: 410, next: null, disabled: true },
      );
      assert.deepEqual(
        {
          attempts: later?.attempts,
          next: later?.next_attempt_at,
          disabled: later?.endpoint_disabled,
          error: later?.last_error,
        },
        { attempts: 0, next: null, disabled: true, error: 'endpoint disabled (410 Gone)' },
      );
      answer = 200;
      await h.call(`/_sandbox/webhooks/${later?.id ?? ''}/redeliver`, { method: 'POST' });
      await h.sandbox.flushWebhooks();
      assert.equal(gone.received.length, 2, 'a redelivery enables the endpoint again');
      const [after] = await log(h);
      assert.equal(after?.delivered, true);
      assert.equal(after?.endpoint_disabled, false);
    } finally {
      await h.sandbox.close();
      await gone.close();
    }
  });
});

describe('a merchant verifying with the standardwebhooks package', () => {
  it('verifies every delivery the emulator makes, and refuses a tampered one', async () => {
    const hooks = await receiver(() => 200);
    // standardwebhooks checks the timestamp against the real time: a clock that starts now
    const h = await boot({ webhookUrl: hooks.url, webhookSecret: SECRET, clock: undefined });
    try {
      await h.control.payInvoice(fixtures.invoices.riceOrder.number);
      await h.control.transfer({
        account_number: fixtures.virtualAccounts.adaNgn.account_number,
        amount: 250,
      });
      await h.sandbox.flushWebhooks();
      assert.equal(hooks.received.length, 2);
      const merchant = new Webhook(SECRET);
      for (const delivery of hooks.received) {
        const headers = delivery.headers as Record<string, string>;
        const payload = z
          .object({ id: z.string(), type: z.string() })
          .parse(merchant.verify(delivery.body, headers));
        assert.equal(payload.id, headers['webhook-id']);
        assert.throws(() => merchant.verify(delivery.body.replace('"data"', '"data" '), headers));
      }
      // and the other way: what standardwebhooks signs, our verifier accepts
      const body = hooks.received[0]?.body ?? '';
      const id = String(hooks.received[0]?.headers['webhook-id']);
      const at = new Date();
      const signature = merchant.sign(id, at, body);
      const ours = verifyWebhook({
        secret: SECRET,
        body,
        headers: {
          'webhook-id': id,
          'webhook-timestamp': String(Math.floor(at.getTime() / 1000)),
          'webhook-signature': signature,
        },
      });
      assert.equal(ours.id, id);
    } finally {
      await h.sandbox.close();
      await hooks.close();
    }
  });
});
