// The funding part (`FundingPart`): a customer's accounts in a currency are opened once however many
// callers race (a claim as for an order), found by number, and each deposit is recorded once with
// its onDeposit owed in the same step (the outbox, kind `deposit`) and announced.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import {
  fundingChange,
  type DepositRecord,
  type FundingAccountRecord,
  type PayStore,
} from '../../store/parts.js';
import { across, claimAt, connections, type StoreFactory } from './support.js';

export function fundingAccount(overrides: Partial<FundingAccountRecord> = {}): FundingAccountRecord {
  return {
    customerId: 'cus_1',
    currency: 'NGN',
    accountNumber: '9900112233',
    accountName: 'Demo Shop - Ada Obi',
    bankName: 'Wema Bank',
    bankCode: '035',
    reference: 'VA_ref_1',
    routing: null,
    swiftCode: null,
    bankAddress: null,
    createdAt: '2026-11-21T10:00:00.000Z',
    ...overrides,
  };
}

export function deposit(overrides: Partial<DepositRecord> = {}): DepositRecord {
  return {
    id: 'txn_1',
    customerId: 'cus_1',
    accountNumber: '9900112233',
    amount: '5000.00',
    currency: 'NGN',
    receivedAt: '2026-11-21T10:05:00.000Z',
    ...overrides,
  };
}

const usd = fundingAccount({
  currency: 'USD',
  accountNumber: '8800112233',
  bankName: 'Citibank N.A.',
  bankCode: 'CITIUS33',
  reference: 'VA_ref_2',
  routing: { ach: '021000089', rtp: '021000089', wire: '021000089' },
  swiftCode: 'CITIUS33',
  bankAddress: '388 Greenwich Street, New York, NY 10013',
});

function partOf(store: PayStore) {
  const { funding } = store;
  if (!funding) throw new Error('the store has no funding part');
  return funding;
}

interface Test {
  connections: number;
  run: (stores: PayStore[]) => Promise<void>;
}

