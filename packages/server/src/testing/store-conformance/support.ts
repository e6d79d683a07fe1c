// What every part's conformance suite shares: the factory a store gives, records and claims to store,
// and running work on several connections at once.
import assert from 'node:assert/strict';
import type { Claim, PayStore, Renewal, SessionRecord } from '../../store/parts.js';

export interface StoreFactory {
  /** `count` connections to one new, empty database (the memory store: one store `count` times) */
  connect(count: number): Promise<PayStore[]>;
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
export async function seed(store: PayStore, session: SessionRecord): Promise<SessionRecord> {
  const claimed = await store.sessions.claimOrder(session.orderId, claimAt(`seed-${session.id}`));
  assert.equal(claimed.outcome, 'claimed', `order ${session.orderId} is free`);
  assert.equal(await store.sessions.create(session, `seed-${session.id}`), true);
  return session;
}

export const paid = (now = 1000) => ({ paidAt: '2026-11-21T10:05:00.000Z', transactionId: 'txn_1', now });

export const renewal = (reference: string): Renewal => ({
  account: { accountName: 'Demo Shop', accountNumber: '9900000001', bankName: 'Wema Bank' },
  reference,
  expiresAt: '2026-11-21T11:30:00.000Z',
});

/** Runs `work` on each connection in turn, all at once. */
export function across<T>(
  stores: PayStore[],
  times: number,
  work: (store: PayStore, i: number) => Promise<T>,
): Promise<T[]> {
  return Promise.all(
    Array.from({ length: times }, (_, i) => {
      const store = stores[i % stores.length];
      if (!store) throw new Error('no store');
      return work(store, i);
    }),
  );
}

/** The suite's way to run a test on `count` connections, closed after it whatever happens. */
export function connections(factory: StoreFactory) {
  async function withStores(count: number, test: (stores: PayStore[]) => Promise<void>): Promise<void> {
    const stores = await factory.connect(count);
    try {
      await test(stores);
    } finally {
      for (const store of new Set(stores)) await store.close();
    }
  }
  const one = (test: (store: PayStore) => Promise<void>) =>
    withStores(1, ([store]) => (store ? test(store) : Promise.reject(new Error('no store'))));
  return { withStores, one };
}
