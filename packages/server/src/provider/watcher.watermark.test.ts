// The merchant-wide watcher against the real emulator over loopback: one transaction read per
// interval however many shoppers of however many customers wait, what is new read back to the
// watermark (pages when more arrived than a page holds), a credit listed late still found within the
// overlap, a credit read twice confirmed once, and a credit older than the watermark after a restart
// found by the last check before expiry. The provider's list can hide a transaction for a while (a
// provider that lists it late), by the client's fetch.
import { after, before, beforeEach, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { PayClient, type FetchLike } from '@pay-elements/api';
import { SessionView } from '@pay-elements/protocol';
import { createPayHandler, type PayHandler } from '../handler.js';
import { MemoryStore } from '../store/memory.js';
import {
  jsonPost,
  SANDBOX_KEY,
  startWorld,
  TransferAnswer,
  type World,
} from '@pay-elements/testing/kit-world';
import { WATERMARK_OVERLAP_MS } from './watcher.js';
import { sessionBookOf } from '../testing/books.js';

const SECOND = 1000;
const MINUTE = 60 * SECOND;
/** the world's poll interval */
const INTERVAL = SECOND;

describe('the merchant-wide watcher, webhooks lost', () => {
  let world: World;
  let store: MemoryStore;
  const hidden = new Set<string>();
  let orders = 0;
  /** the kits' transaction reads */
  let reads = 0;

  /** The provider's transactions list without the hidden ones (listed late). */
  const hiding: FetchLike = async (input, init) => {
    const url = new URL(input);
    if (url.pathname === '/v1/transactions') reads += 1;
    const response = await fetch(`${world.sandbox.url}${url.pathname}${url.search}`, init);
    if (url.pathname !== '/v1/transactions' || hidden.size === 0) return response;
    const body = (await response.json()) as { data: { items: Array<{ id: string }> } };
    body.data.items = body.data.items.filter((t) => !hidden.has(t.id));
    return new Response(JSON.stringify(body), { status: response.status, headers: response.headers });
  };

  function client(): PayClient {
    return new PayClient({
      apiKey: SANDBOX_KEY,
      baseUrl: 'http://provider.test',
      maxRetries: 0,
      fetch: hiding,
    });
  }

  before(async () => {
    store = new MemoryStore();
    world = await startWorld({ kit: { store, client: client() } });
  });
  after(async () => {
    await world.close();
  });
  beforeEach(() => {
    hidden.clear();
  });

  /** A session of a new order of a new customer. */
  async function open(amount = '5000.00'): Promise<SessionView> {
    const customer = await world.control('/customers', {
      email: `shopper${++orders}@example.com`,
      first_name: 'Shopper',
      last_name: `N${orders}`,
      country_code: 'NGA',
    });
    const id = (customer.data as { id: string }).id;
    const orderId = `order-peak-${orders}`;
    world.orders.set(orderId, { amount, currency: 'NGN', customer_id: id });
    const created = await world.request('/pay/sessions', jsonPost({ order_id: orderId }));
    assert.equal(created.status, 201);
    return SessionView.parse(await created.json());
  }

  async function pay(session: SessionView): Promise<string> {
    const answer = TransferAnswer.parse(
      await world.control('/transfers', {
        account_number: session.account.account_number,
        amount: Number(session.amount),
      }),
    );
    assert.equal(answer.status, true, answer.message);
    return answer.data.id;
  }

  async function status(session: SessionView, kit: PayHandler = world.kit): Promise<string> {
    const response = await kit.fetch(new Request(`http://shop.test/pay/sessions/${session.id}`));
    assert.equal(response.status, 200);
    return SessionView.parse(await response.json()).status;
  }

  /** Credits to a permanent account of the shop's: its other business. */
  async function otherBusiness(count: number): Promise<void> {
    const permanent = await world.client.virtualAccounts.create({
      customer_id: world.customerId,
      currency: 'NGN',
      id_number: '22212345678',
    });
    const accountNumber = permanent.accounts[0]?.account_number ?? '';
    for (let i = 0; i < count; i++) {
      // the emulator's times have whole seconds: one a second keeps the order of the list certain
      world.advance(SECOND);
      const answer = await world.control('/transfers', { account_number: accountNumber, amount: 10 + i });
      assert.equal(answer.status, true, answer.message);
    }
  }

  const paidCount = (session: SessionView) => world.paid.filter((s) => s.id === session.id).length;

  it('makes one transaction read per interval for 40 waiting shoppers of 40 customers, and sees a payer within one interval', async () => {
    const sessions = [];
    for (let i = 0; i < 40; i++) sessions.push(await open(`${100 + i}.00`));
    world.advance(INTERVAL);
    const before = reads;
    for (let round = 0; round < 3; round++) {
      for (const session of sessions) assert.equal(await status(session), 'pending');
      for (const session of sessions) assert.equal(await status(session), 'pending', 'a second poll');
      world.advance(INTERVAL);
    }
    assert.equal(reads - before, 3, 'one read an interval, not one a shopper');
    const payer = sessions[17];
    assert.ok(payer);
    await pay(payer);
    world.advance(INTERVAL);
    for (const session of sessions) await status(session);
    assert.equal(await status(payer), 'paid');
    assert.equal(reads - before, 4);
    await world.kit.watcher.idle();
    assert.equal(paidCount(payer), 1);
    const stored = await sessionBookOf(store).get(payer.id);
    assert.equal(stored?.status, 'paid');
    for (const session of sessions) if (session !== payer) assert.equal(await status(session), 'pending');
  });

  it('pages further only when more arrived than a page holds, and finds payments on page boundaries', async () => {
    const a = await open('7001.00');
    const b = await open('7002.00');
    world.advance(INTERVAL);
    assert.equal(await status(a), 'pending'); // the watermark is now
    await pay(a);
    await otherBusiness(100);
    world.advance(SECOND);
    await pay(b);
    await otherBusiness(99);
    world.advance(INTERVAL);
    const before = reads;
    // newest first: 99 others, b last on page 0, 100 others on page 1, a first on page 2
    assert.equal(await status(b), 'paid');
    assert.equal(await status(a), 'paid');
    assert.equal(reads - before, 3, 'three pages of 100 read, once');
    world.advance(INTERVAL);
    const c = await open('7003.00');
    world.advance(INTERVAL);
    const quiet = reads;
    assert.equal(await status(c), 'pending');
    // nothing new: only the overlap is read again, the 2 min before the newest (120 transactions here)
    assert.equal(reads - quiet, 2);
    await world.kit.watcher.idle();
    assert.equal(paidCount(a), 1);
    assert.equal(paidCount(b), 1);
  });

  it('finds a credit listed late with a time older than the newest seen (within the overlap)', async () => {
    const late = await open('7101.00');
    world.advance(INTERVAL);
    assert.equal(await status(late), 'pending');
    const credit = await pay(late);
    hidden.add(credit);
    await otherBusiness(30); // 30 s of newer business, read while the credit is not listed
    world.advance(INTERVAL);
    assert.equal(await status(late), 'pending');
    hidden.clear(); // listed now, 31 s older than the watermark
    world.advance(INTERVAL);
    assert.equal(await status(late), 'paid');
    assert.equal((await sessionBookOf(store).get(late.id))?.transactionId, credit);
  });

  it('confirms a credit read twice (again in the overlap) once', async () => {
    const once = await open('7201.00');
    const waiting = await open('7202.00');
    world.advance(INTERVAL);
    assert.equal(await status(once), 'pending');
    const credit = await pay(once);
    world.advance(INTERVAL);
    assert.equal(await status(once), 'paid');
    for (let i = 0; i < 3; i++) {
      world.advance(INTERVAL);
      assert.equal(await status(waiting), 'pending'); // each check reads the credit again
    }
    await world.kit.watcher.idle();
    assert.equal(paidCount(once), 1, 'onPaid once');
    assert.equal((await sessionBookOf(store).get(once.id))?.transactionId, credit);
  });

  it('after a restart, finds a credit older than the watermark by the last check before expiry', async () => {
    const session = await open('7301.00');
    world.advance(INTERVAL);
    assert.equal(await status(session), 'pending');
    const credit = await pay(session);
    hidden.add(credit);
    await otherBusiness(100); // a page of newer business: the credit is on the next page
    world.advance(WATERMARK_OVERLAP_MS + MINUTE);
    await otherBusiness(1);
    world.advance(INTERVAL);
    assert.equal(await status(session), 'pending'); // the watermark passes the credit's time
    await world.kit.close();

    // the next start, on the same store; the credit is listed now, older than watermark less overlap
    hidden.clear();
    const restarted = createPayHandler({
      client: client(),
      clock: world.sandbox.clock,
      store,
      resolveOrder: (id) => world.orders.get(id) ?? null,
      onPaid: (s) => {
        world.paid.push(s);
      },
      pollIntervalMs: INTERVAL,
      logger: { debug: () => {}, info: () => {}, warn: () => {}, error: () => {} },
    });
    try {
      world.advance(INTERVAL);
      assert.equal(await status(session, restarted), 'pending', 'what is new does not reach back so far');
      world.advance(30 * MINUTE);
      assert.equal(await status(session, restarted), 'paid', 'the last check before expiry does');
      await restarted.watcher.idle();
      assert.equal(paidCount(session), 1);
    } finally {
      await restarted.close();
    }
  });
});
