// Banks (list, suggest) and POST /v1/payments/send: the result shape, the validation body, the
// wallet debit, idempotency by reference, insufficient balance, suggest learning, concurrency.
import assert from 'node:assert/strict';
import { after, before, beforeEach, describe, it } from 'node:test';
import { Bank, BankSuggestion, PaymentResult, Transaction } from '@pay-elements/api';
import { fixtures } from '@pay-elements/sandbox';
import {
  balanceOf,
  boot,
  expectFailure,
  expectOk,
  expectPage,
  expectValidation,
  type Harness,
} from './helpers.js';

const NGN = fixtures.wallets.NGN.id;
const payment = (overrides: Record<string, unknown> = {}) => ({
  from_amount: 2500.5,
  from_wallet_id: NGN,
  to_currency: 'NGN',
  payment_method: 'bank_transfer',
  info: { account_number: '2233445566', bank_code: '057', account_name: 'Bisi Adeyemi' },
  ...overrides,
});

describe('banks', () => {
  let h: Harness;
  before(async () => {
    h = await boot();
  });
  after(() => h.sandbox.close());

  it('lists at least five banks with codes in each of NG, GH, KE, ZA and US', async () => {
    for (const country of ['NG', 'GH', 'KE', 'ZA', 'US', 'ng']) {
      const banks = expectOk(await h.call(`/v1/banks/${country}`), Bank.array());
      assert.ok(banks.length >= 5, country);
      assert.equal(new Set(banks.map((b) => b.code)).size, banks.length, `${country}: codes are unique`);
    }
    const ng = expectOk(await h.call('/v1/banks/NG'), Bank.array());
    assert.deepEqual(ng.slice(0, 2), [
      { name: 'Access Bank', code: '044' },
      { name: 'Guaranty Trust Bank', code: '058' },
    ]);
  });

  it('answers 400 with the envelope for an unknown country', async () => {
    for (const country of ['XX', 'NGA', 'N', '12'])
      expectFailure(await h.call(`/v1/banks/${country}`), 400, 'unknown country code');
  });

  it('suggests the banks an account number was paid through, most recent first', async () => {
    const known = fixtures.knownRecipient;
    const seeded = expectOk(
      await h.call('/v1/banks/suggest', { method: 'POST', body: { account_number: known.account_number } }),
      BankSuggestion.array(),
    );
    assert.deepEqual(seeded, [
      { bank_code: '058', bank_name: 'Guaranty Trust Bank' },
      { bank_code: '044', bank_name: 'Access Bank' },
    ]);
    const none = expectOk(
      await h.call('/v1/banks/suggest', { method: 'POST', body: { account_number: '9999999999' } }),
      BankSuggestion.array(),
    );
    assert.deepEqual(none, []);
    assert.deepEqual(expectValidation(await h.call('/v1/banks/suggest', { method: 'POST', body: {} })), {
      account_number: ['This field is required'],
    });
  });
});

