// POST /webhooks: the emulator delivering to the kit on node:http, and signed posts made by hand.
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { createHmac } from 'node:crypto';
import { SignatureVerificationError, signWebhook, WebhookEvent, type Transaction } from '@pay-elements/api';
import { ErrorBody, SessionView } from '@pay-elements/protocol';
import {
  creditedEvent,
  jsonPost,
  START,
  startWorld,
  TransferAnswer,
  WEBHOOK_SECRET,
  type World,
} from '@pay-elements/testing/kit-world';

/** The world's frozen clock, in unix seconds. */
const NOW = Math.floor(START / 1000);

async function openSession(world: World, amount: string, orderId: string): Promise<SessionView> {
  world.orders.set(orderId, { amount, currency: 'NGN', customer_id: world.customerId });
  const response = await world.request('/pay/sessions', jsonPost({ order_id: orderId }));
  assert.equal(response.status, 201);
  return SessionView.parse(await response.json());
}

describe('webhooks delivered by the emulator', () => {
  let world: World;
  before(async () => {
    world = await startWorld({ webhooks: true });
  });
  after(async () => {
    await world.close();
    assert.deepEqual(world.leaks(), []);
  });

  it('marks the session paid from the credited event alone, and onPaid runs once', async () => {
    const session = await openSession(world, '2500.00', 'order-wh');
    const callsBefore = world.transactionsCalls();
    const transfer = await world.control('/transfers', {
      account_number: session.account.account_number,
      amount: 2500,
    });
    assert.equal(transfer.status, true);
    await world.sandbox.flushWebhooks();
    const stored = await world.kit.getSession(session.id);
    assert.equal(stored?.status, 'paid');
    assert.equal(stored?.transactionId, TransferAnswer.parse(transfer).data.id);
    assert.equal(world.transactionsCalls(), callsBefore, 'no poll was needed');
    await world.kit.watcher.idle();
    assert.deepEqual(
      world.paid.map((s) => s.id),
      [session.id],
    );
    // a poll afterwards agrees and calls nothing again
    world.advance(5000);
    const polled = SessionView.parse(await (await world.request(`/pay/sessions/${session.id}`)).json());
    assert.equal(polled.status, 'paid');
    await world.kit.watcher.idle();
    assert.equal(world.paid.length, 1);
  });

  it('serves the webhook route through node:http with the 256 KiB limit', async () => {
    const url = `${world.kitUrl ?? ''}/pay/webhooks`;
    const padded = JSON.stringify({ pad: 'x'.repeat(200 * 1024) });
    const within = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: padded,
    });
    assert.equal(within.status, 400, 'read in full, refused for its signature');
    const over = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ pad: 'x'.repeat(300 * 1024) }),
    });
    assert.equal(over.status, 413);
    assert.equal(ErrorBody.parse(await over.json()).error.code, 'payload_too_large');
  });
});

