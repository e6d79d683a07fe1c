// What every flow's rule of a credit shares, on transactions as the provider lists them
// (GET /v1/transactions of the spec): only a settled inbound transfer credits, a
// transfer still processing is in flight, and a provider timestamp is kept as ISO 8601 in UTC.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { Transaction } from '@pay-elements/api';
import { isSettledTransfer, isTransferInFlight, toIso } from './credits.js';

/** A transaction as GET /v1/transactions lists it, read through the api package's schema. */
const as = (fields: Partial<Record<'type' | 'entry' | 'status', string>> = {}): Transaction =>
  Transaction.parse({
    id: 'txn_1',
    ref: 'ref_1',
    amount: '5000.00',
    fee: '0.00',
    type: 'transfer',
    status: 'success',
    entry: 'credit',
    message: 'transfer from Ada Obi',
    created_at: '2026-11-21T11:00:00+01:00',
    wallet: { currency: 'NGN' },
    payment_transfer: { account_number: '9900112233', sender_account_name: 'Ada Obi' },
    ...fields,
  });
const settled = as();

describe('credits', () => {
  it('takes a settled inbound transfer as a credit, and nothing else', () => {
    assert.equal(isSettledTransfer(settled), true);
    assert.equal(isSettledTransfer(as({ entry: 'debit' })), false, 'money going out');
    assert.equal(isSettledTransfer(as({ type: 'card' })), false, 'not a bank transfer');
    assert.equal(isSettledTransfer(as({ status: 'processing' })), false);
    assert.equal(isSettledTransfer(as({ status: 'failed' })), false);
  });

  it('takes a transfer processing or pending as in flight, not one settled or failed', () => {
    assert.equal(isTransferInFlight(as({ status: 'processing' })), true);
    assert.equal(isTransferInFlight(as({ status: 'pending' })), true);
    assert.equal(isTransferInFlight(settled), false);
    assert.equal(isTransferInFlight(as({ status: 'failed' })), false);
    assert.equal(isTransferInFlight(as({ status: 'processing', entry: 'debit' })), false);
  });

  it('keeps a provider time in UTC, and the fallback when it does not parse', () => {
    assert.equal(toIso('2026-11-21T11:00:00+01:00', 0), '2026-11-21T10:00:00.000Z');
    assert.equal(toIso('yesterday', Date.parse('2026-11-21T10:00:00Z')), '2026-11-21T10:00:00.000Z');
  });
});
