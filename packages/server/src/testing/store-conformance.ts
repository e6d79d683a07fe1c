// The one conformance suite of session stores: every implementation (memory, SQLite, PostgreSQL)
// runs it through a factory. `connect` gives several connections to one database, so that the
// exactly-once rules are shown to hold between connections (processes), not only within one.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import type { Claim, Renewal, SessionRecord, SessionStore } from '../store/types.js';

export interface StoreFactory {
  /** `count` connections to one new, empty database (the memory store: one store `count` times) */
  connect(count: number): Promise<SessionStore[]>;
}

let sessions = 0;

export function sessionRecord(overrides: Partial<SessionRecord> = {}): SessionRecord {
  const id = overrides.id ?? `ses_${++sessions}_${Math.random().toString(36).slice(2)}`;
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

/** A claim made at `now` that counts claims older than `timeout` as stale. */
export function claimAt(token: string, now = 1000, timeout = 30_000): Claim {
  return { token, now, staleBefore: now - timeout };
}

/** Stores a session as the kit does: claim its order, then create under that claim. */
export async function seed(store: SessionStore, session: SessionRecord): Promise<SessionRecord> {
  const claimed = await store.claimOrder(session.orderId, claimAt(`seed-${session.id}`));
  assert.equal(claimed.outcome, 'claimed', `order ${session.orderId} is free`);
  assert.equal(await store.create(session, `seed-${session.id}`), true);
  return session;
}

const paid = (now = 1000) => ({ paidAt: '2026-11-21T10:05:00.000Z', transactionId: 'txn_1', now });

const renewal = (reference: string): Renewal => ({
  account: { accountName: 'Demo Shop', accountNumber: '9900000001', bankName: 'Wema Bank' },
  reference,
  expiresAt: '2026-11-21T11:30:00.000Z',
});

/** Runs `work` on each connection in turn, all at once. */
function across<T>(
  stores: SessionStore[],
  times: number,
  work: (store: SessionStore, i: number) => Promise<T>,
) {
  return Promise.all(
    Array.from({ length: times }, (_, i) => {
      const store = stores[i % stores.length];
      if (!store) throw new Error('no store');
      return work(store, i);
    }),
  );
}

/** Waits (50 ms at a time, 5 s at most) for `done`: announcements may cross a database connection. */
async function eventually(done: () => boolean): Promise<void> {
  const deadline = Date.now() + 5000;
  while (!done() && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 50));
}

/** Long enough for an announcement that should not come to have come. */
const settle = () => new Promise((resolve) => setTimeout(resolve, 200));

async function closeAll(stores: SessionStore[]): Promise<void> {
  for (const store of new Set(stores)) await store.close();
}