/** The part's tests, each on the number of connections it needs. */
const tests: Record<string, Test> = {
  'gives the right to open a customer’s accounts in a currency to one caller of 20; the others get them once saved':
    {
      connections: 4,
      run: async (stores) => {
        const outcomes = await across(stores, 20, (store, i) =>
          partOf(store).claimAccounts('cus_1', 'USD', claimAt(`t${i}`)),
        );
        const winners = outcomes.flatMap((o, i) => (o.outcome === 'claimed' ? [i] : []));
        assert.equal(winners.length, 1);
        assert.equal(outcomes.filter((o) => o.outcome === 'busy').length, 19);
        const winner = winners[0] ?? -1;
        const saves = await across(stores, 20, (store, i) =>
          partOf(store).saveAccounts('cus_1', 'USD', [{ ...usd, accountNumber: `88${i}` }], `t${i}`),
        );
        assert.deepEqual(
          saves.flatMap((ok, i) => (ok ? [i] : [])),
          [winner],
          'only the holder saves',
        );
        const after = await across(stores, 8, (store, i) =>
          partOf(store).claimAccounts('cus_1', 'USD', claimAt(`u${i}`)),
        );
        for (const o of after)
          assert.deepEqual(o, { outcome: 'accounts', accounts: [{ ...usd, accountNumber: `88${winner}` }] });
        assert.equal(
          (await partOf(stores[0]!).claimAccounts('cus_1', 'NGN', claimAt('ngn'))).outcome,
          'claimed',
          'each currency on its own',
        );
      },
    },
  'lets a released or stale claim be taken over and renews it for its holder; a holder taken over saves nothing':
    {
      connections: 2,
      run: async ([a, b]) => {
        const [fa, fb] = [partOf(a!), partOf(b!)];
        assert.equal((await fa.claimAccounts('cus_2', 'NGN', claimAt('one', 1000))).outcome, 'claimed');
        await fb.releaseAccounts('cus_2', 'NGN', 'stranger');
        assert.equal((await fb.claimAccounts('cus_2', 'NGN', claimAt('two', 1000))).outcome, 'busy');
        await fa.releaseAccounts('cus_2', 'NGN', 'one');
        assert.equal(
          (await fb.claimAccounts('cus_2', 'NGN', claimAt('two', 1000))).outcome,
          'claimed',
          'released',
        );
        assert.equal(
          (await fb.claimAccounts('cus_2', 'NGN', claimAt('two', 20_000))).outcome,
          'claimed',
          'renewed',
        );
        assert.equal(
          (await fa.claimAccounts('cus_2', 'NGN', claimAt('three', 31_000))).outcome,
          'busy',
          'not stale',
        );
        assert.equal(
          (await fa.claimAccounts('cus_2', 'NGN', claimAt('three', 50_001))).outcome,
          'claimed',
          'stale',
        );
        const account = fundingAccount({ customerId: 'cus_2', accountNumber: '9911' });
        assert.equal(
          await fb.saveAccounts('cus_2', 'NGN', [account], 'two'),
          false,
          'taken over: saves nothing',
        );
        assert.equal(await fb.findAccount('9911'), null);
        assert.equal(await fa.saveAccounts('cus_2', 'NGN', [account], 'three'), true);
        await fa.releaseAccounts('cus_2', 'NGN', 'three');
        assert.deepEqual(await fb.accountsOf('cus_2'), [account], 'saved accounts are never released');
      },
    },
  'finds an account by its number and lists a customer’s accounts in every currency': {
    connections: 2,
    run: async ([a, b]) => {
      const [fa, fb] = [partOf(a!), partOf(b!)];
      assert.equal(await fb.hasAccounts(), false);
      const ngn = [
        fundingAccount(),
        fundingAccount({ accountNumber: '9900112234', bankName: 'Access Bank', bankCode: '044' }),
      ];
      await fa.claimAccounts('cus_1', 'NGN', claimAt('n'));
      await fa.saveAccounts('cus_1', 'NGN', ngn, 'n');
      await fa.claimAccounts('cus_1', 'USD', claimAt('u'));
      await fa.saveAccounts('cus_1', 'USD', [usd], 'u');
      assert.equal(await fb.hasAccounts(), true);
      assert.deepEqual(await fb.accountsOf('cus_1'), [...ngn, usd], 'in the order they were saved');
      assert.deepEqual(await fb.accountsOf('cus_other'), []);
      assert.deepEqual(await fb.findAccount('8800112233'), usd, 'routing, SWIFT and address kept');
      assert.equal(await fb.findAccount('000'), null);
    },
  },
  'records a deposit once across 20 callers, owes its onDeposit in the same step, and lists deposits newest first':
    {
      connections: 3,
      run: async (stores) => {
        const [a, b] = stores;
        const fa = partOf(a!);
        const recorded = await across(stores, 20, (store) => partOf(store).recordDeposit(deposit(), 1000));
        assert.equal(recorded.filter(Boolean).length, 1);
        assert.deepEqual(await partOf(b!).getDeposit('txn_1'), deposit());
        assert.equal(await fa.getDeposit('txn_none'), null);
        assert.deepEqual(await b!.outbox.listOwed('deposit', 1000), [], 'claimed at 1000 by the recording');
        assert.deepEqual(await b!.outbox.listOwed('deposit', 1001), ['txn_1']);
        assert.deepEqual(await b!.outbox.listOwed('paid', 1001), [], 'a deposit owes no onPaid');
        const claims = await across(stores, 10, (store) =>
          store.outbox.claim('deposit', 'txn_1', 1001, 2000),
        );
        assert.equal(claims.filter(Boolean).length, 1);
        await a!.outbox.markDelivered('deposit', 'txn_1');
        assert.deepEqual(await b!.outbox.listOwed('deposit', Number.MAX_SAFE_INTEGER), []);
        await fa.recordDeposit(
          deposit({ id: 'txn_2', amount: '20.00', receivedAt: '2026-11-21T10:07:00.000Z' }),
          3000,
        );
        await fa.recordDeposit(deposit({ id: 'txn_0', receivedAt: '2026-11-21T10:01:00.000Z' }), 3000);
        await fa.recordDeposit(deposit({ id: 'txn_x', customerId: 'cus_other' }), 3000);
        assert.deepEqual(
          (await partOf(b!).depositsOf('cus_1', 10)).map((d) => d.id),
          ['txn_2', 'txn_1', 'txn_0'],
        );
        assert.deepEqual(
          (await partOf(b!).depositsOf('cus_1', 2)).map((d) => d.id),
          ['txn_2', 'txn_1'],
        );
        await fa.recordDeposit(deposit({ id: 'txn_3', receivedAt: '2026-11-21T10:09:00.000Z' }), 3000);
        await fa.recordDeposit(deposit({ id: 'txn_4', receivedAt: '2026-11-21T10:09:00.000Z' }), 3000);
        assert.deepEqual(
          (await partOf(b!).depositsOf('cus_1', 2)).map((d) => d.id),
          ['txn_4', 'txn_3'],
          'received at the same time: the latest recorded first',
        );
      },
    },
  'announces each new deposit as its customer’s change, and a repeat not at all': {
    connections: 1,
    run: async ([store]) => {
      const feed = store!.changes;
      assert.ok(feed, 'the store announces its changes');
      const heard: string[] = [];
      const stop = feed.subscribe((id) => heard.push(id));
      await feed.ready?.();
      const funding = partOf(store!);
      assert.equal(await funding.recordDeposit(deposit({ id: 'txn_a', customerId: 'cus_9' }), 1), true);
      assert.equal(await funding.recordDeposit(deposit({ id: 'txn_a', customerId: 'cus_9' }), 1), false);
      const deadline = Date.now() + 5000;
      while (heard.length < 1 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
      await new Promise((r) => setTimeout(r, 200));
      assert.deepEqual(heard, [fundingChange('cus_9')]);
      stop();
    },
  },
};

export function fundingPartConformance(name: string, factory: StoreFactory): void {
  const { withStores } = connections(factory);
  describe(`${name}: funding`, () => {
    for (const [title, test] of Object.entries(tests))
      it(title, () => withStores(test.connections, test.run));
  });
}
