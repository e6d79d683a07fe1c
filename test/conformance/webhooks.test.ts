// Webhooks: each kind of event is POSTed to the configured URL, signed so that verifyWebhook accepts
// it (on the emulator's clock), retried when the receiver fails, and never in the way of the answer.
import assert from 'node:assert/strict';
import { createServer, type Server } from 'node:http';
import { after, before, beforeEach, describe, it } from 'node:test';
import {
  CardWithdrawal,
  DynamicAccount,
  PaymentResult,
  SIGNATURE_HEADER,
  SignatureVerificationError,
  verifyWebhook,
  type WebhookEvent,
} from '@pay-elements/api';
import { fixtures } from '@pay-elements/sandbox';
import { boot, expectOk, type Harness } from './helpers.js';
import { webhookSecretFor } from '../support/webhook-secret.js';

const SECRET = webhookSecretFor('conformance');

interface Received {
  body: string;
  signature: string | undefined;
}

/** A receiver on loopback that records each delivery and answers `status()` to it. */
async function receiver(status: (n: number) => number) {
  const received: Received[] = [];
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      received.push({
        body: Buffer.concat(chunks).toString('utf8'),
        signature: req.headers[SIGNATURE_HEADER]?.toString(),
      });
      res.statusCode = status(received.length);
      res.end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  assert.ok(address && typeof address === 'object');
  return {
    url: `http://127.0.0.1:${address.port}/hooks`,
    received,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

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
      header: r.signature,
      now: Math.floor(h.sandbox.clock.now() / 1000),
    });

  it('sends virtual_account.credited for an inbound transfer, signed and verifiable', async () => {
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
    assert.equal(Date.parse(event.created_at), h.sandbox.clock.now());
    assert.deepEqual(event.data, {
      transaction: credit,
      account_number: account.account_no,
      account_reference: account.reference,
      customer_id: fixtures.customers.ada.id,
      amount: '1500.00',
      currency: 'NGN',
    });
  });

  it('signs so that a tampered body, another secret or a stale time fail verification', async () => {
    await h.control.payInvoice(fixtures.invoices.websiteRedesign.number);
    await h.sandbox.flushWebhooks();
    const [delivery] = hooks.received;
    assert.ok(delivery);
    const now = Math.floor(h.sandbox.clock.now() / 1000);
    assert.throws(
      () =>
        verifyWebhook({
          secret: SECRET,
          body: delivery.body.replace('287625.00', '1.00'),
          header: delivery.signature,
          now,
        }),
      SignatureVerificationError,
    );
    assert.throws(
      () => verifyWebhook({ secret: 'whsec_other', body: delivery.body, header: delivery.signature, now }),
      SignatureVerificationError,
    );
    assert.throws(
      () =>
        verifyWebhook({ secret: SECRET, body: delivery.body, header: delivery.signature, now: now + 3600 }),
      SignatureVerificationError,
    );
    assert.match(delivery.signature ?? '', new RegExp(`^t=${now},v1=[0-9a-f]{64}$`));
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

  it('retries a failing receiver, then gives up; the API answer never waits', async () => {
    const flaky = await receiver((n) => (n <= 2 ? 500 : 200));
    const down = await receiver(() => 503);
    const withFlaky = await boot({
      webhookUrl: flaky.url,
      webhookSecret: SECRET,
      webhookRetryDelaysMs: [5, 10],
    });
    const withDown = await boot({
      webhookUrl: down.url,
      webhookSecret: SECRET,
      webhookRetryDelaysMs: [5, 10],
    });
    try {
      await withFlaky.control.payInvoice(fixtures.invoices.riceOrder.number);
      await withFlaky.sandbox.flushWebhooks();
      assert.equal(flaky.received.length, 3, 'two failures, then delivered');
      assert.equal(new Set(flaky.received.map((r) => r.body)).size, 1, 'the same event each time');

      await withDown.control.payInvoice(fixtures.invoices.riceOrder.number);
      await withDown.sandbox.flushWebhooks();
      assert.equal(down.received.length, 3, 'one attempt and two retries');
    } finally {
      await Promise.all([withFlaky.sandbox.close(), withDown.sandbox.close(), flaky.close(), down.close()]);
    }
    const nowhere = await boot({ webhookUrl: 'http://127.0.0.1:9/unreachable', webhookRetryDelaysMs: [5] });
    try {
      const paid = await nowhere.control.payInvoice(fixtures.invoices.riceOrder.number);
      assert.equal(paid.status, 'paid', 'an unreachable receiver does not break the answer');
      await nowhere.sandbox.flushWebhooks();
    } finally {
      await nowhere.sandbox.close();
    }
  });
});
