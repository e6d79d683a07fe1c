// Deposits into a customer's own account, on a real SQLite file through the funding book: a settled
// transfer recorded once however often the news comes (one log line, one deposit, totals in exact
// decimals), a transfer still processing kept to read again and recorded once it settles, a failed
// one or another account's recorded as nothing.
import { after, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Transaction } from '@pay-elements/api';
import type { Logger } from '../../log.js';
import { SqliteStore } from '../../store/sqlite.js';
import { fundingBookOf } from '../../testing/books.js';
import type { FundingAccountRecord } from './book.js';
import { creditFunds, DepositBook } from './deposits.js';

const dir = mkdtempSync(join(tmpdir(), 'pay-deposits-'));
after(() => rmSync(dir, { recursive: true, force: true }));
let files = 0;

const account: FundingAccountRecord = {
  customerId: 'cus_1',
  currency: 'NGN',
  accountNumber: '9900112233',
  accountName: 'Acme Stores / Ada Obi',
  bankName: 'Sandbox Bank',
  bankCode: '999',
  reference: 'FUND-REF-1',
  routing: null,
  swiftCode: null,
  bankAddress: null,
  createdAt: '2026-11-21T09:00:00.000Z',
};

/** A transaction as GET /v1/transactions lists it, read through the api package's schema. */
const transfer = (fields: Record<string, unknown> = {}, accountNumber = account.accountNumber): Transaction =>
  Transaction.parse({
    id: 'txn_1',
    ref: 'ref_1',
    amount: '2500.5',
    fee: '0.00',
    type: 'transfer',
    status: 'success',
    entry: 'credit',
    message: 'transfer from Ada Obi',
    created_at: '2026-11-21T11:00:00+01:00',
    wallet: { currency: 'NGN' },
    payment_transfer: { account_number: accountNumber },
    ...fields,
  });

function setup() {
  const store = new SqliteStore(join(dir, `deposits-${++files}.db`));
  after(() => store.close());
  const book = fundingBookOf(store);
  const lines: string[] = [];
  const log: Logger = {
    debug() {},
    info: (message, fields) => lines.push(`${message} ${JSON.stringify(fields)}`),
    warn() {},
    error() {},
  };
  const deposits = new DepositBook(book, { now: () => Date.parse('2026-11-21T10:00:00.000Z') });
  return { book, deposits, lines, log };
}

describe('DepositBook', () => {
  it('records a settled transfer once however often it is told, with one line', async () => {
    const t = setup();
    const outcomes = await Promise.all([1, 2, 3].map(() => t.deposits.record(account, transfer(), t.log)));
    assert.deepEqual(outcomes, ['settled', 'settled', 'settled']);
    assert.deepEqual(await t.book.depositsOf('cus_1', 10), [
      {
        id: 'txn_1',
        customerId: 'cus_1',
        accountNumber: '9900112233',
        amount: '2500.50',
        currency: 'NGN',
        receivedAt: '2026-11-21T10:00:00.000Z',
      },
    ]);
    assert.equal(t.lines.length, 1);
    assert.match(t.lines[0]!, /^deposit received .*"amount":"2500.50"/);
    await t.deposits.record(account, transfer({ id: 'txn_2', amount: '0.25' }), t.log);
    assert.deepEqual(await t.book.totalsOf('cus_1'), [{ currency: 'NGN', amount: '2500.75' }]);
  });

  it('keeps a transfer still processing to read again, and records it once it settles', async () => {
    const t = setup();
    assert.equal(await t.deposits.record(account, transfer({ status: 'processing' }), t.log), 'unsettled');
    assert.deepEqual(
      (await t.book.listInflight(10)).map((c) => c.id),
      ['txn_1'],
    );
    assert.deepEqual(await t.book.depositsOf('cus_1', 10), []);
    assert.equal(await t.deposits.record(account, transfer(), t.log), 'settled');
    assert.equal((await t.book.depositsOf('cus_1', 10)).length, 1);
    assert.deepEqual(await t.book.listInflight(10), []);
  });

  it("records nothing of a failed transfer, a debit or another account's", async () => {
    const t = setup();
    assert.equal(await t.deposits.record(account, transfer({ status: 'processing' }), t.log), 'unsettled');
    assert.equal(await t.deposits.record(account, transfer({ status: 'failed' }), t.log), 'settled');
    assert.deepEqual(await t.book.listInflight(10), [], 'not read again');
    assert.equal(
      await t.deposits.record(account, transfer({ id: 'txn_3', entry: 'debit' }), t.log),
      'settled',
    );
    assert.equal(
      await t.deposits.record(account, transfer({ id: 'txn_4' }, '9900000000'), t.log),
      'not-mine',
    );
    assert.deepEqual(await t.book.depositsOf('cus_1', 10), []);
    assert.deepEqual(t.lines, []);
  });

  it('counts no transfer of nothing as a deposit', () => {
    assert.equal(creditFunds(transfer({ amount: '0.00' }), account), false);
    assert.equal(creditFunds(transfer(), account), true);
  });
});
