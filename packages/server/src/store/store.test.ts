import { after, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { MemoryStore } from './memory.js';
import { SqliteStore } from './sqlite.js';
import type { SessionRecord, SessionStore } from './types.js';

const dir = mkdtempSync(join(tmpdir(), 'pay-store-'));
after(() => rmSync(dir, { recursive: true, force: true }));
let files = 0;
const sqliteFile = () => join(dir, `store-${++files}.db`);

function session(overrides: Partial<SessionRecord> = {}): SessionRecord {
  const id = overrides.id ?? `ses_${Math.random().toString(36).slice(2)}`;
  return {
    id,
    orderId: 'order-1',
    customerId: 'cus_1',
    amount: '5000.00',
    currency: 'NGN',
    status: 'pending',
    account: { accountName: 'Demo Shop', accountNumber: '9912345678', bankName: 'Wema Bank' },
    reference: `ref_${id}`,
    createdAt: '2026-11-21T10:00:00.000Z',
    expiresAt: '2026-11-21T10:30:00.000Z',
    paidAt: null,
    transactionId: null,
    ...overrides,
  };
}

const paid = (now = 1000) => ({ paidAt: '2026-11-21T10:05:00.000Z', transactionId: 'txn_1', now });

const kinds: Array<[string, () => SessionStore]> = [
  ['MemoryStore', () => new MemoryStore()],
  ['SqliteStore', () => new SqliteStore(sqliteFile())],
];

for (const [name, open] of kinds) {
  describe(name, () => {
    it('stores a session and finds it by id, reference, order and customer', async () => {
      const store = open();
      const s = session({ id: 'ses_a' });
      await store.create(s);
      assert.deepEqual(await store.get('ses_a'), s);
      assert.deepEqual(await store.findByReference('ref_ses_a'), s);
      assert.deepEqual(await store.findOpenByOrder('order-1'), s);
      assert.deepEqual(await store.listPendingByCustomer('cus_1'), [s]);
      assert.deepEqual(await store.listPendingByCustomer('cus_2'), []);
      assert.equal(await store.get('ses_missing'), null);
      assert.equal(await store.findByReference('nope'), null);
      await assert.rejects(store.create(s));
      await store.close();
    });

    it('marks a session paid exactly once, however many callers race', async () => {
      const store = open();
      await store.create(session({ id: 'ses_b' }));
      const results = await Promise.all(Array.from({ length: 20 }, () => store.markPaid('ses_b', paid())));
      assert.equal(results.filter(Boolean).length, 1);
      const record = await store.get('ses_b');
      assert.equal(record?.status, 'paid');
      assert.equal(record?.paidAt, '2026-11-21T10:05:00.000Z');
      assert.equal(record?.transactionId, 'txn_1');
      assert.equal(await store.markPaid('ses_b', paid()), false);
      assert.equal(await store.markExpired('ses_b', 'ref_ses_b'), false, 'a paid session never expires');
      assert.equal(await store.markPaid('ses_unknown', paid()), false);
      assert.deepEqual(await store.listPendingByCustomer('cus_1'), []);
      await store.close();
    });

    it('expires only a pending session that still has the given reference; a late credit still pays it', async () => {
      const store = open();
      await store.create(session({ id: 'ses_c' }));
      assert.equal(await store.markExpired('ses_c', 'ref_other'), false);
      assert.equal(await store.markExpired('ses_c', 'ref_ses_c'), true);
      assert.equal(await store.markExpired('ses_c', 'ref_ses_c'), false);
      assert.equal((await store.get('ses_c'))?.status, 'expired');
      assert.equal(await store.findOpenByOrder('order-1'), null);
      assert.equal(await store.markPaid('ses_c', paid()), true);
      assert.equal((await store.get('ses_c'))?.status, 'paid');
      await store.close();
    });

    it('renews an expired session once, keeping the old reference findable', async () => {
      const store = open();
      await store.create(session({ id: 'ses_d' }));
      const renewal = {
        account: { accountName: 'Demo Shop', accountNumber: '9900000001', bankName: 'Wema Bank' },
        reference: 'ref_new',
        expiresAt: '2026-11-21T11:30:00.000Z',
      };
      assert.equal(await store.renew('ses_d', 'ref_ses_d', renewal), false, 'pending: not renewable');
      await store.markExpired('ses_d', 'ref_ses_d');
      const [first, second] = await Promise.all([
        store.renew('ses_d', 'ref_ses_d', renewal),
        store.renew('ses_d', 'ref_ses_d', { ...renewal, reference: 'ref_other' }),
      ]);
      assert.deepEqual([first, second], [true, false]);
      const record = await store.get('ses_d');
      assert.equal(record?.status, 'pending');
      assert.equal(record?.reference, 'ref_new');
      assert.equal(record?.account.accountNumber, '9900000001');
      assert.equal(record?.expiresAt, '2026-11-21T11:30:00.000Z');
      assert.equal((await store.findByReference('ref_ses_d'))?.id, 'ses_d');
      assert.equal((await store.findByReference('ref_new'))?.id, 'ses_d');
      assert.equal(await store.findByReference('ref_other'), null);
      await store.close();
    });

    it('remembers webhook event ids', async () => {
      const store = open();
      assert.equal(await store.hasEvent('evt_1'), false);
      assert.equal(await store.rememberEvent('evt_1', 1), true);
      assert.equal(await store.rememberEvent('evt_1', 2), false);
      assert.equal(await store.hasEvent('evt_1'), true);
      await store.close();
    });

    it('records the onPaid owed with the paid transition and lets one caller claim a retry', async () => {
      const store = open();
      await store.create(session({ id: 'ses_e' }));
      await store.create(session({ id: 'ses_f', orderId: 'order-2' }));
      await store.markPaid('ses_e', paid(1000));
      assert.deepEqual(await store.listOwed(1000), [], 'claimed at 1000 by the transition');
      assert.deepEqual(
        (await store.listOwed(1001)).map((s) => s.id),
        ['ses_e'],
      );
      const claims = await Promise.all([
        store.claimOwed('ses_e', 1001, 2000),
        store.claimOwed('ses_e', 1001, 2000),
      ]);
      assert.deepEqual(claims.sort(), [false, true]);
      assert.equal(await store.claimOwed('ses_f', 5000, 5000), false, 'nothing owed for an unpaid session');
      await store.markDelivered('ses_e');
      assert.deepEqual(await store.listOwed(Number.MAX_SAFE_INTEGER), []);
      await store.close();
    });

    it('lists pending sessions oldest first', async () => {
      const store = open();
      await store.create(session({ id: 'ses_new', createdAt: '2026-11-21T10:02:00.000Z' }));
      await store.create(session({ id: 'ses_old', createdAt: '2026-11-21T10:01:00.000Z' }));
      await store.create(session({ id: 'ses_gone', status: 'expired' }));
      assert.deepEqual(
        (await store.listPending()).map((s) => s.id),
        ['ses_old', 'ses_new'],
      );
      assert.equal((await store.findOpenByOrder('order-1'))?.id, 'ses_new');
      await store.close();
    });
  });
}

describe('SqliteStore on a file', () => {
  it('keeps everything across close and reopen, the owed onPaid included', async () => {
    const file = sqliteFile();
    const first = new SqliteStore(file);
    await first.create(session({ id: 'ses_r' }));
    await first.markPaid('ses_r', paid(1000));
    await first.rememberEvent('evt_r', 1000);
    await first.close();
    const second = new SqliteStore(file);
    assert.equal((await second.get('ses_r'))?.status, 'paid');
    assert.deepEqual(
      (await second.listOwed(1001)).map((s) => s.id),
      ['ses_r'],
    );
    assert.equal(await second.hasEvent('evt_r'), true);
    await second.close();
  });

  it('does the compare-and-set in the database: two stores on one file make one transition', async () => {
    const file = sqliteFile();
    const a = new SqliteStore(file);
    const b = new SqliteStore(file);
    await a.create(session({ id: 'ses_shared' }));
    const results = await Promise.all([
      a.markPaid('ses_shared', paid()),
      b.markPaid('ses_shared', paid()),
      b.markPaid('ses_shared', paid()),
      a.markPaid('ses_shared', paid()),
    ]);
    assert.equal(results.filter(Boolean).length, 1);
    assert.equal((await b.get('ses_shared'))?.status, 'paid');
    await a.close();
    await b.close();
  });
});

// The change announcements that feed the kit's status streams: one per committed transition, none
// for a refused one, none after unsubscribing.
for (const [name, open] of kinds) {
  describe(`${name}.subscribe`, () => {
    it('announces expiry, renewal and payment once each, refused transitions never, and stops when asked', async () => {
      const store = open();
      const heard: string[] = [];
      const stop = store.subscribe?.((id) => heard.push(id));
      assert.ok(stop, 'the store announces its changes');
      await store.create(session({ id: 'ses_s', reference: 'ref_1' }));
      assert.deepEqual(heard, [], 'a new session is no change to a stream');
      assert.equal(await store.markExpired('ses_s', 'ref_other'), false);
      assert.equal(await store.markExpired('ses_s', 'ref_1'), true);
      assert.equal(await store.markExpired('ses_s', 'ref_1'), false);
      const renewal = {
        account: session().account,
        reference: 'ref_2',
        expiresAt: '2026-11-21T11:00:00.000Z',
      };
      assert.equal(await store.renew('ses_s', 'ref_1', renewal), true);
      const mark = { paidAt: '2026-11-21T10:40:00.000Z', transactionId: 'txn_1', now: 1 };
      assert.equal(await store.markPaid('ses_s', mark), true);
      assert.equal(await store.markPaid('ses_s', mark), false);
      assert.deepEqual(heard, ['ses_s', 'ses_s', 'ses_s']);
      stop();
      await store.create(session({ id: 'ses_t', reference: 'ref_3' }));
      await store.markExpired('ses_t', 'ref_3');
      assert.equal(heard.length, 3);
      await store.close();
    });
  });
}
