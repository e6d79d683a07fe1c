// Status polls while the provider is down, against the emulator's injected faults: a pending session
// answers 503 upstream_unavailable with Retry-After within the check timeout; within the interval the
// failure is answered again without asking the provider; the circuit breaker then fails every
// provider call at once until its cooldown has passed; paid and expired sessions answer their stored
// view; and once the provider is back the session is brought up to date, onPaid once.
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { ErrorBody, SessionView } from '@pay-elements/protocol';
import { jsonPost, SANDBOX_KEY, startWorld, type World } from '@pay-elements/testing/kit-world';

const COOLDOWN = 5000;
const INTERVAL = 1000;

async function open(world: World, orderId: string, amount: string): Promise<SessionView> {
  world.orders.set(orderId, { amount, currency: 'NGN', customer_id: world.customerId });
  const response = await world.request('/pay/sessions', jsonPost({ order_id: orderId }));
  assert.equal(response.status, 201);
  return SessionView.parse(await response.json());
}

/** A poll; answers its status, Retry-After, how long it took (real ms) and its body. */
async function poll(world: World, id: string) {
  const started = performance.now();
  const response = await world.request(`/pay/sessions/${id}`);
  const ms = performance.now() - started;
  const json: unknown = await response.json();
  return { status: response.status, retryAfter: response.headers.get('retry-after'), ms, json };
}

async function clearFaults(world: World): Promise<void> {
  const cleared = await fetch(`${world.sandbox.url}/_sandbox/faults`, {
    method: 'DELETE',
    headers: { 'x-api-key': SANDBOX_KEY },
  });
  assert.equal(cleared.status, 200);
}

function expectUnavailable(answer: Awaited<ReturnType<typeof poll>>): void {
  assert.equal(answer.status, 503);
  assert.equal(ErrorBody.parse(answer.json).error.code, 'upstream_unavailable');
}

