// What the browser is shown of a customer's accounts: each account with the fields its currency has
// (routing and SWIFT for dollars, none for naira), the deposits as kept, the totals in the order of
// the accounts' currencies; never the customer's id.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { FundingView } from '@pay-elements/protocol';
import type { DepositRecord, FundingAccountRecord } from './book.js';
import { fundingView } from './view.js';

const base = {
  customerId: 'cus_secret',
  accountName: 'Acme Stores / Ada Obi',
  bankName: 'Sandbox Bank',
  bankCode: '999',
  reference: 'FUND-REF',
  routing: null,
  swiftCode: null,
  bankAddress: null,
  createdAt: '2026-11-21T09:00:00.000Z',
};
const naira: FundingAccountRecord = { ...base, currency: 'NGN', accountNumber: '9900112233' };
const dollars: FundingAccountRecord = {
  ...base,
  currency: 'USD',
  accountNumber: '8800112233',
  routing: { ach: '021000021', rtp: '021000021', wire: '026009593' },
  swiftCode: 'SNDBUS33',
  bankAddress: '1 Sandbox Plaza, New York',
};
const deposit: DepositRecord = {
  id: 'txn_1',
  customerId: 'cus_secret',
  accountNumber: '9900112233',
  amount: '2500.50',
  currency: 'NGN',
  receivedAt: '2026-11-21T10:00:00.000Z',
};

describe('fundingView', () => {
  const view = fundingView(
    [naira, dollars],
    [deposit],
    [
      { currency: 'USD', amount: '10.00' },
      { currency: 'EUR', amount: '1.00' },
      { currency: 'NGN', amount: '2500.50' },
    ],
  );

  it("is the protocol's view, without the customer's id", () => {
    FundingView.parse({ ...view, server_time: '2026-11-21T10:00:00.000Z' });
    assert.ok(!JSON.stringify(view).includes('cus_secret'));
  });

  it('shows routing, SWIFT and address for the dollar account, none for naira', () => {
    assert.deepEqual(Object.keys(view.accounts[0]!).sort(), [
      'account_name',
      'account_number',
      'bank_code',
      'bank_name',
      'currency',
    ]);
    assert.deepEqual(view.accounts[1]?.routing, { ach: '021000021', rtp: '021000021', wire: '026009593' });
    assert.equal(view.accounts[1]?.swift_code, 'SNDBUS33');
    assert.equal(view.accounts[1]?.bank_address, '1 Sandbox Plaza, New York');
  });

  it("lists the totals in the order of the accounts' currencies, then any other", () => {
    assert.deepEqual(
      view.totals.map((t) => t.currency),
      ['NGN', 'USD', 'EUR'],
    );
    assert.deepEqual(view.deposits, [
      {
        id: 'txn_1',
        amount: '2500.50',
        currency: 'NGN',
        received_at: '2026-11-21T10:00:00.000Z',
        account_number: '9900112233',
      },
    ]);
  });
});
