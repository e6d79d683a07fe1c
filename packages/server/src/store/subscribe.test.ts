// The stores' change announcements (`subscribe`), which feed the kit's status streams: one per
// committed transition, none for a refused one, none after unsubscribing.
import { after, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { MemoryStore } from './memory.js';
import { SqliteStore } from './sqlite.js';
import type { SessionRecord, SessionStore } from './types.js';

const dir = mkdtempSync(join(tmpdir(), 'pay-subscribe-'));
after(() => rmSync(dir, { recursive: true, force: true }));

const record: SessionRecord = {
  id: 'ses_s',
  orderId: 'order-1',
  customerId: 'cus_1',
  amount: '5000.00',
  currency: 'NGN',
  status: 'pending',
  account: { accountName: 'Demo Shop', accountNumber: '9912345678', bankName: 'Wema Bank' },
  reference: 'ref_1',
  createdAt: '2026-11-21T10:00:00.000Z',
  expiresAt: '2026-11-21T10:30:00.000Z',
  paidAt: null,
  transactionId: null,
};

const kinds: Array<[string, () => SessionStore]> = [
  ['MemoryStore', () => new MemoryStore()],
  ['SqliteStore', () => new SqliteStore(join(dir, 'subscribe.db'))],
];

for (const [name, open] of kinds) {
  describe(`${name}.subscribe`, () => {
    it('announces expiry, renewal and payment once each, refused transitions never, and stops when asked', async () => {
      const store = open();
      const heard: string[] = [];
      const stop = store.subscribe?.((id) => heard.push(id));
      assert.ok(stop, 'the store announces its changes');
      await store.create(record);
      assert.deepEqual(heard, [], 'a new session is no change to a stream');
      assert.equal(await store.markExpired('ses_s', 'ref_other'), false);
      assert.equal(await store.markExpired('ses_s', 'ref_1'), true);
      assert.equal(await store.markExpired('ses_s', 'ref_1'), false);
      const renewal = { account: record.account, reference: 'ref_2', expiresAt: '2026-11-21T11:00:00.000Z' };
      assert.equal(await store.renew('ses_s', 'ref_1', renewal), true);
      const mark = { paidAt: '2026-11-21T10:40:00.000Z', transactionId: 'txn_1', now: 1 };
      assert.equal(await store.markPaid('ses_s', mark), true);
      assert.equal(await store.markPaid('ses_s', mark), false);
      assert.deepEqual(heard, ['ses_s', 'ses_s', 'ses_s']);
      stop();
      await store.create({ ...record, id: 'ses_t', reference: 'ref_3' });
      await store.markExpired('ses_t', 'ref_3');
      assert.equal(heard.length, 3);
      await store.close();
    });
  });
}
