// The one rule of what pays a session, on transactions as the provider lists them (read through the
// api package's schema): a settled inbound transfer to the session's reference of exactly its
// amount, however the provider writes the amount; nothing else.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { Transaction } from '@pay-elements/api';
import { creditPays } from './credits.js';

const session = { reference: 'PAY-REF-1', amount: '5000.00' };

const transfer = (fields: Record<string, unknown> = {}, reference = session.reference): Transaction =>
  Transaction.parse({
    id: 'txn_1',
    ref: 'ref_1',
    amount: '5000.00',
    fee: '0.00',
    type: 'transfer',
    status: 'success',
    entry: 'credit',
    message: 'transfer from Ada Obi',
    created_at: '2026-11-21T10:00:00Z',
    wallet: { currency: 'NGN' },
    payment_transfer: { account_reference: reference, account_number: '9900112233' },
    ...fields,
  });

describe('creditPays', () => {
  it('pays the session with a settled transfer to its reference of exactly its amount, however written', () => {
    assert.equal(creditPays(transfer(), session), true);
    assert.equal(creditPays(transfer({ amount: '5000' }), session), true);
    assert.equal(creditPays(transfer({ amount: '5000.0' }), session), true);
  });

  it('does not pay it with a cent less or more, another reference, a debit or a transfer not settled', () => {
    assert.equal(creditPays(transfer({ amount: '4999.99' }), session), false);
    assert.equal(creditPays(transfer({ amount: '5000.01' }), session), false);
    assert.equal(creditPays(transfer({}, 'PAY-REF-2'), session), false);
    assert.equal(creditPays(transfer({ entry: 'debit' }), session), false);
    assert.equal(creditPays(transfer({ status: 'processing' }), session), false);
  });
});