export function storeConformance(name: string, factory: StoreFactory): void {
  describe(`${name} conformance`, () => {
    async function withStores(count: number, test: (stores: SessionStore[]) => Promise<void>) {
      const stores = await factory.connect(count);
      try {
        await test(stores);
      } finally {
        await closeAll(stores);
      }
    }
    const one = (test: (store: SessionStore) => Promise<void>) =>
      withStores(1, ([store]) => (store ? test(store) : Promise.reject(new Error('no store'))));

    it('stores a session under its order claim and finds it by id, reference, order and customer', () =>
      one(async (store) => {
        const s = await seed(store, sessionRecord({ id: 'ses_a' }));
        assert.deepEqual(await store.get('ses_a'), s);
        assert.deepEqual(await store.findByReference('ref_ses_a'), s);
        assert.deepEqual(await store.findByOrder('order-1'), s);
        assert.deepEqual(await store.listPendingByCustomer('cus_1'), [s]);
        assert.deepEqual(await store.listPendingByCustomer('cus_2'), []);
        assert.equal(await store.get('ses_missing'), null);
        assert.equal(await store.findByReference('nope'), null);
        assert.equal(await store.findByOrder('order-none'), null);
        assert.deepEqual(await store.claimOrder('order-1', claimAt('late')), {
          outcome: 'session',
          session: s,
        });
        assert.equal(
          await store.create(sessionRecord({ id: 'ses_a2' }), 'late'),
          false,
          'no second session for the order',
        );
        assert.equal(await store.get('ses_a2'), null);
      }));

    it('gives one order claim to exactly one of 20 callers on several connections', () =>
      withStores(4, async (stores) => {
        const outcomes = await across(stores, 20, (store, i) =>
          store.claimOrder('order-c', claimAt(`t${i}`)),
        );
        const winners = outcomes.flatMap((o, i) => (o.outcome === 'claimed' ? [i] : []));
        assert.equal(winners.length, 1);
        assert.equal(outcomes.filter((o) => o.outcome === 'busy').length, 19);
        const winner = winners[0] ?? -1;
        const session = sessionRecord({ id: 'ses_c', orderId: 'order-c' });
        const creates = await across(stores, 20, (store, i) =>
          store.create({ ...session, id: `ses_c${i}`, reference: `ref_c${i}` }, `t${i}`),
        );
        assert.deepEqual(
          creates.flatMap((ok, i) => (ok ? [i] : [])),
          [winner],
          'only the claim holder stores the session',
        );
        const after = await across(stores, 8, (store, i) => store.claimOrder('order-c', claimAt(`u${i}`)));
        for (const o of after) {
          assert.equal(o.outcome, 'session');
          if (o.outcome === 'session') assert.equal(o.session.id, `ses_c${winner}`);
        }
      }));

    it('lets a released claim be taken, and a stale one be taken over (its holder then stores nothing)', () =>
      withStores(2, async ([a, b]) => {
        if (!a || !b) throw new Error('no store');
        assert.equal((await a.claimOrder('order-r', claimAt('first', 1000))).outcome, 'claimed');
        await b.releaseOrder('order-r', 'someone-else');
        assert.equal(
          (await b.claimOrder('order-r', claimAt('second', 1000))).outcome,
          'busy',
          'not released by a stranger',
        );
        await a.releaseOrder('order-r', 'first');
        assert.equal((await b.claimOrder('order-r', claimAt('second', 1000))).outcome, 'claimed', 'released');
        assert.equal(
          (await a.claimOrder('order-r', claimAt('third', 31_000))).outcome,
          'busy',
          'not stale yet',
        );
        assert.equal(
          (await a.claimOrder('order-r', claimAt('third', 31_001))).outcome,
          'claimed',
          'stale: taken over',
        );
        const dead = sessionRecord({ id: 'ses_dead', orderId: 'order-r' });
        assert.equal(await b.create(dead, 'second'), false, 'the holder that was taken over stores nothing');
        assert.equal(await b.get('ses_dead'), null);
        const live = sessionRecord({ id: 'ses_live', orderId: 'order-r' });
        assert.equal(await a.create(live, 'third'), true);
        assert.equal((await b.findByOrder('order-r'))?.id, 'ses_live');
        await a.releaseOrder('order-r', 'third');
        assert.equal((await b.findByOrder('order-r'))?.id, 'ses_live', 'a stored session is never released');
      }));

    it('marks a session paid exactly once, however many callers race on several connections', () =>
      withStores(3, async (stores) => {
        const [store] = stores;
        if (!store) throw new Error('no store');
        await seed(store, sessionRecord({ id: 'ses_b' }));
        const results = await across(stores, 20, (s) => s.markPaid('ses_b', paid()));
        assert.equal(results.filter(Boolean).length, 1);
        const record = await store.get('ses_b');
        assert.equal(record?.status, 'paid');
        assert.equal(record?.paidAt, '2026-11-21T10:05:00.000Z');
        assert.equal(record?.transactionId, 'txn_1');
        assert.equal(await store.markPaid('ses_b', paid()), false);
        assert.equal(await store.markExpired('ses_b', 'ref_ses_b'), false, 'a paid session never expires');
        assert.equal(await store.markPaid('ses_unknown', paid()), false);
        assert.deepEqual(await store.listPendingByCustomer('cus_1'), []);
      }));

    it('expires only a pending session that still has the given reference; a late credit still pays it', () =>
      one(async (store) => {
        await seed(store, sessionRecord({ id: 'ses_e' }));
        assert.equal(await store.markExpired('ses_e', 'ref_other'), false);
        assert.equal(await store.markExpired('ses_e', 'ref_ses_e'), true);
        assert.equal(await store.markExpired('ses_e', 'ref_ses_e'), false);
        assert.equal((await store.get('ses_e'))?.status, 'expired');
        assert.equal((await store.findByOrder('order-1'))?.status, 'expired', 'still the order’s session');
        assert.equal(await store.markPaid('ses_e', paid()), true);
        assert.equal((await store.get('ses_e'))?.status, 'paid');
      }));

    it('gives a renewal claim to one caller of 20 and renews once, keeping the old reference findable', () =>
      withStores(4, async (stores) => {
        const [store] = stores;
        if (!store) throw new Error('no store');
        await seed(store, sessionRecord({ id: 'ses_d' }));
        assert.equal(
          await store.claimRenewal('ses_d', 'ref_ses_d', claimAt('early')),
          false,
          'pending: not renewable',
        );
        await store.markExpired('ses_d', 'ref_ses_d');
        const claims = await across(stores, 20, (s, i) =>
          s.claimRenewal('ses_d', 'ref_ses_d', claimAt(`r${i}`)),
        );
        const winners = claims.flatMap((ok, i) => (ok ? [i] : []));
        assert.equal(winners.length, 1);
        const winner = winners[0] ?? -1;
        const renews = await across(stores, 20, (s, i) => s.renew('ses_d', `r${i}`, renewal(`ref_new${i}`)));
        assert.deepEqual(
          renews.flatMap((ok, i) => (ok ? [i] : [])),
          [winner],
        );
        const record = await store.get('ses_d');
        assert.equal(record?.status, 'pending');
        assert.equal(record?.reference, `ref_new${winner}`);
        assert.equal(record?.account.accountNumber, '9900000001');
        assert.equal(record?.expiresAt, '2026-11-21T11:30:00.000Z');
        assert.equal((await store.findByReference('ref_ses_d'))?.id, 'ses_d');
        assert.equal((await store.findByReference(`ref_new${winner}`))?.id, 'ses_d');
        assert.equal(
          await store.claimRenewal('ses_d', 'ref_ses_d', claimAt('again')),
          false,
          'the old account is gone',
        );
      }));

    it('lets a released or stale renewal claim be taken over, and never renews a paid session', () =>
      withStores(2, async ([a, b]) => {
        if (!a || !b) throw new Error('no store');
        await seed(a, sessionRecord({ id: 'ses_s' }));
        await a.markExpired('ses_s', 'ref_ses_s');
        assert.equal(await a.claimRenewal('ses_s', 'ref_ses_s', claimAt('one', 1000)), true);
        assert.equal(await b.claimRenewal('ses_s', 'ref_ses_s', claimAt('two', 1000)), false);
        await b.releaseRenewal('ses_s', 'one');
        assert.equal(await b.claimRenewal('ses_s', 'ref_ses_s', claimAt('two', 1000)), true, 'released');
        assert.equal(
          await a.claimRenewal('ses_s', 'ref_ses_s', claimAt('three', 31_001)),
          true,
          'stale: taken over',
        );
        assert.equal(await b.renew('ses_s', 'two', renewal('ref_two')), false, 'taken over: renews nothing');
        assert.equal(await a.markPaid('ses_s', paid()), true, 'a late credit for the old account');
        assert.equal(await a.renew('ses_s', 'three', renewal('ref_three')), false, 'paid: no new account');
        assert.equal((await b.get('ses_s'))?.status, 'paid');
        assert.equal(await b.findByReference('ref_three'), null);
      }));

    it('remembers webhook event ids', () =>
      one(async (store) => {
        assert.equal(await store.hasEvent('evt_1'), false);
        assert.equal(await store.rememberEvent('evt_1', 1), true);
        assert.equal(await store.rememberEvent('evt_1', 2), false);
        assert.equal(await store.hasEvent('evt_1'), true);
      }));

    it('records the onPaid owed with the paid transition and lets one caller claim a retry', () =>
      withStores(2, async ([a, b]) => {
        if (!a || !b) throw new Error('no store');
        await seed(a, sessionRecord({ id: 'ses_o' }));
        await seed(a, sessionRecord({ id: 'ses_p', orderId: 'order-2' }));
        await a.markPaid('ses_o', paid(1000));
        assert.deepEqual(await b.listOwed(1000), [], 'claimed at 1000 by the transition');
        assert.deepEqual(
          (await b.listOwed(1001)).map((s) => s.id),
          ['ses_o'],
        );
        const claims = await Promise.all([
          a.claimOwed('ses_o', 1001, 2000),
          b.claimOwed('ses_o', 1001, 2000),
        ]);
        assert.deepEqual(claims.sort(), [false, true]);
        assert.equal(await a.claimOwed('ses_p', 5000, 5000), false, 'nothing owed for an unpaid session');
        await b.markDelivered('ses_o');
        assert.deepEqual(await a.listOwed(Number.MAX_SAFE_INTEGER), []);
      }));

    it('announces each committed expiry, renewal and payment, nothing refused, and stops when asked', () =>
      withStores(1, async ([writer]) => {
        assert.ok(writer);
        // every store here announces its own changes (PostgreSQL also those of other instances: its tests)
        const heard: string[] = [];
        const stop = writer.subscribe?.((id) => heard.push(id));
        assert.ok(stop, 'the store announces its changes');
        await writer.listenReady?.();
        const s = await seed(writer, sessionRecord({ id: 'ses_told', orderId: 'order-told' }));
        assert.equal(await writer.markExpired(s.id, 'ref_other'), false);
        assert.equal(await writer.markExpired(s.id, s.reference), true);
        assert.equal(await writer.markExpired(s.id, s.reference), false);
        assert.equal(await writer.claimRenewal(s.id, s.reference, claimAt('r')), true);
        assert.equal(await writer.renew(s.id, 'r', renewal('ref_told_2')), true);
        assert.equal(await writer.markPaid(s.id, paid()), true);
        assert.equal(await writer.markPaid(s.id, paid()), false);
        assert.equal(await writer.claimOwed(s.id, 5000, 6000), true, 'a claim is no change to a stream');
        await eventually(() => heard.length >= 3);
        await settle();
        assert.deepEqual(heard, ['ses_told', 'ses_told', 'ses_told'], 'expired, renewed, paid');
        stop();
        const t = await seed(writer, sessionRecord({ id: 'ses_untold', orderId: 'order-untold' }));
        await writer.markExpired(t.id, t.reference);
        await settle();
        assert.equal(heard.length, 3, 'nothing after unsubscribing');
      }));

    it('lists pending sessions oldest first', () =>
      one(async (store) => {
        await seed(
          store,
          sessionRecord({ id: 'ses_new', orderId: 'o-new', createdAt: '2026-11-21T10:02:00.000Z' }),
        );
        await seed(
          store,
          sessionRecord({ id: 'ses_old', orderId: 'o-old', createdAt: '2026-11-21T10:01:00.000Z' }),
        );
        await seed(store, sessionRecord({ id: 'ses_gone', orderId: 'o-gone', status: 'expired' }));
        assert.deepEqual(
          (await store.listPending()).map((s) => s.id),
          ['ses_old', 'ses_new'],
        );
        assert.deepEqual(
          (await store.listPending(1)).map((s) => s.id),
          ['ses_old'],
        );
      }));

    it('gives the merchant-wide check to one caller of 20 on several connections per interval', () =>
      withStores(3, async (stores) => {
        const claims = await across(stores, 20, (store) => store.claimWatch(10_000, 5000));
        assert.equal(claims.filter(Boolean).length, 1);
        const [a] = stores;
        assert.ok(a);
        assert.equal(await a.claimWatch(14_999, 5000), false, 'not due before the interval');
        assert.equal(await a.claimWatch(15_000, 5000), true, 'due after it');
        assert.equal(await a.claimWatch(15_001, 0), true, 'a forced check (interval 0) is always due');
      }));

    it('shares the watermark, the last webhook and provider waits between connections; times never move back', () =>
      withStores(2, async ([a, b]) => {
        assert.ok(a && b);
        assert.deepEqual(await b.readWatch(), { watermark: null, webhookAt: null, waits: {} });
        await a.advanceWatermark(5000);
        await a.advanceWatermark(4000);
        await a.noteWebhook(7000);
        await a.noteWebhook(6000);
        await a.setProviderWait('transactions', { until: 9000, reason: 'rate_limited' });
        await a.setProviderWait('accounts', { until: 8000, reason: 'unavailable' });
        assert.deepEqual(await b.readWatch(), {
          watermark: 5000,
          webhookAt: 7000,
          waits: {
            transactions: { until: 9000, reason: 'rate_limited' },
            accounts: { until: 8000, reason: 'unavailable' },
          },
        });
        await b.setProviderWait('transactions', { until: 8500, reason: 'unavailable' });
        await b.setProviderWait('accounts', null);
        await b.advanceWatermark(6000);
        assert.deepEqual(await a.readWatch(), {
          watermark: 6000,
          webhookAt: 7000,
          waits: { transactions: { until: 8500, reason: 'unavailable' } },
        });
      }));
  });
}
