// What the sessions flow keeps, on a real SQLite file, its transitions committed as the kit commits
// them (the callbacks and events owed in the same commit): one session per order however many ask,
// paid exactly once with onPaid and `session.paid` owed once, expired only while it has the account
// that expired, renewed by one caller with a new account, and a late payment to the old account
// still found.
import { after, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { StoredDataError } from '../../errors.js';
import type { Kit, AnyKitEvent } from '../../flow.js';
import { claimNow } from '../../provider/claims.js';
import { SqliteStore } from '../../store/sqlite.js';
import { SessionBook, sessionOf, type SessionRecord } from './book.js';

const dir = mkdtempSync(join(tmpdir(), 'pay-session-book-'));
after(() => rmSync(dir, { recursive: true, force: true }));
let files = 0;

const NOW = Date.parse('2026-11-21T10:00:00.000Z');
const LEASE_MS = 30_000;

function setup() {
  const store = new SqliteStore(join(dir, `sessions-${++files}.db`));
  after(() => store.close());
  const clock = { now: () => NOW };
  const events: AnyKitEvent[] = [];
  const counted: string[] = [];
  // as the kit's: the commit with its callbacks owed on the flow's topic, the events kept once committed
  const transition: Kit['transition'] = async (commit) => {
    const owe = (commit.callbacks ?? []).map((c) => ({ topic: `sessions.${c.topic}`, id: c.id, dueAt: NOW }));
    const done = await store.records.commit({
      ...(commit.writes ? { writes: commit.writes } : {}),
      ...(commit.announce ? { announce: commit.announce } : {}),
      owe,
    });
    if (done) events.push(...(commit.events ?? []));
    return done;
  };
  const book = new SessionBook(store.records, transition, clock, { name: 'Acme Stores' }, (e) =>
    counted.push(e),
  );
  const session: SessionRecord = {
    id: 'ses_1',
    orderId: 'order-1',
    customerId: 'cus_1',
    amount: '5000.00',
    currency: 'NGN',
    status: 'pending',
    account: { accountName: 'Acme Stores / Ada', accountNumber: '9900112233', bankName: 'Sandbox Bank' },
    reference: 'REF-1',
    createdAt: '2026-11-21T10:00:00.000Z',
    expiresAt: '2026-11-21T10:30:00.000Z',
    paidAt: null,
    transactionId: null,
  };
  const onPaidOwed = () => store.outbox.due('sessions.paid', Number.MAX_SAFE_INTEGER, 10);
  /** the order claimed and its session stored, as the first caller does */
  const open = async () => {
    const claim = claimNow(clock, 'opener', LEASE_MS);
    assert.deepEqual(await book.claimOrder(session.orderId, claim), { outcome: 'claimed' });
    assert.equal(await book.create(session, 'opener'), true);
  };
  return { store, book, session, events, counted, onPaidOwed, open, clock };
}

describe('SessionBook', () => {
  it("gives an order's account to one caller of many, then its session to every caller", async () => {
    const t = setup();
    const claims = await Promise.all(
      ['a', 'b', 'c', 'd'].map((token) => t.book.claimOrder('order-1', claimNow(t.clock, token, LEASE_MS))),
    );
    const winner = ['a', 'b', 'c', 'd'][claims.findIndex((c) => c.outcome === 'claimed')]!;
    assert.deepEqual(claims.map((c) => c.outcome).sort(), ['busy', 'busy', 'busy', 'claimed']);
    assert.equal(await t.book.create(t.session, 'someone else'), false, 'only the claim holder stores it');
    assert.equal(await t.book.create(t.session, winner), true);
    const after = await t.book.claimOrder('order-1', claimNow(t.clock, 'late', LEASE_MS));
    assert.equal(after.outcome, 'session');
    assert.equal(after.outcome === 'session' && after.session.id, 'ses_1');
    assert.deepEqual(t.counted, ['created']);
    assert.deepEqual(
      (await t.book.listPending(10)).map((p) => p.id),
      ['ses_1'],
    );
  });

  it('marks a session paid exactly once, owing onPaid and session.paid once', async () => {
    const t = setup();
    await t.open();
    const marks = await Promise.all(
      Array.from({ length: 5 }, (_, i) =>
        t.book.markPaid('ses_1', {
          paidAt: '2026-11-21T10:05:00.000Z',
          transactionId: `txn_${i}`,
          transactionRef: `TRF-${i}`,
        }),
      ),
    );
    const made = marks.filter((m) => m !== null);
    assert.equal(made.length, 1);
    assert.equal(made[0]?.status, 'paid');
    assert.deepEqual(
      (await t.onPaidOwed()).map((e) => e.id),
      ['ses_1'],
    );
    assert.deepEqual(
      t.events.map((e) => [e.type, e.id, e.data['merchant_name']]),
      [['session.paid', 'session.paid.ses_1', 'Acme Stores']],
    );
    assert.deepEqual(await t.book.listPending(10), []);
    const stored = await t.book.findByReference('REF-1');
    assert.equal(stored?.transactionId, made[0]?.transactionId);
    assert.equal((await t.book.findByOrder('order-1'))?.status, 'paid');
  });

  it('expires a session only while it has the account that expired, and renews it for one caller', async () => {
    const t = setup();
    await t.open();
    assert.equal(await t.book.markExpired('ses_1', 'REF-OTHER'), null);
    assert.equal((await t.book.markExpired('ses_1', 'REF-1'))?.status, 'expired');
    assert.equal(await t.book.markExpired('ses_1', 'REF-1'), null, 'once');
    assert.deepEqual(
      t.events.map((e) => e.id),
      ['session.expired.ses_1.REF-1'],
    );
    const [a, b] = await Promise.all([
      t.book.claimRenewal('ses_1', 'REF-1', claimNow(t.clock, 'a', LEASE_MS)),
      t.book.claimRenewal('ses_1', 'REF-1', claimNow(t.clock, 'b', LEASE_MS)),
    ]);
    assert.equal([a, b].filter(Boolean).length, 1);
    const holder = a ? 'a' : 'b';
    const renewal = {
      account: { accountName: 'Acme Stores / Ada', accountNumber: '9900445566', bankName: 'Sandbox Bank' },
      reference: 'REF-2',
      expiresAt: '2026-11-21T11:00:00.000Z',
    };
    assert.equal(await t.book.renew('ses_1', holder === 'a' ? 'b' : 'a', renewal), false);
    assert.equal(await t.book.renew('ses_1', holder, renewal), true);
    const renewed = await t.book.get('ses_1');
    assert.equal(renewed?.status, 'pending');
    assert.equal(renewed?.account.accountNumber, '9900445566');
    assert.equal((await t.book.findByReference('REF-2'))?.id, 'ses_1');
    assert.equal((await t.book.findByReference('REF-1'))?.id, 'ses_1', 'the old account still names it');
    assert.equal(await t.book.markExpired('ses_1', 'REF-1'), null, 'the old account expires nothing now');
    assert.deepEqual(
      (await t.book.listPending(10)).map((p) => p.reference),
      ['REF-2'],
    );
  });

  it('takes a payment into an expired account: expired → paid', async () => {
    const t = setup();
    await t.open();
    await t.book.markExpired('ses_1', 'REF-1');
    const paid = await t.book.markPaid('ses_1', {
      paidAt: '2026-11-21T10:40:00.000Z',
      transactionId: 'txn_late',
      transactionRef: 'TRF-late',
    });
    assert.equal(paid?.status, 'paid');
    assert.equal((await t.onPaidOwed()).length, 1);
  });

  it('refuses to read a stored session that is not one', () => {
    assert.throws(() => sessionOf('ses_1'), StoredDataError);
    assert.equal(sessionOf({ id: 'ses_1', status: 'weird' }).status, 'pending');
  });
});
