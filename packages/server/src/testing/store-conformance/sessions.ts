// The sessions part (`SessionPart`): an order has one session, claims are compare-and-sets that hold
// across connections, a holder renews its claim (a lease), and each transition happens once.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import type { PayStore } from '../../store/parts.js';
import {
  across,
  claimAt,
  connections,
  paid,
  renewal,
  seed,
  sessionRecord,
  type StoreFactory,
} from './support.js';

interface Test {
  connections: number;
  run: (stores: PayStore[]) => Promise<void>;
}

/** The part's tests, each on the number of connections it needs. */
const tests: Record<string, Test> = {
  'stores a session under its order claim and finds it by id, reference and order': {
    connections: 1,
    run: async ([store]) => {
      if (!store) throw new Error('no store');
      const { sessions } = store;
      const s = await seed(store, sessionRecord({ id: 'ses_a' }));
      assert.deepEqual(await sessions.get('ses_a'), s);
      assert.deepEqual(await sessions.findByReference('ref_ses_a'), s);
      assert.deepEqual(await sessions.findByOrder('order-1'), s);
      assert.equal(await sessions.get('ses_missing'), null);
      assert.equal(await sessions.findByReference('nope'), null);
      assert.equal(await sessions.findByOrder('order-none'), null);
      assert.deepEqual(await sessions.claimOrder('order-1', claimAt('late')), {
        outcome: 'session',
        session: s,
      });
      assert.equal(
        await sessions.create(sessionRecord({ id: 'ses_a2' }), 'late'),
        false,
        'no second session for the order',
      );
      assert.equal(await sessions.get('ses_a2'), null);
    },
  },
  'gives one order claim to exactly one of 20 callers on several connections': {
    connections: 4,
    run: async (stores) => {
      const outcomes = await across(stores, 20, (store, i) =>
        store.sessions.claimOrder('order-c', claimAt(`t${i}`)),
      );
      const winners = outcomes.flatMap((o, i) => (o.outcome === 'claimed' ? [i] : []));
      assert.equal(winners.length, 1);
      assert.equal(outcomes.filter((o) => o.outcome === 'busy').length, 19);
      const winner = winners[0] ?? -1;
      const session = sessionRecord({ id: 'ses_c', orderId: 'order-c' });
      const creates = await across(stores, 20, (store, i) =>
        store.sessions.create({ ...session, id: `ses_c${i}`, reference: `ref_c${i}` }, `t${i}`),
      );
      assert.deepEqual(
        creates.flatMap((ok, i) => (ok ? [i] : [])),
        [winner],
        'only the claim holder stores the session',
      );
      const after = await across(stores, 8, (store, i) =>
        store.sessions.claimOrder('order-c', claimAt(`u${i}`)),
      );
      for (const o of after) {
        assert.equal(o.outcome, 'session');
        if (o.outcome === 'session') assert.equal(o.session.id, `ses_c${winner}`);
      }
    },
  },
  'lets a released claim be taken, and a stale one be taken over (its holder then stores nothing)': {
    connections: 2,
    run: async ([a, b]) => {
      if (!a || !b) throw new Error('no store');
      assert.equal((await a.sessions.claimOrder('order-r', claimAt('first', 1000))).outcome, 'claimed');
      await b.sessions.releaseOrder('order-r', 'someone-else');
      assert.equal(
        (await b.sessions.claimOrder('order-r', claimAt('second', 1000))).outcome,
        'busy',
        'not released by a stranger',
      );
      await a.sessions.releaseOrder('order-r', 'first');
      assert.equal(
        (await b.sessions.claimOrder('order-r', claimAt('second', 1000))).outcome,
        'claimed',
        'released',
      );
      assert.equal(
        (await a.sessions.claimOrder('order-r', claimAt('third', 31_000))).outcome,
        'busy',
        'not stale yet',
      );
      assert.equal(
        (await a.sessions.claimOrder('order-r', claimAt('third', 31_001))).outcome,
        'claimed',
        'stale: taken over',
      );
      const dead = sessionRecord({ id: 'ses_dead', orderId: 'order-r' });
      assert.equal(
        await b.sessions.create(dead, 'second'),
        false,
        'the holder that was taken over stores nothing',
      );
      assert.equal(await b.sessions.get('ses_dead'), null);
      const live = sessionRecord({ id: 'ses_live', orderId: 'order-r' });
      assert.equal(await a.sessions.create(live, 'third'), true);
      assert.equal((await b.sessions.findByOrder('order-r'))?.id, 'ses_live');
      await a.sessions.releaseOrder('order-r', 'third');
      assert.equal(
        (await b.sessions.findByOrder('order-r'))?.id,
        'ses_live',
        'a stored session is never released',
      );
    },
  },
  'renews an order claim for its holder only, so a live holder is never taken over (a lease)': {
    connections: 2,
    run: async ([a, b]) => {
      if (!a || !b) throw new Error('no store');
      const lease = (token: string, now: number) => claimAt(token, now, 5000);
      assert.equal((await a.sessions.claimOrder('order-l', lease('holder', 1000))).outcome, 'claimed');
      assert.equal(
        (await a.sessions.claimOrder('order-l', lease('holder', 4000))).outcome,
        'claimed',
        'the holder renews',
      );
      assert.equal(
        (await b.sessions.claimOrder('order-l', lease('other', 8000))).outcome,
        'busy',
        'renewed at 4000: not stale at 8000, though the first claim was',
      );
      assert.equal(
        (await b.sessions.claimOrder('order-l', lease('other', 9001))).outcome,
        'claimed',
        'the holder stopped renewing: taken over',
      );
      assert.equal(
        (await a.sessions.claimOrder('order-l', lease('holder', 9002))).outcome,
        'busy',
        'the old holder cannot take it back',
      );
      assert.equal(
        await a.sessions.create(sessionRecord({ id: 'ses_l1', orderId: 'order-l' }), 'holder'),
        false,
      );
      assert.equal(
        await b.sessions.create(sessionRecord({ id: 'ses_l2', orderId: 'order-l' }), 'other'),
        true,
      );
    },
  },
  'marks a session paid exactly once, however many callers race on several connections': {
    connections: 3,
    run: async (stores) => {
      const [store] = stores;
      if (!store) throw new Error('no store');
      await seed(store, sessionRecord({ id: 'ses_b' }));
      const results = await across(stores, 20, (s) => s.sessions.markPaid('ses_b', paid()));
      assert.equal(results.filter(Boolean).length, 1);
      const record = await store.sessions.get('ses_b');
      assert.equal(record?.status, 'paid');
      assert.equal(record?.paidAt, '2026-11-21T10:05:00.000Z');
      assert.equal(record?.transactionId, 'txn_1');
      assert.equal(await store.sessions.markPaid('ses_b', paid()), false);
      assert.equal(
        await store.sessions.markExpired('ses_b', 'ref_ses_b'),
        false,
        'a paid session never expires',
      );
      assert.equal(await store.sessions.markPaid('ses_unknown', paid()), false);
      assert.deepEqual(await store.sessions.listPending(), []);
    },
  },
  'expires only a pending session that still has the given reference; a late credit still pays it': {
    connections: 1,
    run: async ([store]) => {
      if (!store) throw new Error('no store');
      const { sessions } = store;
      await seed(store, sessionRecord({ id: 'ses_e' }));
      assert.equal(await sessions.markExpired('ses_e', 'ref_other'), false);
      assert.equal(await sessions.markExpired('ses_e', 'ref_ses_e'), true);
      assert.equal(await sessions.markExpired('ses_e', 'ref_ses_e'), false);
      assert.equal((await sessions.get('ses_e'))?.status, 'expired');
      assert.equal((await sessions.findByOrder('order-1'))?.status, 'expired', 'still the order’s session');
      assert.equal(await sessions.markPaid('ses_e', paid()), true);
      assert.equal((await sessions.get('ses_e'))?.status, 'paid');
    },
  },
  'gives a renewal claim to one caller of 20 and renews once, keeping the old reference findable': {
    connections: 4,
    run: async (stores) => {
      const [store] = stores;
      if (!store) throw new Error('no store');
      await seed(store, sessionRecord({ id: 'ses_d' }));
      assert.equal(
        await store.sessions.claimRenewal('ses_d', 'ref_ses_d', claimAt('early')),
        false,
        'pending: not renewable',
      );
      await store.sessions.markExpired('ses_d', 'ref_ses_d');
      const claims = await across(stores, 20, (s, i) =>
        s.sessions.claimRenewal('ses_d', 'ref_ses_d', claimAt(`r${i}`)),
      );
      const winners = claims.flatMap((ok, i) => (ok ? [i] : []));
      assert.equal(winners.length, 1);
      const winner = winners[0] ?? -1;
      const renews = await across(stores, 20, (s, i) =>
        s.sessions.renew('ses_d', `r${i}`, renewal(`ref_new${i}`)),
      );
      assert.deepEqual(
        renews.flatMap((ok, i) => (ok ? [i] : [])),
        [winner],
      );
      const record = await store.sessions.get('ses_d');
      assert.equal(record?.status, 'pending');
      assert.equal(record?.reference, `ref_new${winner}`);
      assert.equal(record?.account.accountNumber, '9900000001');
      assert.equal(record?.expiresAt, '2026-11-21T11:30:00.000Z');
      assert.equal((await store.sessions.findByReference('ref_ses_d'))?.id, 'ses_d');
      assert.equal((await store.sessions.findByReference(`ref_new${winner}`))?.id, 'ses_d');
      assert.equal(
        await store.sessions.claimRenewal('ses_d', 'ref_ses_d', claimAt('again')),
        false,
        'the old account is gone',
      );
    },
  },
  'lets a released or stale renewal claim be taken over, renews it for its holder, never renews a paid session':
    {
      connections: 2,
      run: async ([a, b]) => {
        if (!a || !b) throw new Error('no store');
        await seed(a, sessionRecord({ id: 'ses_s' }));
        await a.sessions.markExpired('ses_s', 'ref_ses_s');
        assert.equal(await a.sessions.claimRenewal('ses_s', 'ref_ses_s', claimAt('one', 1000)), true);
        assert.equal(await b.sessions.claimRenewal('ses_s', 'ref_ses_s', claimAt('two', 1000)), false);
        await b.sessions.releaseRenewal('ses_s', 'one');
        assert.equal(
          await b.sessions.claimRenewal('ses_s', 'ref_ses_s', claimAt('two', 1000)),
          true,
          'released',
        );
        assert.equal(
          await b.sessions.claimRenewal('ses_s', 'ref_ses_s', claimAt('two', 20_000)),
          true,
          'its holder renews it',
        );
        assert.equal(
          await a.sessions.claimRenewal('ses_s', 'ref_ses_s', claimAt('three', 31_001)),
          false,
          'renewed at 20 000: not stale at 31 001',
        );
        assert.equal(
          await a.sessions.claimRenewal('ses_s', 'ref_ses_s', claimAt('three', 50_001)),
          true,
          'stale: taken over',
        );
        assert.equal(
          await b.sessions.renew('ses_s', 'two', renewal('ref_two')),
          false,
          'taken over: renews nothing',
        );
        assert.equal(await a.sessions.markPaid('ses_s', paid()), true, 'a late credit for the old account');
        assert.equal(
          await a.sessions.renew('ses_s', 'three', renewal('ref_three')),
          false,
          'paid: no new account',
        );
        assert.equal((await b.sessions.get('ses_s'))?.status, 'paid');
        assert.equal(await b.sessions.findByReference('ref_three'), null);
      },
    },
  'lists pending sessions oldest first': {
    connections: 1,
    run: async ([store]) => {
      if (!store) throw new Error('no store');
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
        (await store.sessions.listPending()).map((s) => s.id),
        ['ses_old', 'ses_new'],
      );
      assert.deepEqual(
        (await store.sessions.listPending(1)).map((s) => s.id),
        ['ses_old'],
      );
    },
  },
};

export function sessionPartConformance(name: string, factory: StoreFactory): void {
  const { withStores } = connections(factory);
  describe(`${name}: sessions`, () => {
    for (const [title, test] of Object.entries(tests))
      it(title, () => withStores(test.connections, test.run));
  });
}
