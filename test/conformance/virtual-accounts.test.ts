// Virtual accounts: permanent creation and listing, single-use accounts and their transitions on the
// clock (exact amount before expiry accepted; after expiry, a wrong amount or a second payment
// refused), and the credit an inbound transfer leaves for the customer.
import assert from 'node:assert/strict';
import { after, before, beforeEach, describe, it } from 'node:test';
import {
  DynamicAccount,
  PermanentVirtualAccount,
  Transaction,
  VirtualAccountCreation,
} from '@pay-elements/api';
import { SandboxControlError, fixtures } from '@pay-elements/sandbox';
import {
  START,
  balanceOf,
  boot,
  expectFailure,
  expectOk,
  expectPage,
  expectValidation,
  type Harness,
} from './helpers.js';

const ada = fixtures.customers.ada;

describe('virtual accounts', () => {
  let h: Harness;
  before(async () => {
    h = await boot();
  });
  beforeEach(() => h.sandbox.reset());
  after(() => h.sandbox.close());

  const dynamic = async (body: Record<string, unknown>) =>
    expectOk(await h.call('/v1/virtual-accounts/dynamic', { method: 'POST', body }), DynamicAccount);

  it('creates a single-use account in the currency of the customer’s country', async () => {
    assert.equal(h.sandbox.clock.now(), START, 'this test runs first, on the starting time');
    const account = await dynamic({ customer_id: ada.id, amount: 5000, lifespan_minutes: 30 });
    assert.equal(account.amount, 5000);
    assert.equal(account.currency, 'ngn');
    assert.match(account.account_no, /^\d{10}$/);
    assert.equal(account.account_name, 'Acme Stores - Ada Okafor');
    assert.equal(account.bank_name, 'Wema Bank');
    assert.equal(account.email, ada.email);
    assert.equal(account.customer_id, ada.id);
    assert.equal(account.usage, 'integration');
    assert.equal(account.payment_session_id, '');
    assert.equal(account.created_at, '2025-01-15T10:00:00.000000+00:00');
    assert.equal(account.expires_at, '2025-01-15T10:30:00.000000+00:00');
    const expected = [
      [fixtures.customers.kwame.id, 'ghs'],
      [fixtures.customers.wanjiru.id, 'kes'],
      [fixtures.customers.thabo.id, 'zar'],
      [fixtures.customers.emily.id, 'usd'],
    ] as const;
    for (const [id, currency] of expected) {
      assert.equal((await dynamic({ customer_id: id, amount: 10, lifespan_minutes: 5 })).currency, currency);
    }
  });

  it('accepts the exact amount before expiry, then nothing more', async () => {
    const account = await dynamic({ customer_id: ada.id, amount: 5000.25, lifespan_minutes: 30 });
    await h.control.advanceClock(29);
    const credit = await h.control.transfer({ account_number: account.account_no, amount: 5000.25 });
    assert.equal(credit.entry, 'credit');
    assert.equal(credit.amount, '5000.25');
    assert.equal(credit.payment_transfer.account_reference, account.reference);
    assert.equal(await balanceOf(h, fixtures.wallets.NGN.id), '5005000.25');
    await assert.rejects(
      h.control.transfer({ account_number: account.account_no, amount: 5000.25 }),
      (e: unknown) =>
        e instanceof SandboxControlError && e.message === 'account has already been paid' && e.status === 400,
    );
  });

  it('refuses a payment once the lifespan has elapsed', async () => {
    const account = await dynamic({ customer_id: ada.id, amount: 5000, lifespan_minutes: 30 });
    await h.control.advanceClock(30);
    const refused = await h.call('/_sandbox/transfers', {
      method: 'POST',
      body: { account_number: account.account_no, amount: 5000 },
    });
    expectFailure(refused, 400, 'account has expired');
    assert.equal(await balanceOf(h, fixtures.wallets.NGN.id), fixtures.wallets.NGN.balance);
  });

  it('refuses a wrong amount and stays open for the right one', async () => {
    const account = await dynamic({ customer_id: ada.id, amount: 5000, lifespan_minutes: 30 });
    for (const amount of [4999.99, 5000.01, 10000]) {
      expectFailure(
        await h.call('/_sandbox/transfers', {
          method: 'POST',
          body: { account_number: account.account_no, amount },
        }),
        400,
        'amount does not match the account: it accepts exactly 5000.00',
      );
    }
    await h.control.transfer({ account_number: account.account_no, amount: 5000 });
  });

  it('refuses a transfer to an unknown account', async () => {
    expectFailure(
      await h.call('/_sandbox/transfers', {
        method: 'POST',
        body: { account_number: '0000000000', amount: 1 },
      }),
      404,
      'account was not found',
    );
  });

  it('records the credit for the customer, with the account reference and the sender', async () => {
    const account = await dynamic({ customer_id: ada.id, amount: 750, lifespan_minutes: 10 });
    const credit = await h.control.transfer({
      account_number: account.account_no,
      amount: 750,
      sender_account_name: 'Kemi Ade',
      sender_bank_name: 'Zenith Bank',
    });
    const list = expectPage(
      await h.call(`/v1/transactions?customer_id=${ada.id}&sort=created_at,desc`),
      Transaction,
    );
    assert.deepEqual(list.items[0], credit);
    assert.deepEqual(credit.payment_transfer, {
      account_number: account.account_no,
      account_reference: account.reference,
      customer_id: ada.id,
      sender_account_name: 'Kemi Ade',
      sender_bank_name: 'Zenith Bank',
      bank_code: '035',
    });
    assert.equal(Date.parse(credit.created_at), h.sandbox.clock.now());
    const others = expectPage(
      await h.call(`/v1/transactions?customer_id=${fixtures.customers.kwame.id}`),
      Transaction,
    );
    assert.ok(others.items.every((t) => t.id !== credit.id));
  });

  it('validates single-use account requests', async () => {
    assert.deepEqual(
      expectValidation(await h.call('/v1/virtual-accounts/dynamic', { method: 'POST', body: {} })),
      {
        customer_id: ['This field is required'],
        amount: ['This field is required'],
        lifespan_minutes: ['This field is required'],
      },
    );
    const bad = expectValidation(
      await h.call('/v1/virtual-accounts/dynamic', {
        method: 'POST',
        body: { customer_id: ada.id, amount: -5, lifespan_minutes: 2.5 },
      }),
    );
    assert.deepEqual(Object.keys(bad).sort(), ['amount', 'lifespan_minutes']);
    expectFailure(
      await h.call('/v1/virtual-accounts/dynamic', {
        method: 'POST',
        body: { customer_id: 'cus_nobody', amount: 5, lifespan_minutes: 5 },
      }),
      404,
      'customer was not found',
    );
  });

  it('creates permanent accounts: NGN needs a BVN, USD carries routing numbers', async () => {
    assert.deepEqual(
      expectValidation(
        await h.call('/v1/virtual-accounts/create', {
          method: 'POST',
          body: { customer_id: ada.id, currency: 'NGN' },
        }),
      ),
      { id_number: ['This field is required'] },
    );
    const ngn = expectOk(
      await h.call('/v1/virtual-accounts/create', {
        method: 'POST',
        body: { customer_id: ada.id, currency: 'NGN', id_number: '22212345678', codes: ['035', '101'] },
      }),
      VirtualAccountCreation,
    );
    assert.equal(ngn.currency, 'NGN');
    assert.equal(ngn.email, ada.email);
    assert.deepEqual(
      ngn.accounts.map((a) => [a.bank_code, a.bank_name]),
      [
        ['035', 'Wema Bank'],
        ['101', 'Providus Bank'],
      ],
    );
    const usd = expectOk(
      await h.call('/v1/virtual-accounts/create', {
        method: 'POST',
        body: { customer_id: fixtures.customers.emily.id, currency: 'usd' },
      }),
      VirtualAccountCreation,
    );
    const [account] = usd.accounts;
    assert.ok(account);
    assert.equal(account.bank_code, 'CITIUS33');
    assert.equal(account.ach_routing_number, '021000089');
    assert.equal(account.swift_code, 'CITIUS33');
    assert.notEqual(account.bank_address, '');
    const codes = expectValidation(
      await h.call('/v1/virtual-accounts/create', {
        method: 'POST',
        body: { customer_id: ada.id, currency: 'NGN', id_number: '22212345678', codes: ['999'] },
      }),
    );
    assert.deepEqual(Object.keys(codes), ['codes.0']);
    expectFailure(
      await h.call('/v1/virtual-accounts/create', {
        method: 'POST',
        body: { customer_id: 'cus_nobody', currency: 'USD' },
      }),
      404,
      'customer was not found',
    );
    // a permanent account takes any amount, as often as it is paid
    await h.control.transfer({ account_number: account.account_number, amount: 12.5 });
    await h.control.transfer({ account_number: account.account_number, amount: 99 });
    assert.equal(await balanceOf(h, fixtures.wallets.USD.id), '25111.50');
  });

  it('lists permanent accounts, filtered by currency and customer', async () => {
    const all = expectOk(await h.call('/v1/virtual-accounts'), PermanentVirtualAccount.array());
    assert.equal(all.length, Object.keys(fixtures.virtualAccounts).length);
    const adas = expectOk(
      await h.call(`/v1/virtual-accounts?customer_id=${ada.id}`),
      PermanentVirtualAccount.array(),
    );
    assert.deepEqual(
      adas.map((a) => a.account_number).sort(),
      [fixtures.virtualAccounts.adaNgn.account_number, fixtures.virtualAccounts.adaUsd.account_number].sort(),
    );
    const usd = expectOk(await h.call('/v1/virtual-accounts?currency=usd'), PermanentVirtualAccount.array());
    assert.ok(usd.length >= 2 && usd.every((a) => a.meta.currency === 'USD'));
    const adaUsd = expectOk(
      await h.call(`/v1/virtual-accounts?customer_id=${ada.id}&currency=USD`),
      PermanentVirtualAccount.array(),
    );
    assert.deepEqual(
      adaUsd.map((a) => a.account_number),
      [fixtures.virtualAccounts.adaUsd.account_number],
    );
    expectFailure(await h.call('/v1/virtual-accounts?customer_id=cus_nobody'), 404, 'customer was not found');
  });
});
