// One payable account per order, against the real emulator over loopback: concurrent creates,
// expiry with creates and renews racing, two kit instances on one SQLite file, a claimant that dies,
// a provider that fails after the claim, and a client flooding the account-opening routes.
import { after, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ErrorBody, SessionView } from '@pay-elements/protocol';
import { createPayHandler } from '../handler.js';
import { SqliteStore } from '../store/sqlite.js';
import type { OrderContext } from '../flows/sessions/options.js';
import type { Logger } from '../log.js';
import { kitsOnOneFile } from '@pay-elements/testing/kits-on-one-file';
import { jsonPost, SHOP, startWorld, type World } from '@pay-elements/testing/kit-world';
import { sessionBookOf } from '../testing/books.js';

const MINUTE = 60_000;
const silent: Logger = { debug: () => {}, info: () => {}, warn: () => {}, error: () => {} };

const accountsOpened = (world: World) =>
  world.calls.filter((c) => c === 'POST /v1/virtual-accounts/dynamic').length;

async function views(responses: Response[]): Promise<SessionView[]> {
  return Promise.all(responses.map(async (r) => SessionView.parse(await r.json())));
}

function newOrder(world: World, id: string, amount = '2500.00'): string {
  world.orders.set(id, { amount, currency: 'NGN', customer_id: world.customerId });
  return id;
}

const dir = mkdtempSync(join(tmpdir(), 'pay-orders-'));
after(() => rmSync(dir, { recursive: true, force: true }));

