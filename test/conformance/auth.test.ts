// Authentication: the three forms the spec gives, the restricted key, and the two messages.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { Bank, Empty, Wallet } from '@pay-elements/api';
import { KEY, RESTRICTED, boot, expectFailure, expectOk, type Harness } from './helpers.js';

describe('authentication', () => {
  let h: Harness;
  before(async () => {
    h = await boot();
  });
  after(() => h.sandbox.close());

  it('accepts the key as X-API-KEY, as ?api-key= and as a bearer token', async () => {
    expectOk(await h.call('/v1/wallets'), Wallet.array());
    expectOk(await h.call(`/v1/wallets?api-key=${KEY}`, { key: null }), Wallet.array());
    expectOk(
      await h.call('/v1/wallets', { key: null, headers: { authorization: `Bearer ${KEY}` } }),
      Wallet.array(),
    );
  });

  it('answers 401 `unauthorized access` without a key or with an unknown one', async () => {
    expectFailure(await h.call('/v1/wallets', { key: null }), 401, 'unauthorized access');
    expectFailure(await h.call('/v1/wallets', { key: 'sk_live_wrong' }), 401, 'unauthorized access');
    expectFailure(await h.call('/v1/wallets?api-key=nope', { key: null }), 401, 'unauthorized access');
    expectFailure(
      await h.call('/v1/wallets', { key: null, headers: { authorization: 'Bearer nope' } }),
      401,
      'unauthorized access',
    );
    expectFailure(
      await h.call('/v1/wallets', { key: null, headers: { authorization: `Basic ${KEY}` } }),
      401,
      'unauthorized access',
    );
  });

  it('lets the restricted key read banks and nothing else', async () => {
    const banks = expectOk(await h.call('/v1/banks/NG', { key: RESTRICTED }), Bank.array());
    assert.ok(banks.length >= 5);
    expectOk(await h.call(`/v1/banks/GH?api-key=${RESTRICTED}`, { key: null }), Bank.array());
    const denied = 'unauthorized access: permission denied';
    expectFailure(await h.call('/v1/wallets', { key: RESTRICTED }), 403, denied);
    expectFailure(await h.call('/v1/customers/cus_ada_okafor', { key: RESTRICTED }), 403, denied);
    expectFailure(
      await h.call('/v1/banks/suggest', {
        method: 'POST',
        key: RESTRICTED,
        body: { account_number: '0123456789' },
      }),
      403,
      denied,
    );
    expectFailure(
      await h.call('/v1/cards/crd_ada_usd/freeze', { method: 'PUT', key: RESTRICTED }),
      403,
      denied,
    );
    expectFailure(await h.call('/_sandbox/reset', { method: 'POST', key: RESTRICTED }), 403, denied);
  });

  it('guards the control API with the full key', async () => {
    expectFailure(await h.call('/_sandbox/reset', { method: 'POST', key: null }), 401, 'unauthorized access');
    expectOk(await h.call('/_sandbox/reset', { method: 'POST' }), Empty);
  });

  it('honours configured keys', async () => {
    const other = await boot({ apiKey: 'sk_test_mine', restrictedKey: 'sk_test_banks' });
    try {
      expectFailure(await other.call('/v1/wallets'), 401, 'unauthorized access');
      expectOk(await other.call('/v1/wallets', { key: 'sk_test_mine' }), Wallet.array());
      expectOk(await other.call('/v1/banks/KE', { key: 'sk_test_banks' }), Bank.array());
    } finally {
      await other.sandbox.close();
    }
  });
});
