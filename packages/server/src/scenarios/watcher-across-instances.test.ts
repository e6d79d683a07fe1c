// What the watcher shares between two kit instances on one store, against the real emulator over
// loopback: webhooks known healthy (a verified delivery to either) make both check 6 times less
// often, and a payment whose webhook is late is still seen by that safety net; a check that found the
// provider down is answered by both without asking it again.
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { SessionView } from '@pay-elements/protocol';
import { createPayHandler, type PayHandler } from '../handler.js';
import { MemoryStore } from '../store/memory.js';
import { jsonPost, SANDBOX_KEY, startWorld, type World } from '@pay-elements/testing/kit-world';
import { SAFETY_NET_FACTOR } from '../provider/watcher.js';

const INTERVAL = 1000;

function secondKit(world: World, store: MemoryStore): PayHandler {
  return createPayHandler({
    client: world.client,
    clock: world.sandbox.clock,
    store,
    resolveOrder: (id) => world.orders.get(id) ?? null,
    pollIntervalMs: INTERVAL,
    logger: { debug: () => {}, info: () => {}, warn: () => {}, error: () => {} },
  });
}

async function open(world: World, orderId: string): Promise<SessionView> {
  const created = await world.request('/pay/sessions', jsonPost({ order_id: orderId }));
  assert.equal(created.status, 201);
  return SessionView.parse(await created.json());
}

async function poll(kit: PayHandler, id: string): Promise<{ status: number; view: string | null }> {
  const response = await kit.fetch(new Request(`http://shop.test/pay/sessions/${id}`));
  const body: unknown = await response.json();
  return { status: response.status, view: response.status === 200 ? SessionView.parse(body).status : null };
}

describe('two instances, webhooks healthy', () => {
  let world: World;
  let second: PayHandler;
  const store = new MemoryStore();
  before(async () => {
    world = await startWorld({ webhooks: true, kit: { store } });
    second = secondKit(world, store);
  });
  after(async () => {
    await second.close();
    await world.close();
  });

  it('checks 6 times less often on both once a verified delivery arrived, and still sees a payment whose webhook is late', async () => {
    const first = await open(world, 'order-1');
    const late = await open(world, 'order-2');
    world.advance(INTERVAL);
    assert.equal((await poll(world.kit, late.id)).view, 'pending');
    const paid = await world.control('/transfers', {
      account_number: first.account.account_number,
      amount: Number(first.amount),
    });
    assert.equal(paid.status, true, paid.message);
    await world.sandbox.flushWebhooks();
    assert.equal((await poll(second, first.id)).view, 'paid', 'the webhook reached the first instance');

    world.advance(INTERVAL);
    assert.equal((await poll(second, late.id)).view, 'pending'); // the second learns webhooks are healthy
    const before = world.transactionsCalls();
    // the next event is delivered 30 minutes late: only the safety net can see this payment soon
    await world.control('/scenarios/late_webhook', { delay_minutes: 30 });
    const paying = await world.control('/transfers', {
      account_number: late.account.account_number,
      amount: Number(late.amount),
    });
    assert.equal(paying.status, true, paying.message);
    for (let i = 1; i < SAFETY_NET_FACTOR; i++) {
      world.advance(INTERVAL);
      for (const kit of [world.kit, second]) assert.equal((await poll(kit, late.id)).view, 'pending');
    }
    assert.equal(world.transactionsCalls(), before, 'no read within the safety net’s interval');
    world.advance(INTERVAL);
    assert.equal((await poll(second, late.id)).view, 'paid', 'seen by the safety net');
    assert.equal((await poll(world.kit, late.id)).view, 'paid');
    assert.equal(world.transactionsCalls() - before, 1, 'one read for both');
  });
});

describe('two instances, the provider down', () => {
  let world: World;
  let second: PayHandler;
  const store = new MemoryStore();
  before(async () => {
    world = await startWorld({ kit: { store } });
    second = secondKit(world, store);
  });
  after(async () => {
    await second.close();
    await world.close();
  });

  it('answers a failed check on both instances without asking the provider again', async () => {
    const session = await open(world, 'order-1');
    world.advance(INTERVAL);
    await world.control('/faults', { path_prefix: '/v1/transactions', status: 503 });
    const before = world.transactionsCalls();
    assert.equal((await poll(world.kit, session.id)).status, 503);
    assert.equal(world.transactionsCalls() - before, 1);
    for (let i = 0; i < 3; i++) assert.equal((await poll(second, session.id)).status, 503);
    assert.equal(world.transactionsCalls() - before, 1, 'the other instance knew of the failure');
    const cleared = await fetch(`${world.sandbox.url}/_sandbox/faults`, {
      method: 'DELETE',
      headers: { 'x-api-key': SANDBOX_KEY },
    });
    assert.equal(cleared.status, 200);
    world.advance(INTERVAL);
    assert.deepEqual(await poll(second, session.id), { status: 200, view: 'pending' });
    assert.equal(world.transactionsCalls() - before, 2);
  });
});