describe('one payable account per order', () => {
  it('opens one provider account for 20 concurrent creates, all answering the same session', async () => {
    const world = await startWorld();
    try {
      const orderId = newOrder(world, 'order-rush');
      const responses = await Promise.all(
        Array.from({ length: 20 }, () => world.request('/pay/sessions', jsonPost({ order_id: orderId }))),
      );
      assert.deepEqual(
        responses.map((r) => r.status).sort(),
        [200, 200, 200, 200, 200, 200, 200, 200, 200, 200, 200, 200, 200, 200, 200, 200, 200, 200, 200, 201],
      );
      const answered = await views(responses);
      assert.equal(new Set(answered.map((v) => v.id)).size, 1, 'one session id');
      assert.equal(new Set(answered.map((v) => v.account.account_number)).size, 1, 'one account');
      assert.equal(accountsOpened(world), 1, 'one provider account');
    } finally {
      await world.close();
    }
  });

  it('holds across two kit instances sharing one SQLite file', async () => {
    const world = await startWorld({ kit: { logger: silent } });
    const file = join(dir, 'two-kits.db');
    const kits = kitsOnOneFile(world, file, 2, { logger: silent });
    const kitFor = (i: number) => {
      const kit = kits[i % kits.length];
      if (!kit) throw new Error('no kit');
      return kit;
    };
    try {
      const orderId = newOrder(world, 'order-two-kits');
      const responses = await Promise.all(
        Array.from({ length: 20 }, (_, i) =>
          kitFor(i).fetch(new Request(`${SHOP}/pay/sessions`, jsonPost({ order_id: orderId }))),
        ),
      );
      const answered = await views(responses);
      assert.equal(new Set(answered.map((v) => v.id)).size, 1);
      assert.equal(accountsOpened(world), 1);

      // expired, then renewed on both instances at once: one new account
      world.advance(31 * MINUTE);
      const id = answered[0]?.id ?? '';
      const renews = await Promise.all(
        Array.from({ length: 10 }, (_, i) =>
          kitFor(i).fetch(new Request(`${SHOP}/pay/sessions/${id}/renew`, { method: 'POST' })),
        ),
      );
      assert.ok(renews.every((r) => r.status === 200));
      const renewed = await views(renews);
      assert.equal(new Set(renewed.map((v) => v.account.account_number)).size, 1);
      assert.equal(accountsOpened(world), 2);
    } finally {
      await Promise.all(kits.map((k) => k.close()));
      await world.close();
    }
  });

  it('after expiry, racing creates and renews open exactly one new account; the order is paid once', async () => {
    const world = await startWorld();
    try {
      const orderId = newOrder(world, 'order-expiry', '777.00');
      const first = await world.request('/pay/sessions', jsonPost({ order_id: orderId }));
      assert.equal(first.status, 201);
      const session = SessionView.parse(await first.json());
      world.advance(31 * MINUTE);
      const expired = await world.request('/pay/sessions', jsonPost({ order_id: orderId }));
      assert.equal(expired.status, 200, 'a create answers the expired session, renewable');
      const expiredView = SessionView.parse(await expired.json());
      assert.equal(expiredView.id, session.id);
      assert.equal(expiredView.status, 'expired');
      assert.equal(accountsOpened(world), 1);

      const racing = await Promise.all(
        Array.from({ length: 20 }, (_, i) =>
          i % 2 === 0
            ? world.request('/pay/sessions', jsonPost({ order_id: orderId }))
            : world.request(`/pay/sessions/${session.id}/renew`, { method: 'POST' }),
        ),
      );
      assert.ok(racing.every((r) => r.status === 200));
      const answered = await views(racing);
      assert.ok(
        answered.every((v) => v.id === session.id),
        'never a second session',
      );
      assert.equal(accountsOpened(world), 2, 'exactly one new account');
      const current = SessionView.parse(await (await world.request(`/pay/sessions/${session.id}`)).json());
      assert.equal(current.status, 'pending');
      assert.notEqual(current.account.account_number, session.account.account_number);
      for (const v of answered.filter((a) => a.status === 'pending'))
        assert.equal(v.account.account_number, current.account.account_number);

      const paid = await world.control('/transfers', {
        account_number: current.account.account_number,
        amount: 777,
      });
      assert.equal(paid.status, true, paid.message);
      const old = await world.control('/transfers', {
        account_number: session.account.account_number,
        amount: 777,
      });
      assert.equal(old.status, false, 'the first account is closed');
      world.advance(1000);
      const after = await Promise.all([
        world.request('/pay/sessions', jsonPost({ order_id: orderId })),
        world.request(`/pay/sessions/${session.id}`),
        world.request(`/pay/sessions/${session.id}/renew`, { method: 'POST' }),
      ]);
      assert.deepEqual(
        after.map((r) => r.status),
        [200, 200, 409],
      );
      assert.equal(
        SessionView.parse(await after[0]?.json()).status,
        'paid',
        'a paid order answers its session',
      );
      await world.kit.watcher.idle();
      assert.equal(world.paid.filter((s) => s.orderId === orderId).length, 1, 'one onPaid for the order');
      assert.equal(accountsOpened(world), 2, 'a paid order opens nothing');
    } finally {
      await world.close();
    }
  });

  it('opens one account for 20 concurrent renews of one session', async () => {
    const world = await startWorld();
    try {
      const orderId = newOrder(world, 'order-renews');
      const session = SessionView.parse(
        await (await world.request('/pay/sessions', jsonPost({ order_id: orderId }))).json(),
      );
      world.advance(31 * MINUTE);
      const renews = await Promise.all(
        Array.from({ length: 20 }, () =>
          world.request(`/pay/sessions/${session.id}/renew`, { method: 'POST' }),
        ),
      );
      assert.ok(renews.every((r) => r.status === 200));
      const answered = await views(renews);
      assert.equal(new Set(answered.map((v) => v.account.account_number)).size, 1);
      assert.equal(accountsOpened(world), 2, 'the first account and one renewal');
    } finally {
      await world.close();
    }
  });

  it('answers 409 when the order changed after its session was opened', async () => {
    const world = await startWorld();
    try {
      const orderId = newOrder(world, 'order-changed', '100.00');
      assert.equal((await world.request('/pay/sessions', jsonPost({ order_id: orderId }))).status, 201);
      newOrder(world, orderId, '150.00');
      const changed = await world.request('/pay/sessions', jsonPost({ order_id: orderId }));
      assert.equal(changed.status, 409);
      assert.equal(ErrorBody.parse(await changed.json()).error.code, 'conflict');
      assert.equal(accountsOpened(world), 1);
    } finally {
      await world.close();
    }
  });

  it('lets a retry open the account when the provider failed after the claim', async () => {
    const world = await startWorld({ kit: { circuitBreaker: { failureThreshold: 10 } } });
    try {
      const orderId = newOrder(world, 'order-fault');
      await world.control('/faults', { path_prefix: '/v1/virtual-accounts/dynamic', status: 503, times: 1 });
      const failed = await world.request('/pay/sessions', jsonPost({ order_id: orderId }));
      assert.equal(failed.status, 503);
      const retried = await world.request('/pay/sessions', jsonPost({ order_id: orderId }));
      assert.equal(retried.status, 201, 'the claim was released');
    } finally {
      await world.close();
    }
  });

  it('gives up opening an account before its claim could go stale, and lets a retry open it', async () => {
    const world = await startWorld({ kit: { claimTimeoutMs: 500 }, timeout: 5000 });
    try {
      const orderId = newOrder(world, 'order-slow');
      await world.control('/faults', {
        path_prefix: '/v1/virtual-accounts/dynamic',
        delay_ms: 1500,
        times: 1,
      });
      const started = performance.now();
      const slow = await world.request('/pay/sessions', jsonPost({ order_id: orderId }));
      assert.equal(slow.status, 503);
      assert.equal(slow.headers.get('retry-after'), '1');
      const waited = performance.now() - started;
      assert.ok(waited >= 350 && waited < 1000, `gave up after ${Math.round(waited)} ms, within the claim`);
      assert.equal((await world.request('/pay/sessions', jsonPost({ order_id: orderId }))).status, 201);
    } finally {
      await world.close();
    }
  });

  it('takes over the claim of a process that died after claiming, once its lease has run out', async () => {
    const world = await startWorld({ kit: { claimLeaseMs: 300, claimTimeoutMs: 400 } });
    try {
      const orderId = newOrder(world, 'order-orphan');
      const now = world.sandbox.clock.now();
      const dead = await sessionBookOf(world.kit.store).claimOrder(orderId, {
        token: 'dead',
        now,
        staleBefore: now - 300,
      });
      assert.equal(dead.outcome, 'claimed');
      const started = performance.now();
      const waiting = await world.request('/pay/sessions', jsonPost({ order_id: orderId }));
      assert.equal(waiting.status, 503, 'the lease is fresh: the caller waits, then says so');
      assert.equal(waiting.headers.get('retry-after'), '1');
      assert.ok(performance.now() - started < 2000);
      world.advance(301);
      const taken = await world.request('/pay/sessions', jsonPost({ order_id: orderId }));
      assert.equal(taken.status, 201, 'the dead claim is taken over');
      assert.equal(accountsOpened(world), 1);
    } finally {
      await world.close();
    }
  });

  it('answers a create waiting on a dead claim as soon as the lease runs out (after a kill -9, seconds, not the claim timeout)', async () => {
    const world = await startWorld();
    try {
      const orderId = newOrder(world, 'order-killed');
      const now = world.sandbox.clock.now();
      // a process claimed the order, then was killed: nobody renews its claim
      await sessionBookOf(world.kit.store).claimOrder(orderId, {
        token: 'killed',
        now,
        staleBefore: now - 5000,
      });
      const started = performance.now();
      const waiting = world.request('/pay/sessions', jsonPost({ order_id: orderId }));
      await new Promise((resolve) => setTimeout(resolve, 100));
      world.advance(5001); // the default lease, 5 s, runs out
      const answered = await waiting;
      assert.equal(answered.status, 201, 'taken over by the waiting request itself');
      assert.ok(performance.now() - started < 2000, 'within a look or two, not the 30 s claim timeout');
      assert.equal(accountsOpened(world), 1);
    } finally {
      await world.close();
    }
  });

  it('keeps its claim while a slow provider opens the account, so nobody takes it over (the lease is renewed)', async () => {
    const world = await startWorld({ kit: { claimLeaseMs: 300 }, timeout: 5000 });
    try {
      const orderId = newOrder(world, 'order-leased');
      await world.control('/faults', {
        path_prefix: '/v1/virtual-accounts/dynamic',
        delay_ms: 800,
        times: 1,
      });
      const first = world.request('/pay/sessions', jsonPost({ order_id: orderId }));
      await new Promise((resolve) => setTimeout(resolve, 200));
      // longer than the lease on the clock: only a claim renewed meanwhile is still fresh
      world.advance(301);
      await new Promise((resolve) => setTimeout(resolve, 200));
      const second = await world.request('/pay/sessions', jsonPost({ order_id: orderId }));
      const [a, b] = await views([await first, second]);
      assert.equal(a?.id, b?.id, 'the second create waited for the first one’s session');
      assert.equal(accountsOpened(world), 1, 'one account: the live claim was not taken over');
    } finally {
      await world.close();
    }
  });

  it('lets 200 concurrent creates of one new order wait cheaply on a slow provider: one account, few store reads', async () => {
    const world = await startWorld({ kit: { logger: silent }, timeout: 5000 });
    const file = join(dir, 'crowd.db');
    const stores = [new SqliteStore(file), new SqliteStore(file)];
    const claims = [0, 0];
    // a look at the order's claim is a read of its record
    stores.forEach((store, i) => {
      const get = store.records.get.bind(store.records);
      store.records.get = (collection, key) => {
        if (collection === 'sessions.orders') claims[i] = (claims[i] ?? 0) + 1;
        return get(collection, key);
      };
    });
    const kits = stores.map((store) =>
      createPayHandler({
        client: world.client,
        clock: world.sandbox.clock,
        store,
        logger: silent,
        accountRateLimit: false,
        resolveOrder: (id) => world.orders.get(id) ?? null,
      }),
    );
    try {
      const orderId = newOrder(world, 'order-crowd');
      await world.control('/faults', {
        path_prefix: '/v1/virtual-accounts/dynamic',
        delay_ms: 1500,
        times: 1,
      });
      const responses = await Promise.all(
        Array.from({ length: 200 }, (_, i) =>
          kits[i % 2]!.fetch(new Request(`${SHOP}/pay/sessions`, jsonPost({ order_id: orderId }))),
        ),
      );
      const answered = await views(responses);
      assert.equal(new Set(answered.map((v) => v.id)).size, 1, 'one session for all 200');
      assert.deepEqual(
        responses.map((r) => r.status).filter((status) => status === 201),
        [201],
      );
      assert.equal(accountsOpened(world), 1);
      // each instance's waiters share one look at the store, less often the longer it takes (a
      // waiter each looking every 20 ms made thousands of reads in 1.5 s)
      for (const [i, count] of claims.entries())
        assert.ok(count <= 15, `instance ${i} claimed ${count} times`);
    } finally {
      for (const kit of kits) await kit.close();
      await world.close();
    }
  });
});

