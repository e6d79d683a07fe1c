// The kit's side of the paid email (pay-service's receipt email), against the real emulator: a paid session whose order named the
// shopper owes one email in the paid transition's own commit (topic `sessions.paid-email`), handed to
// `sendPaidEmail` with what it says (amount, merchant, order reference, transfer, receipt link); none
// without an email or without a sender; a failure stays owed, its words logged with the address masked;
// the address in no view, event or log line. The email itself through SMTP: pay-service's tests.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { SessionView } from '@pay-elements/protocol';
import {
  creditedEvent,
  jsonPost,
  startWorld,
  TransferAnswer,
  WEBHOOK_SECRET,
} from '@pay-elements/testing/kit-world';
import type { PayEvent } from '../../flow.js';
import type { PayHandlerOptions } from '../../handler.js';
import { maskAddresses, type PaidEmail } from './paid-email.js';

const ADDRESS = 'grace.hopper@example.com';
const receiptUrl = (token: string) => `https://shop.example/receipts/${token}`;
const TOPIC = 'sessions.paid-email';

async function paying(kit: Partial<PayHandlerOptions>) {
  const events: PayEvent[] = [];
  const world = await startWorld({
    kit: {
      receiptUrl,
      merchant: { name: 'Ada’s Fabrics' },
      webhookSecret: WEBHOOK_SECRET,
      onEvent: (event) => void events.push(event),
      ...kit,
    },
  });
  async function pay(orderId: string, shopper: { email?: string; locale?: string } = { email: ADDRESS }) {
    world.orders.set(orderId, {
      amount: '4500.00',
      currency: 'NGN',
      customer_id: world.customerId,
      display: { order: { title: 'Ankara tote bag', reference: `#${orderId}` } },
      ...shopper,
    });
    const opened = SessionView.parse(
      await (await world.request('/pay/sessions', jsonPost({ order_id: orderId }))).json(),
    );
    const transfer = await world.control('/transfers', {
      account_number: opened.account.account_number,
      amount: 4500,
    });
    const transaction = TransferAnswer.parse(transfer).data;
    assert.equal((await world.webhook(creditedEvent(`evt_${orderId}`, opened, transaction))).status, 200);
    await world.kit.watcher.idle();
    const paid = SessionView.parse(await (await world.request(`/pay/sessions/${opened.id}`)).json());
    return { opened, paid, transaction };
  }
  return { world, pay, events };
}

describe('the receipt email a paid session owes', () => {
  it('hands the sender one mail with what the receipt says; the address in no view, event or log line', async () => {
    const sent: PaidEmail[] = [];
    const { world, pay, events } = await paying({ sendPaidEmail: (mail) => void sent.push(mail) });
    try {
      const { paid, transaction } = await pay('m-1', { email: ADDRESS, locale: 'fr' });
      assert.equal(paid.status, 'paid');
      assert.deepEqual(sent, [
        {
          to: ADDRESS,
          locale: 'fr',
          id: `paid-email.${paid.id}`,
          sessionId: paid.id,
          orderId: 'm-1',
          amount: '4500.00',
          currency: 'NGN',
          paidAt: paid.paid_at,
          merchantName: 'Ada’s Fabrics',
          orderTitle: 'Ankara tote bag',
          orderReference: '#m-1',
          transferReference: transaction.ref,
          viewFields: { receipt_url: paid.receipt_url },
        },
      ]);
      // a redelivered webhook and a sweep send nothing more
      await world.webhook(creditedEvent('evt_m-1', paid, transaction));
      await world.kit.watcher.sweep();
      await world.kit.watcher.idle();
      assert.equal(sent.length, 1);
      assert.deepEqual(
        await world.kit.store.outbox.due(TOPIC, Number.MAX_SAFE_INTEGER, 10),
        [],
        'nothing owed',
      );
      const seen = [...world.bodies, ...world.logs, JSON.stringify(events)].join('\n');
      assert.ok(events.some((e) => e.type === 'session.paid'));
      assert.ok(!seen.includes(ADDRESS), 'no address in a view, an event or a log line');
    } finally {
      await world.close();
    }
  });

  it('owes none for an order without an email, nor in a kit without a sender', async () => {
    const sent: PaidEmail[] = [];
    const withSender = await paying({ sendPaidEmail: (mail) => void sent.push(mail) });
    const without = await paying({});
    try {
      assert.equal((await withSender.pay('m-2', {})).paid.status, 'paid');
      assert.equal((await without.pay('m-3')).paid.status, 'paid');
      assert.equal(sent.length, 0);
      for (const { world } of [withSender, without])
        assert.deepEqual(await world.kit.store.outbox.due(TOPIC, Number.MAX_SAFE_INTEGER, 10), []);
    } finally {
      await withSender.world.close();
      await without.world.close();
    }
  });

  it('keeps a failed email owed, its error logged with the address masked', async () => {
    let tries = 0;
    const { world, pay } = await paying({
      sendPaidEmail: (mail) => {
        tries++;
        throw new Error(`550 5.1.1 <${mail.to}>: no such user (cc ${mail.to.toUpperCase()})`);
      },
    });
    try {
      const { paid } = await pay('m-4');
      assert.equal(paid.status, 'paid', 'the payment stands whatever the mail server says');
      assert.equal(tries, 1);
      const owed = await world.kit.store.outbox.due(TOPIC, Number.MAX_SAFE_INTEGER, 10);
      assert.deepEqual(
        owed.map((e) => [e.id, e.attempts]),
        [[paid.id, 1]],
      );
      const line = world.logs.find((l) => l.includes('sendPaidEmail failed; retried in 5 s'));
      assert.ok(line?.includes('550 5.1.1 <[address]>: no such user (cc [address])'), line);
      assert.ok(!world.logs.join('\n').toLowerCase().includes(ADDRESS));
    } finally {
      await world.close();
    }
  });

  it('refuses an order whose email is malformed, without logging it', async () => {
    const { world } = await paying({ sendPaidEmail: () => undefined });
    try {
      world.orders.set('m-5', {
        amount: '1.00',
        currency: 'NGN',
        customer_id: world.customerId,
        email: 'not an address',
      });
      const answer = await world.request('/pay/sessions', jsonPost({ order_id: 'm-5' }));
      assert.equal(answer.status, 500);
      assert.ok(world.logs.some((l) => l.includes('must be an email address')));
      assert.ok(!world.logs.join('\n').includes('not an address'), 'the value itself is not logged');
    } finally {
      await world.close();
    }
  });
});

describe('maskAddresses', () => {
  it('masks every address in a text, and nothing else', () => {
    assert.equal(
      maskAddresses('RCPT <a.b+c@mail.example.com> refused; "x@y.z", then 451 at 10:00'),
      'RCPT <[address]> refused; "[address]", then 451 at 10:00',
    );
  });
});