describe('payments', () => {
  let h: Harness;
  before(async () => {
    h = await boot();
  });
  beforeEach(() => h.sandbox.reset());
  after(() => h.sandbox.close());

  it('sends a payment: the result, one debit of the wallet, a debit transaction', async () => {
    const result = expectOk(
      await h.call('/v1/payments/send', { method: 'POST', body: payment({ reference: 'order-1001' }) }),
      PaymentResult,
    );
    assert.equal(result.status, 'success');
    assert.equal(result.from_amount, 2500.5);
    assert.equal(result.to_amount, 2500.5);
    assert.equal(result.from_currency, 'NGN');
    assert.equal(result.to_currency, 'NGN');
    assert.equal(result.method, 'bank_transfer');
    assert.equal(result.created_at, '2025-01-15T10:00:00Z');
    assert.equal(await balanceOf(h, NGN), '4997499.50');

    const list = expectPage(await h.call('/v1/transactions?sort=created_at,desc&size=1'), Transaction);
    const [debit] = list.items;
    assert.ok(debit);
    assert.equal(debit.ref, result.transaction_ref);
    assert.equal(debit.entry, 'debit');
    assert.equal(debit.amount, '2500.50');
    assert.equal(debit.type, 'transfer');
    assert.deepEqual(debit.wallet, { id: NGN, currency: 'NGN' });
    assert.equal(debit.payment_transfer.account_number, '2233445566');
    assert.equal(debit.payment_transfer.bank_code, '057');
  });

  it('answers the same result for the same reference and debits once', async () => {
    const body = payment({ reference: 'same-ref' });
    const first = expectOk(await h.call('/v1/payments/send', { method: 'POST', body }), PaymentResult);
    const again = expectOk(await h.call('/v1/payments/send', { method: 'POST', body }), PaymentResult);
    assert.deepEqual(again, first);
    assert.equal(await balanceOf(h, NGN), '4997499.50');
    const other = expectOk(
      await h.call('/v1/payments/send', { method: 'POST', body: payment({ reference: 'other-ref' }) }),
      PaymentResult,
    );
    assert.notEqual(other.transaction_ref, first.transaction_ref);
    assert.equal(await balanceOf(h, NGN), '4994999.00');
  });

  it('converts between currencies at the emulator rates', async () => {
    const result = expectOk(
      await h.call('/v1/payments/send', {
        method: 'POST',
        body: payment({ from_wallet_id: fixtures.wallets.USD.id, from_amount: 100, to_currency: 'ngn' }),
      }),
      PaymentResult,
    );
    assert.equal(result.from_currency, 'USD');
    assert.equal(result.to_currency, 'NGN');
    assert.equal(result.to_amount, 155000);
    assert.equal(await balanceOf(h, fixtures.wallets.USD.id), '24900.00');
  });

  it('sends by tag and by the other methods', async () => {
    const tag = expectOk(
      await h.call('/v1/payments/send', {
        method: 'POST',
        body: payment({ payment_method: 'tag_transfer', info: { tag_id: 'ada-shop' } }),
      }),
      PaymentResult,
    );
    assert.equal(tag.method, 'tag_transfer');
    const scheduled = expectOk(
      await h.call('/v1/payments/send', {
        method: 'POST',
        body: payment({
          payment_method: 'mobile_money',
          info: { phone: '+254712345678' },
          to_currency: 'KES',
          payment_type: { type: 'scheduled' },
        }),
      }),
      PaymentResult,
    );
    assert.equal(scheduled.status, 'processing');
    assert.deepEqual(
      expectValidation(
        await h.call('/v1/payments/send', {
          method: 'POST',
          body: payment({ payment_method: 'tag_transfer', info: {} }),
        }),
      ),
      { 'info.tag_id': ['This field is required'] },
    );
  });

  it('answers the validation body for each missing required field', async () => {
    assert.deepEqual(expectValidation(await h.call('/v1/payments/send', { method: 'POST', body: {} })), {
      from_amount: ['This field is required'],
      from_wallet_id: ['This field is required'],
      to_currency: ['This field is required'],
      payment_method: ['This field is required'],
      info: ['This field is required'],
    });
    const { info: _info, ...withoutInfo } = payment();
    assert.deepEqual(
      expectValidation(await h.call('/v1/payments/send', { method: 'POST', body: withoutInfo })),
      {
        info: ['This field is required'],
      },
    );
    assert.deepEqual(
      expectValidation(
        await h.call('/v1/payments/send', {
          method: 'POST',
          body: payment({ info: { account_number: '1' } }),
        }),
      ),
      { 'info.bank_code': ['This field is required'], 'info.account_name': ['This field is required'] },
    );
  });

  it('enforces the minimum of 0.01 and two decimals', async () => {
    assert.deepEqual(
      expectValidation(
        await h.call('/v1/payments/send', { method: 'POST', body: payment({ from_amount: 0.001 }) }),
      ),
      { from_amount: ['must be at least 0.01'] },
    );
    assert.deepEqual(
      expectValidation(
        await h.call('/v1/payments/send', { method: 'POST', body: payment({ from_amount: 10.005 }) }),
      ),
      { from_amount: ['must have at most 2 decimals'] },
    );
    expectOk(
      await h.call('/v1/payments/send', { method: 'POST', body: payment({ from_amount: 0.01 }) }),
      PaymentResult,
    );
  });

  it('refuses an unknown method, a bank code not in the list, an unknown wallet, too little money', async () => {
    const methods = expectValidation(
      await h.call('/v1/payments/send', { method: 'POST', body: payment({ payment_method: 'cheque' }) }),
    );
    assert.match(methods['payment_method']?.[0] ?? '', /^must be one of: card, bank_transfer/);
    const code = expectValidation(
      await h.call('/v1/payments/send', {
        method: 'POST',
        body: payment({ info: { account_number: '1', bank_code: '999', account_name: 'X' } }),
      }),
    );
    assert.deepEqual(code, { 'info.bank_code': ['is not a bank code of NG; see GET /v1/banks/NG'] });
    expectFailure(
      await h.call('/v1/payments/send', { method: 'POST', body: payment({ from_wallet_id: 'wal_nope' }) }),
      404,
      'wallet was not found',
    );
    expectFailure(
      await h.call('/v1/payments/send', { method: 'POST', body: payment({ from_amount: 5_000_000.01 }) }),
      400,
      'insufficient balance',
    );
    assert.equal(await balanceOf(h, NGN), fixtures.wallets.NGN.balance, 'nothing was debited');
  });

  it('teaches banks/suggest the bank a payment went through', async () => {
    const info = { account_number: '3344556677', bank_code: '232', account_name: 'Femi Olu' };
    const before = expectOk(
      await h.call('/v1/banks/suggest', { method: 'POST', body: { account_number: info.account_number } }),
      BankSuggestion.array(),
    );
    assert.deepEqual(before, []);
    expectOk(await h.call('/v1/payments/send', { method: 'POST', body: payment({ info }) }), PaymentResult);
    expectOk(
      await h.call('/v1/payments/send', {
        method: 'POST',
        body: payment({ info: { ...info, bank_code: '011' } }),
      }),
      PaymentResult,
    );
    const learnt = expectOk(
      await h.call('/v1/banks/suggest', { method: 'POST', body: { account_number: info.account_number } }),
      BankSuggestion.array(),
    );
    assert.deepEqual(learnt, [
      { bank_code: '011', bank_name: 'First Bank of Nigeria' },
      { bank_code: '232', bank_name: 'Sterling Bank' },
    ]);
  });

  it('loses no balance update under 50 parallel payments', async () => {
    const answers = await Promise.all(
      Array.from({ length: 50 }, (_, i) =>
        h.call('/v1/payments/send', {
          method: 'POST',
          body: payment({ from_amount: (123 + i) / 100, reference: `parallel-${i}` }),
        }),
      ),
    );
    for (const answer of answers) expectOk(answer, PaymentResult);
    // Σ (1.23 + i/100) for i < 50 = 61.50 + 12.25 = 73.75
    assert.equal(await balanceOf(h, NGN), '4999926.25');
    // and the same 50 again (retries) change nothing
    await Promise.all(
      Array.from({ length: 50 }, (_, i) =>
        h.call('/v1/payments/send', {
          method: 'POST',
          body: payment({ from_amount: (123 + i) / 100, reference: `parallel-${i}` }),
        }),
      ),
    );
    assert.equal(await balanceOf(h, NGN), '4999926.25');
  });
});
