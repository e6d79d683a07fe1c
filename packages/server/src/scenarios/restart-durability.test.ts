// Durability: a kit on SqliteStore restarted with a paid session whose onPaid is still owed, and
// onPaid deliveries retried after a failure.
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { SessionView } from '@pay-elements/protocol';
import { createPayHandler, type PayHandler } from '../handler.js';
import type { Logger } from '../log.js';
import { SqliteStore } from '../store/sqlite.js';
import type { SessionRecord } from '../flows/sessions/book.js';
import { jsonPost, SHOP, startWorld, type World } from '@pay-elements/testing/kit-world';

const quiet: Logger = { debug: () => {}, info: () => {}, warn: () => {}, error: () => {} };

describe('restarts', () => {
  const dir = mkdtempSync(join(tmpdir(), 'pay-restart-'));
  let world: World;
  before(async () => {
    world = await startWorld({ kit: { logger: quiet } });
  });
  after(async () => {
    await world.close();
    rmSync(dir, { recursive: true, force: true });
  });

  function kitOn(file: string, onPaid: (s: SessionRecord) => void): PayHandler {
    return createPayHandler({
      client: world.client,
      clock: world.sandbox.clock,
      store: new SqliteStore(file),
      resolveOrder: (id) => world.orders.get(id) ?? null,
      onPaid,
      pollIntervalMs: 1000,
      logger: quiet,
    });
  }

  async function call(kit: PayHandler, path: string, init?: RequestInit): Promise<SessionView> {
    const response = await kit.fetch(new Request(`${SHOP}${path}`, init));
    assert.ok(response.status === 200 || response.status === 201, `status ${response.status}`);
    return SessionView.parse(await response.json());
  }

  it('keeps sessions and delivers an owed onPaid after close and reopen, once', async () => {
    const file = join(dir, 'kit.db');
    world.orders.set('order-r1', { amount: '750.00', currency: 'NGN', customer_id: world.customerId });
    world.orders.set('order-r2', { amount: '80.25', currency: 'NGN', customer_id: world.customerId });

    const first = kitOn(file, () => {
      throw new Error('the merchant database is down');
    });
    const paying = await call(first, '/pay/sessions', jsonPost({ order_id: 'order-r1' }));
    const waiting = await call(first, '/pay/sessions', jsonPost({ order_id: 'order-r2' }));
    await world.control('/transfers', { account_number: paying.account.account_number, amount: 750 });
    world.advance(1000);
    assert.equal((await call(first, `/pay/sessions/${paying.id}`)).status, 'paid');
    await first.close(); // onPaid failed: the delivery is still owed in the file

    const delivered: SessionRecord[] = [];
    const second = kitOn(file, (s) => void delivered.push(s));
    await second.watcher.idle();
    assert.deepEqual(
      delivered.map((s) => [s.id, s.status, s.amount]),
      [[paying.id, 'paid', '750.00']],
    );
    const paid = await call(second, `/pay/sessions/${paying.id}`);
    assert.equal(paid.status, 'paid');
    assert.equal(paid.account.account_number, paying.account.account_number);
    const pending = await call(second, `/pay/sessions/${waiting.id}`);
    assert.equal(pending.status, 'pending');
    assert.deepEqual(pending.account, waiting.account);
    assert.equal(pending.expires_at, waiting.expires_at);
    await world.control('/transfers', { account_number: waiting.account.account_number, amount: 80.25 });
    world.advance(1000);
    assert.equal((await call(second, `/pay/sessions/${waiting.id}`)).status, 'paid');
    await second.close();
    assert.deepEqual(
      delivered.map((s) => s.id),
      [paying.id, waiting.id],
    );

    const third = kitOn(file, (s) => void delivered.push(s));
    await third.watcher.idle();
    assert.equal(delivered.length, 2, 'nothing is owed any more: no second call');
    await third.close();
  });

  it('retries a failed onPaid on a sweep once the retry delay has passed', async () => {
    world.orders.set('order-r3', { amount: '64.00', currency: 'NGN', customer_id: world.customerId });
    let attempts = 0;
    const kit = createPayHandler({
      client: world.client,
      clock: world.sandbox.clock,
      resolveOrder: (id) => world.orders.get(id) ?? null,
      onPaid: () => {
        attempts += 1;
        if (attempts === 1) throw new Error('first attempt fails');
      },
      pollIntervalMs: 1000,
      onPaidRetryAfterMs: 60_000,
      logger: quiet,
    });
    try {
      const session = await call(kit, '/pay/sessions', jsonPost({ order_id: 'order-r3' }));
      await world.control('/transfers', { account_number: session.account.account_number, amount: 64 });
      world.advance(1000);
      await call(kit, `/pay/sessions/${session.id}`);
      await kit.watcher.idle();
      assert.equal(attempts, 1);
      await kit.watcher.sweep();
      assert.equal(attempts, 1, 'too soon: the failed claim is left alone');
      world.advance(60_001);
      await kit.watcher.sweep();
      assert.equal(attempts, 2);
      world.advance(60_001);
      await kit.watcher.sweep();
      assert.equal(attempts, 2, 'delivered: never again');
    } finally {
      await kit.close();
    }
  });
});