describe('webhooks posted by hand', () => {
  let world: World;
  let transfers = 0;
  before(async () => {
    world = await startWorld({ kit: { webhookSecret: WEBHOOK_SECRET } });
  });
  after(async () => {
    await world.close();
    assert.deepEqual(world.leaks(), []);
  });

  async function paidSession(amount: string): Promise<{ session: SessionView; transaction: Transaction }> {
    const session = await openSession(world, amount, `order-hand-${++transfers}`);
    const transfer = await world.control('/transfers', {
      account_number: session.account.account_number,
      amount: Number(amount),
    });
    return { session, transaction: TransferAnswer.parse(transfer).data };
  }

  async function status(id: string): Promise<string | undefined> {
    return (await world.kit.getSession(id))?.status;
  }

  it('refuses a bad signature, a missing one and a tampered body with 400', async () => {
    const { session, transaction } = await paidSession('100.00');
    const event = creditedEvent('evt_bad_sig', session, transaction);
    const other = `whsec_${Buffer.from('not the secret this kit was given').toString('base64')}`;
    const wrong = await world.webhook(event, { secret: other });
    assert.equal(wrong.status, 400);
    assert.deepEqual(ErrorBody.parse(await wrong.json()), {
      error: { code: 'invalid_request', message: 'The webhook signature is not valid.' },
    });
    const missing = await world.request('/pay/webhooks', jsonPost(event));
    assert.equal(missing.status, 400);
    const tampered = await world.request('/pay/webhooks', {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        ...signWebhook({ secret: WEBHOOK_SECRET, id: event.id, timestamp: NOW, body: JSON.stringify(event) }),
      },
      body: JSON.stringify({ ...event, created_at: '2000-01-01T00:00:00Z' }),
    });
    assert.equal(tampered.status, 400);
    assert.equal(await status(session.id), 'pending');
  });

  it('refuses a replay signed outside the tolerance', async () => {
    const { session, transaction } = await paidSession('101.00');
    const event = creditedEvent('evt_replay', session, transaction);
    assert.equal((await world.webhook(event, { timestamp: NOW - 301 })).status, 400);
    assert.equal((await world.webhook(event, { timestamp: NOW + 301 })).status, 400);
    assert.equal(await status(session.id), 'pending');
    assert.equal((await world.webhook(event, { timestamp: NOW - 299 })).status, 200);
    assert.equal(await status(session.id), 'paid');
  });

  it('pays on a valid event once; a duplicate of the event id changes nothing', async () => {
    const { session, transaction } = await paidSession('102.00');
    const first = await world.webhook(creditedEvent('evt_once', session, transaction));
    assert.equal(first.status, 200);
    assert.equal((await world.webhook(creditedEvent('evt_once', session, transaction))).status, 200);
    await world.kit.watcher.idle();
    assert.equal(world.paid.filter((s) => s.id === session.id).length, 1);

    // an event id already processed is not processed again, even if its content differs
    const other = await paidSession('103.00');
    const wrongAmount = creditedEvent('evt_dup', other.session, other.transaction, '1.00');
    assert.equal((await world.webhook(wrongAmount)).status, 200);
    assert.equal(await status(other.session.id), 'pending', 'a wrong amount pays nothing');
    assert.equal(
      (await world.webhook(creditedEvent('evt_dup', other.session, other.transaction))).status,
      200,
    );
    assert.equal(await status(other.session.id), 'pending', 'the duplicate id was ignored');
    assert.equal(
      (await world.webhook(creditedEvent('evt_dup_2', other.session, other.transaction))).status,
      200,
    );
    assert.equal(await status(other.session.id), 'paid');
  });

  it('never pays on a credit whose transaction failed or is not a transfer', async () => {
    const { session, transaction } = await paidSession('105.00');
    for (const [id, changed] of [
      ['evt_failed', { status: 'failed' }],
      ['evt_processing', { status: 'processing' }],
      ['evt_debit', { entry: 'debit' }],
      ['evt_fee', { type: 'fee' }],
    ] as const) {
      const event = creditedEvent(id, session, { ...transaction, ...changed });
      assert.equal((await world.webhook(event)).status, 200, `${id} is acknowledged`);
      assert.equal(await status(session.id), 'pending', `${id} pays nothing`);
    }
    assert.ok(
      world.logs.some((l) => l.startsWith('warn credit does not pay the session') && l.includes('failed')),
    );
    assert.equal((await world.webhook(creditedEvent('evt_success', session, transaction))).status, 200);
    assert.equal(await status(session.id), 'paid', 'the successful credit pays it');
    await world.kit.watcher.idle();
    assert.equal(world.paid.filter((s) => s.id === session.id).length, 1);
  });

  it('acknowledges events it has no use for', async () => {
    const { session, transaction } = await paidSession('104.00');
    const stranger = { ...creditedEvent('evt_stranger', session, transaction) };
    stranger.data = { ...stranger.data, account_reference: 'DVA-not-ours' };
    assert.equal((await world.webhook(stranger)).status, 200);
    assert.equal(await status(session.id), 'pending');
    const invoice = {
      id: 'evt_invoice',
      type: 'invoice.paid',
      created_at: '2026-11-21T10:00:00Z',
      data: { invoice_number: 'INV-1', total: '10.00', currency: 'NGN' },
    };
    assert.equal((await world.webhook(invoice)).status, 200);
  });

  it('tells a signed event whose shape drifted from a forgery: acknowledged, logged and counted as malformed, never refused', async () => {
    const outcomes: string[] = [];
    const observed = await startWorld({
      kit: { webhookSecret: WEBHOOK_SECRET, observer: { webhook: (o) => void outcomes.push(o) } },
    });
    try {
      const session = await openSession(observed, '300.00', 'order-drift');
      const transfer = await observed.control('/transfers', {
        account_number: session.account.account_number,
        amount: 300,
      });
      const transaction = TransferAnswer.parse(transfer).data;
      const event = creditedEvent('evt_drift', session, transaction);
      const variants = [
        { ...event, id: 'evt_drift_number', data: { ...event.data, amount: 300 } },
        { ...event, id: 'evt_drift_missing', data: { ...event.data, customer_id: undefined } },
        { ...event, id: 'evt_drift_txn', data: { ...event.data, transaction: { id: transaction.id } } },
        { ...event, id: 'evt_drift_nodata', data: null },
      ];
      for (const drifted of variants) {
        const response = await observed.webhook(drifted);
        assert.equal(response.status, 200, `${drifted.id}: ${await response.clone().text()}`);
        assert.deepEqual(await response.json(), { received: true });
      }
      assert.deepEqual(outcomes, ['malformed', 'malformed', 'malformed', 'malformed']);
      assert.ok(
        observed.logs.some(
          (l) => l.startsWith('warn signed webhook not of its type') && l.includes('evt_drift_number'),
        ),
      );
      assert.ok(!observed.logs.some((l) => l.includes('webhook refused')), 'no line the forging alert reads');
      // the watcher, the safety net, still finds the credit
      observed.advance(5000);
      await observed.request(`/pay/sessions/${session.id}`);
      assert.equal((await observed.kit.getSession(session.id))?.status, 'paid');
    } finally {
      await observed.close();
    }
  });

  it('accepts only JSON', async () => {
    const response = await world.request('/pay/webhooks', {
      method: 'POST',
      headers: { 'content-type': 'text/plain' },
      body: 'hello',
    });
    assert.equal(response.status, 415);
  });
});

