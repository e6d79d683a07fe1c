// Status streams across kit instances sharing a PostgreSQL store: the instance holding the stream
// hears of a payment another instance recorded through the store's LISTEN/NOTIFY channel, at once,
// without a check of its own.
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { SessionView } from '@pay-elements/protocol';
import { createPayHandler, type PayHandler } from '../handler.js';
import { PostgresStore } from '../store/postgres.js';
import { startPostgres, type TestPostgres } from '@pay-elements/testing/postgres';
import { ManualScheduler } from '../testing/scheduler.js';
import { SseReader } from '@pay-elements/testing/sse';
import { jsonPost, SHOP, startWorld, type World } from '@pay-elements/testing/kit-world';

describe('status streams across instances (PostgreSQL LISTEN/NOTIFY)', () => {
  let postgres: TestPostgres;
  let world: World;
  let other: PayHandler;
  let storeA: PostgresStore;
  const scheduler = new ManualScheduler();

  before(async () => {
    postgres = await startPostgres();
    const url = postgres.createDatabase('streams');
    storeA = await PostgresStore.open({ connectionString: url });
    world = await startWorld({ kit: { store: storeA, streams: { scheduler } } });
    other = createPayHandler({
      client: world.client,
      store: await PostgresStore.open({ connectionString: url }),
      resolveOrder: (id) => world.orders.get(id) ?? null,
      pollIntervalMs: 1000,
      logger: { debug() {}, info() {}, warn() {}, error() {} },
      streams: { scheduler: new ManualScheduler() },
    });
  });
  after(async () => {
    await other?.close();
    await world?.close();
    postgres?.stop();
  });

  it('pushes a payment recorded by another instance to the stream this one holds', async () => {
    const created = await world.request('/pay/sessions', jsonPost({ order_id: 'order-1' }));
    const session = SessionView.parse(await created.json());
    const response = await world.kit.fetch(new Request(`${SHOP}/pay/sessions/${session.id}/events`));
    assert.ok(response.body);
    const stream = new SseReader(response.body);
    assert.equal(SessionView.parse(JSON.parse((await stream.nextEvent())?.data ?? '')).status, 'pending');
    await storeA.changes.ready();

    await world.control('/transfers', { account_number: session.account.account_number, amount: 5000 });
    world.advance(1000);
    const polled = await other.fetch(new Request(`${SHOP}/pay/sessions/${session.id}`));
    assert.equal(SessionView.parse(await polled.json()).status, 'paid', 'the other instance found it');
    const calls = world.transactionsCalls();

    const pushed = await stream.nextEvent();
    assert.equal(SessionView.parse(JSON.parse(pushed?.data ?? '')).status, 'paid');
    assert.equal(await stream.next(), null);
    assert.equal(world.transactionsCalls(), calls, 'no check of its own: the news came from the store');
  });
});
