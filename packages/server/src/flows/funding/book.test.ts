// What the funding flow keeps, on a real SQLite file, transitions committed as the kit commits them:
// a customer's accounts in a currency opened by one caller of many, an account number belonging to
// one customer only, a failed opening held back until its retry time (a refusal only for the same
// input), deposits recorded once with onDeposit owed once and totals in exact decimals, newest first.
import { after, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Kit } from '../../flow.js';
import { claimNow } from '../../provider/claims.js';
import { SqliteStore } from '../../store/sqlite.js';
import { FundingBook, type DepositRecord, type FundingAccountRecord } from './book.js';

const dir = mkdtempSync(join(tmpdir(), 'pay-funding-book-'));
after(() => rmSync(dir, { recursive: true, force: true }));
let files = 0;

const LEASE_MS = 30_000;

const account = (customerId: string, accountNumber: string): FundingAccountRecord => ({
  customerId,
  currency: 'NGN',
  accountNumber,
  accountName: `Acme Stores / ${customerId}`,
  bankName: 'Sandbox Bank',
  bankCode: '999',
  reference: `FUND-${accountNumber}`,
  routing: null,
  swiftCode: null,
  bankAddress: null,
  createdAt: '2026-11-21T09:00:00.000Z',
});
const deposit = (id: string, amount: string, receivedAt: string): DepositRecord => ({
  id,
  customerId: 'cus_1',
  accountNumber: '9900112233',
  amount,
  currency: 'NGN',
  receivedAt,
});

function setup() {
  const store = new SqliteStore(join(dir, `funding-${++files}.db`));
  after(() => store.close());
  let now = Date.parse('2026-11-21T10:00:00.000Z');
  const clock = { now: () => now };
  const transition: Kit['transition'] = (commit) =>
    store.records.commit({
      ...(commit.writes ? { writes: commit.writes } : {}),
      ...(commit.announce ? { announce: commit.announce } : {}),
      owe: (commit.callbacks ?? []).map((c) => ({ topic: `funding.${c.topic}`, id: c.id, dueAt: now })),
    });
  const book = new FundingBook(store.records, transition, clock);
  const claim = (token: string, options?: { newInput?: boolean }) =>
    book.claimAccounts('cus_1', 'NGN', claimNow(clock, token, LEASE_MS), options);
  return { store, book, claim, advance: (ms: number) => (now += ms), now: () => now };
}

describe('FundingBook', () => {
  it("gives a customer's accounts to open to one caller of four, then the accounts to all", async () => {
    const t = setup();
    const claims = await Promise.all(['a', 'b', 'c', 'd'].map((token) => t.claim(token)));
    assert.deepEqual(claims.map((c) => c.outcome).sort(), ['busy', 'busy', 'busy', 'claimed']);
    const holder = ['a', 'b', 'c', 'd'][claims.findIndex((c) => c.outcome === 'claimed')]!;
    await t.book.attempting('cus_1', 'NGN', holder);
    assert.deepEqual(await t.book.saveAccounts('cus_1', 'NGN', [account('cus_1', '9900112233')], 'late'), {
      outcome: 'lost',
    });
    assert.deepEqual(await t.book.saveAccounts('cus_1', 'NGN', [account('cus_1', '9900112233')], holder), {
      outcome: 'saved',
    });
    const after = await t.claim('e');
    assert.equal(after.outcome, 'accounts');
    assert.equal(await t.book.ownerOf('9900112233'), 'cus_1');
    assert.equal((await t.book.findAccount('9900112233'))?.customerId, 'cus_1');
    assert.equal(await t.book.hasAccounts(), true);
  });

  it('refuses to give one customer an account number another customer holds', async () => {
    const t = setup();
    const other = await t.book.claimAccounts('cus_2', 'NGN', claimNow({ now: t.now }, 'x', LEASE_MS));
    assert.equal(other.outcome, 'claimed');
    await t.book.saveAccounts('cus_2', 'NGN', [account('cus_2', '9900112233')], 'x');
    assert.equal((await t.claim('a')).outcome, 'claimed');
    assert.deepEqual(await t.book.saveAccounts('cus_1', 'NGN', [account('cus_1', '9900112233')], 'a'), {
      outcome: 'taken',
      numbers: ['9900112233'],
    });
    assert.equal(await t.book.ownerOf('9900112233'), 'cus_2');
  });

  it('holds a failed opening back until its retry time, and a refusal only for the same input', async () => {
    const t = setup();
    assert.equal((await t.claim('a')).outcome, 'claimed');
    const failure = await t.book.failed(
      'cus_1',
      'NGN',
      'a',
      { at: t.now(), retryAt: 0, kind: 'refused', fields: { id_number: ['is required'] } },
      (count) => count * 60_000,
    );
    assert.deepEqual([failure?.count, failure?.retryAt], [1, t.now() + 60_000]);
    const held = await t.claim('b');
    assert.equal(held.outcome, 'failed');
    assert.deepEqual(held.outcome === 'failed' && held.failure.fields, { id_number: ['is required'] });
    assert.equal((await t.claim('c', { newInput: true })).outcome, 'claimed', 'a BVN given may pass');
    await t.book.release('cus_1', 'NGN', 'c');
    t.advance(60_000);
    assert.equal((await t.claim('d')).outcome, 'claimed', 'past its retry time');
  });

  it('records a deposit once, owing onDeposit once, its total exact, the newest listed first', async () => {
    const t = setup();
    const first = deposit('txn_1', '2500.50', '2026-11-21T10:00:00.000Z');
    const twice = await Promise.all([t.book.recordDeposit(first), t.book.recordDeposit(first)]);
    assert.equal(twice.filter((d) => d !== null).length, 1);
    await t.book.recordDeposit(deposit('txn_2', '0.25', '2026-11-21T10:05:00.000Z'));
    await t.book.recordDeposit(deposit('txn_3', '0.25', '2026-11-21T10:05:00.000Z'));
    assert.deepEqual(await t.book.totalsOf('cus_1'), [{ currency: 'NGN', amount: '2501.00' }]);
    assert.deepEqual(
      (await t.book.depositsOf('cus_1', 10)).map((d) => d.id),
      ['txn_3', 'txn_2', 'txn_1'],
    );
    assert.deepEqual(
      (await t.store.outbox.due('funding.deposit', Number.MAX_SAFE_INTEGER, 10)).map((e) => e.id).sort(),
      ['txn_1', 'txn_2', 'txn_3'],
    );
    assert.equal((await t.book.getDeposit('txn_1'))?.amount, '2500.50');
  });
});
