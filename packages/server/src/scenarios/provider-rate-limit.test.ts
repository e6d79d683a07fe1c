// A provider that says "slow down" (429 with Retry-After), against the real emulator over loopback,
// two kit instances on one store: polls keep answering the stored state while the session is
// payable, no instance reads transactions again before Retry-After, the breaker stays closed, and a
// session past its expiry (or its renewal) is answered 503 with Retry-After until the provider may
// be asked again.
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { ErrorBody, SessionView } from '@pay-elements/protocol';
import { createPayHandler, type PayHandler } from '../handler.js';
import { MemoryStore } from '../store/memory.js';
import { jsonPost, SANDBOX_KEY, startWorld, type World } from '@pay-elements/testing/kit-world';

const MINUTE = 60_000;
const INTERVAL = 1000;

describe('the provider rate-limits the kit', () => {
  let world: World;
  let second: PayHandler;
  const store = new MemoryStore();

  before(async () => {
    world = await startWorld({ kit: { store } });
    second = createPayHandler({
      client: world.client,
      clock: world.sandbox.clock,
      store,
      resolveOrder: (id) => world.orders.get(id) ?? null,
      pollIntervalMs: INTERVAL,
      logger: { debug: () => {}, info: () => {}, warn: () => {}, error: () => {} },
    });
  });
  after(async () => {
    await second.close();
    await world.close();
  });

  async function clearFaults(): Promise<void> {
    const response = await fetch(`${world.sandbox.url}/_sandbox/faults`, {
      method: 'DELETE',
      headers: { 'x-api-key': SANDBOX_KEY },
    });
    assert.equal(response.status, 200);
  }

  const poll = (kit: PayHandler, id: string, etag?: string) =>
    kit.fetch(
      new Request(`http://shop.test/pay/sessions/${id}`, etag ? { headers: { 'if-none-match': etag } } : {}),
    );

  async function open(orderId: string): Promise<SessionView> {
    const created = await world.request('/pay/sessions', jsonPost({ order_id: orderId }));
    assert.equal(created.status, 201);
    return SessionView.parse(await created.json());
  }

  it('answers polls the stored state (200, 304) on both instances, reads nothing before Retry-After, keeps the breaker closed', async () => {
    const session = await open('order-1');
    world.advance(INTERVAL);
    await world.control('/faults', { path_prefix: '/v1/transactions', status: 429 });
    const before = world.transactionsCalls();
    const first = await poll(world.kit, session.id);
    assert.equal(first.status, 200);
    assert.equal(SessionView.parse(await first.json()).status, 'pending');
    assert.equal(world.transactionsCalls() - before, 1, 'the read that met the 429');
    const etag = first.headers.get('etag') ?? '';
    for (const kit of [world.kit, second, world.kit, second]) {
      const answer = await poll(kit, session.id, etag);
      assert.equal(answer.status, 304, 'the stored state, never an error');
    }
    assert.equal(world.transactionsCalls() - before, 1, 'no instance asks before Retry-After (1 s)');

    for (let i = 0; i < 5; i++) {
      world.advance(INTERVAL);
      for (const kit of [world.kit, second]) assert.equal((await poll(kit, session.id)).status, 200);
    }
    assert.equal(world.transactionsCalls() - before, 6, 'one read a Retry-After, from one instance');
    assert.equal(world.kit.breaker.state, 'closed', '429s alone do not open the breaker');
    assert.equal(second.breaker.state, 'closed');

    await clearFaults();
    const paid = await world.control('/transfers', {
      account_number: session.account.account_number,
      amount: Number(session.amount),
    });
    assert.equal(paid.status, true, paid.message);
    world.advance(INTERVAL);
    const seen = await poll(second, session.id);
    assert.equal(SessionView.parse(await seen.json()).status, 'paid');
  });

  it('answers a session past its expiry, and its renewal, 503 with Retry-After while the provider says wait', async () => {
    const session = await open('order-2');
    world.advance(31 * MINUTE);
    await world.control('/faults', { path_prefix: '/v1/transactions', status: 429 });
    const before = world.transactionsCalls();
    const polled = await poll(world.kit, session.id);
    assert.equal(polled.status, 503);
    assert.equal(polled.headers.get('retry-after'), '1');
    assert.equal(ErrorBody.parse(await polled.json()).error.code, 'upstream_unavailable');
    const renewed = await second.fetch(
      new Request(`http://shop.test/pay/sessions/${session.id}/renew`, { method: 'POST' }),
    );
    assert.equal(renewed.status, 503);
    assert.equal(renewed.headers.get('retry-after'), '1');
    assert.equal(world.transactionsCalls() - before, 1, 'the other instance did not ask');
    await clearFaults();
    world.advance(INTERVAL);
    const expired = await poll(second, session.id);
    assert.equal(expired.status, 200);
    assert.equal(SessionView.parse(await expired.json()).status, 'expired');
  });

  it('answers a renewal 503 with Retry-After when opening its account meets a 429, on both instances, and renews after it', async () => {
    world.orders.set('order-3', { amount: '3000.00', currency: 'NGN', customer_id: world.customerId });
    const session = await open('order-3');
    world.advance(31 * MINUTE);
    assert.equal(SessionView.parse(await (await poll(world.kit, session.id)).json()).status, 'expired');
    await world.control('/faults', { path_prefix: '/v1/virtual-accounts', status: 429, times: 1 });
    const renew = (kit: PayHandler) =>
      kit.fetch(new Request(`http://shop.test/pay/sessions/${session.id}/renew`, { method: 'POST' }));
    const opened = () => world.calls.filter((c) => c.startsWith('POST /v1/virtual-accounts')).length;
    const before = opened();
    for (const kit of [world.kit, second]) {
      const answer = await renew(kit);
      assert.equal(answer.status, 503);
      assert.equal(answer.headers.get('retry-after'), '1');
      assert.equal(ErrorBody.parse(await answer.json()).error.code, 'upstream_unavailable');
    }
    assert.equal(opened() - before, 1, 'the other instance waited for Retry-After');
    world.advance(1000);
    const renewed = await renew(second);
    assert.equal(renewed.status, 200);
    const view = SessionView.parse(await renewed.json());
    assert.equal(view.status, 'pending');
    assert.notEqual(view.account.account_number, session.account.account_number);
  });
});
