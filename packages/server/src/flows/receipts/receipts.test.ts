// Receipts against the real emulator: a paid session's view links its receipt, the receipt says who
// was paid, what for, how much, when, the transfer (the transaction's `ref`) and the account, under the next number of the
// merchant's sequence; a paid invoice gets one too; a tampered link is a 404 that asks the provider
// nothing; numbers stay one sequence with no gap or repeat when payments land on two kits at once.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { InvoiceViewModel, ReceiptView, SessionView } from '@pay-elements/protocol';
import { fixtures } from '@pay-elements/sandbox';
import {
  creditedEvent,
  jsonPost,
  startWorld,
  TransferAnswer,
  WEBHOOK_SECRET,
} from '@pay-elements/testing/kit-world';
import { createPayHandler } from '../../handler.js';
import { flipBit } from '../../testing/tokens.js';

const receiptUrl = (token: string) => `https://shop.example/receipts/${token}`;
const merchant = { name: 'Ada’s Fabrics', logo_url: 'https://shop.example/logo.png' };

async function paidWorld() {
  const world = await startWorld({ kit: { receiptUrl, merchant, webhookSecret: WEBHOOK_SECRET } });
  async function pay(orderId: string, amount: string) {
    world.orders.set(orderId, {
      amount,
      currency: 'NGN',
      customer_id: world.customerId,
      display: { order: { title: 'Ankara tote bag', reference: `#${orderId}` } },
    });
    const opened = SessionView.parse(
      await (await world.request('/pay/sessions', jsonPost({ order_id: orderId }))).json(),
    );
    const transfer = await world.control('/transfers', {
      account_number: opened.account.account_number,
      amount: Number(amount),
    });
    const transaction = TransferAnswer.parse(transfer).data;
    assert.equal((await world.webhook(creditedEvent(`evt_${orderId}`, opened, transaction))).status, 200);
    await world.kit.watcher.idle();
    const paid = SessionView.parse(await (await world.request(`/pay/sessions/${opened.id}`)).json());
    return { opened, paid, transaction };
  }
  const receiptOf = async (url: string | undefined) => {
    assert.ok(url, 'the view links a receipt');
    const token = url.slice(receiptUrl('').length);
    const response = await world.request(`/pay/receipts/${token}`);
    assert.equal(response.status, 200, await response.clone().text());
    return ReceiptView.parse(await response.json());
  };
  return { world, pay, receiptOf };
}

describe('receipts', () => {
  it('links a paid session’s receipt, which says who, what, how much, when, the transfer (by its ref) and the account', async () => {
    const { world, pay, receiptOf } = await paidWorld();
    try {
      const { opened, paid, transaction } = await pay('r-1', '4500.00');
      assert.equal(opened.receipt_url, undefined, 'no receipt while pending');
      const receipt = await receiptOf(paid.receipt_url);
      assert.deepEqual(receipt, {
        number: 'R-000001',
        kind: 'session',
        merchant,
        title: 'Ankara tote bag',
        reference: '#r-1',
        amount: '4500.00',
        currency: 'NGN',
        paid_at: paid.paid_at,
        // the reference the provider's API names the transfer by, not its id
        transfer_reference: transaction.ref,
        account: opened.account,
        issued_at: receipt.issued_at,
      });
      const second = await pay('r-2', '100.50');
      assert.equal((await receiptOf(second.paid.receipt_url)).number, 'R-000002', 'the next of the sequence');
    } finally {
      await world.close();
    }
  });

  it('gives a paid invoice a receipt, linked from its view', async () => {
    const { world, receiptOf } = await paidWorld();
    try {
      const { riceOrder } = fixtures.invoices;
      await world.control(`/invoices/${riceOrder.number}/pay`);
      const paidEvent = {
        id: 'evt_rice_paid',
        type: 'invoice.paid',
        created_at: new Date().toISOString(),
        data: { invoice_number: riceOrder.number, total: '3520.00', currency: 'NGN' },
      };
      assert.equal((await world.webhook(paidEvent)).status, 200);
      await world.kit.watcher.idle();
      const view = InvoiceViewModel.parse(
        await (await world.request(`/pay/invoices/${world.kit.invoiceToken(riceOrder.number)}`)).json(),
      );
      const receipt = await receiptOf(view.receipt_url);
      assert.equal(receipt.kind, 'invoice');
      assert.equal(receipt.reference, riceOrder.number);
      assert.equal(receipt.amount, '3520.00');
      assert.equal(receipt.account.account_number, view.payment_details.account_number);
      assert.equal(receipt.number, 'R-000001');
    } finally {
      await world.close();
    }
  });

  it('answers a tampered, foreign or unknown receipt link 404, asking the provider nothing', async () => {
    const { world, pay } = await paidWorld();
    try {
      const { paid } = await pay('r-3', '20.00');
      const token = (paid.receipt_url ?? '').slice(receiptUrl('').length);
      const calls = world.calls.length;
      const flipped = flipBit(token, -1);
      for (const bad of [
        flipped,
        world.kit.invoiceToken('INV-1'),
        world.kit.receiptToken({ sessionId: 'ses_none' }),
        'x',
      ])
        assert.equal((await world.request(`/pay/receipts/${bad}`)).status, 404, bad);
      assert.equal(world.calls.length, calls, 'no provider call');
    } finally {
      await world.close();
    }
  });

  it('numbers receipts as one sequence, no gap or repeat, when a dozen payments land at once; another kit on the store reads them', async () => {
    const { world, pay } = await paidWorld();
    const other = createPayHandler({
      client: world.client,
      clock: world.sandbox.clock,
      store: world.kit.store,
      resolveOrder: (id) => world.orders.get(id) ?? null,
      webhookSecret: WEBHOOK_SECRET,
      tokenSecret: 'pay-elements server tests token secret',
      receiptUrl,
    });
    try {
      const orders = Array.from({ length: 12 }, (_, i) => `seq-${i}`);
      const paid = await Promise.all(orders.map((id) => pay(id, '10.00')));
      await Promise.all([world.kit.watcher.idle(), other.watcher.idle()]);
      const numbers = await Promise.all(
        paid.map(async ({ paid: view }) => {
          const token = (view.receipt_url ?? '').slice(receiptUrl('').length);
          const answer = await other.fetch(new Request(`http://shop.test/pay/receipts/${token}`));
          return ReceiptView.parse(await answer.json()).number;
        }),
      );
      assert.deepEqual(
        [...numbers].sort(),
        orders.map((_, i) => `R-${String(i + 1).padStart(6, '0')}`),
      );
    } finally {
      await other.close();
      await world.close();
    }
  });
});