describe('account openings are rate-limited', () => {
  it('answers a client flooding creates 429 with Retry-After, and the accounts opened stay bounded', async (t) => {
    // served on node:http, so the client is known by its socket address (the default key)
    const world = await startWorld({ webhooks: true, kit: { logger: silent } });
    try {
      const kitUrl = world.kitUrl ?? '';
      // a shop whose order ids anyone can make up (a cart per visit)
      for (let i = 0; i < 200; i++) newOrder(world, `flood-${i}`, '10.00');
      const statuses: number[] = [];
      let retryAfter: string | null = null;
      for (let i = 0; i < 200; i++) {
        const response = await fetch(`${kitUrl}/pay/sessions`, jsonPost({ order_id: `flood-${i}` }));
        statuses.push(response.status);
        if (response.status === 429) {
          retryAfter ??= response.headers.get('retry-after');
          assert.equal(ErrorBody.parse(await response.json()).error.code, 'rate_limited');
        } else await response.body?.cancel();
      }
      const opened = accountsOpened(world);
      t.diagnostic(
        `200 creates from one client: ${opened} accounts opened, ${statuses.filter((s) => s === 429).length} answered 429`,
      );
      assert.equal(statuses.filter((s) => s === 201).length, 10, 'the default burst: 10 accounts a minute');
      assert.equal(statuses.filter((s) => s === 429).length, 190);
      assert.equal(opened, 10);
      assert.equal(retryAfter, '6', 'one more account every six seconds');

      world.advance(6000);
      const later = await fetch(`${kitUrl}/pay/sessions`, jsonPost({ order_id: 'flood-150' }));
      assert.equal(later.status, 201, 'the refused order was not left claimed');
    } finally {
      await world.close();
    }
  });

  it('limits one order however many clients ask, and can be turned off', async () => {
    const world = await startWorld({
      kit: {
        accountRateLimit: { perOrderPerMinute: 2 },
        clientKey: (r) => r.headers.get('x-client') ?? '',
        circuitBreaker: { failureThreshold: 10 },
      },
    });
    try {
      const orderId = newOrder(world, 'order-limited');
      // a flapping provider: each failed attempt still spent one of the order's openings
      await world.control('/faults', { path_prefix: '/v1/virtual-accounts/dynamic', status: 503, times: 2 });
      const asks = (client: string) =>
        world.request('/pay/sessions', {
          ...jsonPost({ order_id: orderId }),
          headers: { 'content-type': 'application/json', 'x-client': client },
        });
      assert.equal((await asks('a')).status, 503);
      assert.equal((await asks('b')).status, 503);
      const limited = await asks('c');
      assert.equal(limited.status, 429, 'a third client on the same order');
      assert.equal(limited.headers.get('retry-after'), '30');
      assert.equal(accountsOpened(world), 2);
      world.advance(30_000);
      assert.equal((await asks('d')).status, 201);
    } finally {
      await world.close();
    }
    const open = await startWorld({ kit: { accountRateLimit: false } });
    try {
      for (let i = 0; i < 30; i++) {
        const orderId = newOrder(open, `free-${i}`);
        const response = await open.request('/pay/sessions', {
          ...jsonPost({ order_id: orderId }),
          headers: { 'content-type': 'application/json', 'x-client': 'same' },
        });
        assert.equal(response.status, 201);
      }
    } finally {
      await open.close();
    }
  });

  it('tells resolveOrder who is asking: the request and the socket address', async () => {
    const seen: OrderContext[] = [];
    const world = await startWorld({ webhooks: true });
    const kit = createPayHandler({
      client: world.client,
      clock: world.sandbox.clock,
      resolveOrder: (orderId, context) => {
        seen.push(context);
        // the merchant's own authorisation: only the shopper holding the cart cookie
        if (context.request.headers.get('cookie') !== 'cart=42') return null;
        return world.orders.get(orderId) ?? null;
      },
      logger: silent,
    });
    try {
      const { toNodeListener } = await import('../node-listener.js');
      const { createServer } = await import('node:http');
      const server = createServer(toNodeListener(kit));
      await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      const url = `http://127.0.0.1:${port}/pay/sessions`;
      const refused = await fetch(url, jsonPost({ order_id: 'order-1' }));
      assert.equal(refused.status, 404, 'not this shopper’s order');
      const allowed = await fetch(url, {
        method: 'POST',
        headers: { 'content-type': 'application/json', cookie: 'cart=42' },
        body: JSON.stringify({ order_id: 'order-1' }),
      });
      assert.equal(allowed.status, 201);
      assert.equal(seen.length, 2);
      assert.equal(seen[1]?.clientAddress, '127.0.0.1');
      assert.equal(seen[1]?.request.headers.get('cookie'), 'cart=42');
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    } finally {
      await kit.close();
      await world.close();
    }
  });
});