describe('polls while the provider is down', () => {
  let world: World;
  before(async () => {
    world = await startWorld({
      kit: { checkTimeoutMs: 250, circuitBreaker: { failureThreshold: 2, cooldownMs: COOLDOWN } },
    });
  });
  after(async () => {
    await world.close();
    assert.deepEqual(world.leaks(), []);
  });

  it('answers 503 within the check timeout when the provider hangs, then the same at once until the next check is due', async () => {
    const session = await open(world, 'order-hang', '700.00');
    await world.control('/faults', { path_prefix: '/v1/transactions', delay_ms: 1500, times: 1 });
    world.advance(INTERVAL);
    const first = await poll(world, session.id);
    expectUnavailable(first);
    assert.ok(first.ms >= 200 && first.ms < 1000, `waited ${Math.round(first.ms)} ms, the check timeout`);
    assert.equal(first.retryAfter, '1');
    const calls = world.transactionsCalls();

    world.advance(INTERVAL / 2);
    const again = await poll(world, session.id);
    expectUnavailable(again);
    // at once: sooner than the check that waited for its timeout (a bound of its own, 100 ms, failed
    // at 295 ms with both cores busy), and without asking the provider
    assert.ok(
      again.ms < first.ms,
      `answered in ${Math.round(again.ms)} ms, the check that timed out in ${Math.round(first.ms)} ms`,
    );
    assert.equal(world.transactionsCalls(), calls, 'the provider was not asked again within the interval');

    world.advance(INTERVAL / 2);
    const due = await poll(world, session.id);
    assert.equal(due.status, 200, 'the fault was used up: the next check answers');
    assert.equal(SessionView.parse(due.json).status, 'pending');
    assert.equal(world.kit.breaker.state, 'closed');
  });

  it('opens the breaker after failures in a row: polls and creates fail at once, with the cooldown as Retry-After', async () => {
    const session = await open(world, 'order-down', '800.00');
    await world.control('/faults', { path_prefix: '/v1', status: 503 });
    world.advance(INTERVAL);
    expectUnavailable(await poll(world, session.id));
    world.advance(INTERVAL);
    const second = await poll(world, session.id);
    expectUnavailable(second);
    assert.equal(world.kit.breaker.state, 'open');
    assert.equal(second.retryAfter, String(COOLDOWN / 1000));

    const calls = world.calls.length;
    world.advance(INTERVAL);
    const fast = await poll(world, session.id);
    expectUnavailable(fast);
    assert.equal(fast.retryAfter, String((COOLDOWN - INTERVAL) / 1000));
    world.orders.set('order-new', { amount: '900.00', currency: 'NGN', customer_id: world.customerId });
    const created = await world.request('/pay/sessions', jsonPost({ order_id: 'order-new' }));
    assert.equal(created.status, 503);
    assert.equal(created.headers.get('retry-after'), String((COOLDOWN - INTERVAL) / 1000));
    assert.equal(ErrorBody.parse(await created.json()).error.code, 'upstream_unavailable');
    assert.equal(world.calls.length, calls, 'nothing was asked of the provider while the breaker was open');
    assert.ok(world.logs.some((l) => l.startsWith('warn payment provider unavailable; failing fast')));

    // a payment made during the outage (the control API is not subject to /v1 faults)
    const credit = await world.control('/transfers', {
      account_number: session.account.account_number,
      amount: 800,
    });
    assert.equal(credit.status, true);
    world.advance(COOLDOWN);
    expectUnavailable(await poll(world, session.id)); // the trial check fails: open again
    assert.equal(world.kit.breaker.state, 'open');
    assert.equal(world.paid.length, 0);

    await clearFaults(world);
    world.advance(COOLDOWN);
    const back = await poll(world, session.id);
    assert.equal(back.status, 200);
    assert.equal(SessionView.parse(back.json).status, 'paid');
    assert.equal(world.kit.breaker.state, 'closed');
    world.advance(INTERVAL);
    assert.equal((await poll(world, session.id)).status, 200);
    await world.kit.watcher.sweep();
    await world.kit.watcher.idle();
    assert.deepEqual(
      world.paid.map((s) => s.id),
      [session.id],
      'onPaid ran once',
    );
  });

  it('answers a paid or expired session from the store while the provider is down', async () => {
    const paid = await open(world, 'order-paid', '100.00');
    await world.control('/transfers', { account_number: paid.account.account_number, amount: 100 });
    world.advance(INTERVAL);
    assert.equal(SessionView.parse((await poll(world, paid.id)).json).status, 'paid');
    const expiring = await open(world, 'order-late', '200.00');
    world.advance(31 * 60_000);
    assert.equal(SessionView.parse((await poll(world, expiring.id)).json).status, 'expired');

    await world.control('/faults', { path_prefix: '/v1', drop: true });
    for (const id of [paid.id, expiring.id]) {
      world.advance(INTERVAL);
      const answer = await poll(world, id);
      assert.equal(answer.status, 200);
    }
    assert.equal(
      SessionView.parse((await poll(world, paid.id)).json).status,
      'paid',
      'and it says paid, not pending',
    );
    await clearFaults(world);
  });
});

describe('a webhook during an outage', () => {
  let world: World;
  before(async () => {
    world = await startWorld({ webhooks: true, kit: { checkTimeoutMs: 250 } });
  });
  after(async () => {
    await world.close();
  });

  it('settles the session; its polls answer paid at once although the provider is down', async () => {
    const session = await open(world, 'order-hook', '450.00');
    await world.control('/faults', { path_prefix: '/v1', status: 503 });
    world.advance(INTERVAL);
    expectUnavailable(await poll(world, session.id));
    await world.control('/transfers', { account_number: session.account.account_number, amount: 450 });
    await world.sandbox.flushWebhooks();
    const answer = await poll(world, session.id);
    assert.equal(answer.status, 200, 'within the interval the stored failure gives way to the paid session');
    assert.equal(SessionView.parse(answer.json).status, 'paid');
    await clearFaults(world);
    world.advance(60_000);
    assert.equal((await poll(world, session.id)).status, 200);
    await world.kit.watcher.idle();
    assert.equal(world.paid.length, 1);
  });
});
