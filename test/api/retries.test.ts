// What is repeated and what is not, counted on the wire, with failures injected into the emulator.
import { after, before, beforeEach, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { InternalServerError, type PayClient, type SendPaymentParams } from '@pay-elements/api';
import { startEmulator, type Emulator } from './harness.js';

let emulator: Emulator;

before(async () => {
  emulator = await startEmulator();
});
after(() => emulator.close());
beforeEach(async () => {
  await emulator.control('/reset');
  await emulator.control('/faults', undefined, 'DELETE');
});

async function paymentTo(pay: PayClient): Promise<SendPaymentParams> {
  const [bank] = await pay.banks.list('NG');
  const ngn = (await pay.wallets.list()).find((w) => w.currency === 'NGN');
  assert.ok(bank && ngn);
  return {
    from_amount: 100,
    from_wallet_id: ngn.id,
    to_currency: 'NGN',
    payment_method: 'bank_transfer',
    info: { account_number: '0123456789', bank_code: bank.code, account_name: 'Ada Obi' },
  };
}

/** The one transaction with this ref, and the wallet debit it accounts for (amount plus fee). */
async function debitOf(pay: PayClient, ref: string): Promise<number> {
  const { items } = await pay.transactions.list({ filter: `ref:${ref}` });
  assert.equal(items.length, 1, `one transaction ${ref}`);
  const [transaction] = items;
  assert.ok(transaction);
  return Number(transaction.amount) + Number(transaction.fee);
}

async function ngnBalance(pay: PayClient): Promise<number> {
  const ngn = (await pay.wallets.list()).find((w) => w.currency === 'NGN');
  assert.ok(ngn);
  return Number(ngn.balance);
}

describe('retries', () => {
  it('repeats a GET through two injected 503s, waiting what Retry-After asks, and answers', async () => {
    await emulator.control('/faults', { path_prefix: '/v1/wallets', method: 'GET', status: 503, times: 2 });
    const { pay, attempts, waits } = emulator.client();
    const wallets = await pay.wallets.list();
    assert.ok(wallets.length >= 4);
    assert.deepEqual(attempts, ['GET /v1/wallets', 'GET /v1/wallets', 'GET /v1/wallets']);
    // The emulator's injected 503 says `Retry-After: 1`: that, not the backoff, sets each wait.
    assert.deepEqual(waits, [1000, 1000]);
  });

  it('sends a POST without reference once: a 503 fails it and creates nothing', async () => {
    const { pay: reader } = emulator.client();
    const before = (await reader.invoices.list()).total;
    await emulator.control('/faults', { path_prefix: '/v1/invoices', method: 'POST', status: 503, times: 2 });
    const { pay, attempts } = emulator.client();
    const params = {
      email: 'buyer@example.com',
      items: [{ name: 'Tea', unit_price: 10, quantity: 1, currency: 'NGN', total: 10 }],
      payment_schedule: { type: 'one_time', due_date: '2030-01-31T00:00:00Z' },
    };
    await assert.rejects(pay.invoices.create(params), InternalServerError);
    assert.deepEqual(attempts, ['POST /v1/invoices']);
    assert.equal((await reader.invoices.list()).total, before);
    // The fault had a second shot left: the next call meets it, the one after goes through.
    await assert.rejects(pay.invoices.create(params), InternalServerError);
    await pay.invoices.create(params);
    assert.equal((await reader.invoices.list()).total, before + 1);
  });

  it('repeats a payment through 503s with one generated reference, debiting once', async () => {
    const { pay: reader } = emulator.client();
    const params = await paymentTo(reader);
    const before = await ngnBalance(reader);
    await emulator.control('/faults', { path_prefix: '/v1/payments/send', status: 503, times: 2 });
    const { pay, attempts } = emulator.client();
    const result = await pay.payments.send(params);
    assert.equal(attempts.length, 3);
    assert.equal(before - (await ngnBalance(reader)), await debitOf(reader, result.transaction_ref));
  });
});

describe('payment idempotency', () => {
  it('answers the same reference with the same payment, debited once', async () => {
    const { pay } = emulator.client();
    const params = { ...(await paymentTo(pay)), reference: 'order-1001' };
    const before = await ngnBalance(pay);
    const first = await pay.payments.send(params);
    const afterFirst = await ngnBalance(pay);
    const second = await pay.payments.send(params);
    assert.equal(second.transaction_ref, first.transaction_ref);
    assert.equal(await ngnBalance(pay), afterFirst);
    assert.equal(before - afterFirst, await debitOf(pay, first.transaction_ref));
  });

  it('repeats a payment whose first attempt timed out with the same reference: one payment', async () => {
    const { pay: reader } = emulator.client();
    const params = await paymentTo(reader);
    const before = await ngnBalance(reader);
    const transactionsBefore = (await reader.transactions.list()).total;
    // The first attempt is held 250 ms by the emulator; the client gives up on it after 50 ms and
    // repeats at once with the same reference. Whatever becomes of the held one, one payment results.
    await emulator.control('/faults', { path_prefix: '/v1/payments/send', delay_ms: 250, times: 1 });
    const { pay, attempts } = emulator.client({ timeout: 50 });
    const result = await pay.payments.send(params);
    assert.equal(attempts.length, 2);
    await new Promise((resolve) => setTimeout(resolve, 300)); // let the held attempt finish
    assert.equal((await reader.transactions.list()).total, transactionsBefore + 1);
    assert.equal(before - (await ngnBalance(reader)), await debitOf(reader, result.transaction_ref));
  });
});