describe('webhooks of a provider that signs another way', () => {
  const key = 'hex-hmac-key-of-another-provider';
  let world: World;
  let transfers = 0;
  before(async () => {
    world = await startWorld({
      kit: {
        // e.g. `X-Other-Signature: <hex HMAC-SHA256 of the body>`
        webhookVerifier: ({ body, headers }) => {
          const expected = createHmac('sha256', key).update(body).digest('hex');
          if (headers.get('x-other-signature') !== expected)
            throw new SignatureVerificationError('signature mismatch');
          return WebhookEvent.parse(JSON.parse(body));
        },
      },
    });
  });
  after(() => world.close());

  it('pays on what the verifier accepts and answers 400 for what it refuses', async () => {
    const session = await openSession(world, '250.00', `order-other-${++transfers}`);
    const transfer = await world.control('/transfers', {
      account_number: session.account.account_number,
      amount: 250,
    });
    const event = creditedEvent('evt_other_1', session, TransferAnswer.parse(transfer).data);
    const body = JSON.stringify(event);
    const post = (headers: Record<string, string>) =>
      world.request('/pay/webhooks', {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...headers },
        body,
      });
    // a Standard Webhooks signature means nothing to this kit: the verifier replaced that check
    const standard = await post(signWebhook({ secret: WEBHOOK_SECRET, id: event.id, timestamp: NOW, body }));
    assert.equal(standard.status, 400);
    assert.equal((await post({ 'x-other-signature': 'f'.repeat(64) })).status, 400);
    assert.equal((await world.kit.getSession(session.id))?.status, 'pending');
    const good = await post({ 'x-other-signature': createHmac('sha256', key).update(body).digest('hex') });
    assert.equal(good.status, 200);
    assert.equal((await world.kit.getSession(session.id))?.status, 'paid');
  });
});
