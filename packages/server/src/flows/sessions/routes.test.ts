// The session routes against the real emulator over loopback, with the real client.
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { ErrorBody, SessionView } from '@pay-elements/protocol';
import { jsonPost, startWorld, TransferAnswer, type World } from '@pay-elements/testing/kit-world';

const MINUTE = 60_000;

async function view(response: Response): Promise<SessionView> {
  return SessionView.parse(await response.json());
}

async function errorOf(response: Response): Promise<ErrorBody['error']> {
  return ErrorBody.parse(await response.json()).error;
}

describe('sessions against the emulator', () => {
  let world: World;

  before(async () => {
    world = await startWorld({ kit: { checkoutUrl: (id) => `https://shop.example/pay/${id}` } });
  });
  after(async () => {
    await world.close();
    assert.deepEqual(world.leaks(), [], 'the key never appears in an answer or a log line');
  });

  let orders = 0;
  /** A new order of `amount` for the world's customer; answers its id. */
  function order(amount: string): string {
    const id = `order-t${++orders}`;
    world.orders.set(id, { amount, currency: 'NGN', customer_id: world.customerId });
    return id;
  }

  async function create(orderId: string): Promise<SessionView> {
    const response = await world.request('/pay/sessions', jsonPost({ order_id: orderId }));
    assert.equal(response.status, 201);
    return view(response);
  }

  async function poll(id: string, headers: Record<string, string> = {}): Promise<Response> {
    return world.request(`/pay/sessions/${id}`, { headers });
  }

  it('creates a session from the order: amount and customer from resolveOrder, account from the provider', async () => {
    const response = await world.request('/pay/sessions', jsonPost({ order_id: 'order-1' }));
    assert.equal(response.status, 201);
    assert.equal(response.headers.get('cache-control'), 'no-store');
    assert.ok(response.headers.get('etag'));
    const session = await view(response);
    assert.equal(session.status, 'pending');
    assert.equal(session.amount, '5000.00');
    assert.equal(session.currency, 'NGN');
    assert.match(session.account.account_number, /^\d{10}$/);
    assert.equal(session.account.bank_name, 'Wema Bank');
    assert.match(session.account.account_name, /Ada Obi/);
    assert.match(session.reference, /\S/);
    assert.equal(session.paid_at, null);
    assert.equal(session.server_time, '2026-11-21T10:00:00.000Z');
    assert.equal(session.created_at, '2026-11-21T10:00:00.000Z');
    assert.equal(session.expires_at, '2026-11-21T10:30:00.000Z');
    assert.equal(session.checkout_url, `https://shop.example/pay/${session.id}`);
    assert.ok(world.calls.includes('POST /v1/virtual-accounts/dynamic'));
  });

  it('answers the open session of an order again instead of opening a second account', async () => {
    const first = await create('order-2');
    const again = await world.request('/pay/sessions', jsonPost({ order_id: 'order-2' }));
    assert.equal(again.status, 200);
    const second = await view(again);
    assert.equal(second.id, first.id);
    assert.equal(second.account.account_number, first.account.account_number);
    assert.equal(second.amount, '1250.50');
  });

  it('serves the status with no-store, server_time and an ETag that turns repeats into 304', async () => {
    const session = await create(order('5000.00'));
    world.advance(1500);
    const first = await poll(session.id);
    assert.equal(first.status, 200);
    assert.equal(first.headers.get('cache-control'), 'no-store');
    const etag = first.headers.get('etag') ?? '';
    const body = await view(first);
    assert.equal(body.status, 'pending');
    assert.equal(body.server_time, '2026-11-21T10:00:01.500Z');
    world.advance(1500);
    const second = await poll(session.id, { 'if-none-match': etag });
    assert.equal(second.status, 304, 'server_time moved, the view did not');
    assert.equal(await second.text(), '');
    assert.equal(second.headers.get('etag'), etag);
    const stale = await poll(session.id, { 'if-none-match': '"something-else"' });
    assert.equal(stale.status, 200);
  });

  it('answers each poll of an unchanged session with the time of that poll and the same ETag', async () => {
    const session = await create(order('5000.00'));
    world.advance(1500);
    const first = await poll(session.id);
    const firstView = await view(first);
    world.advance(250);
    const second = await poll(session.id);
    const secondView = await view(second);
    assert.equal(first.headers.get('etag'), second.headers.get('etag'));
    assert.equal(Date.parse(secondView.server_time) - Date.parse(firstView.server_time), 250);
    assert.deepEqual({ ...secondView, server_time: firstView.server_time }, firstView);
  });

  it('sees the exact transfer: paid on the next poll, onPaid once with the session', async () => {
    const session = await create(order('5000.00'));
    const before = await poll(session.id);
    const etag = before.headers.get('etag') ?? '';
    const transfer = await world.control('/transfers', {
      account_number: session.account.account_number,
      amount: 5000,
    });
    assert.equal(transfer.status, true, transfer.message);
    const { data: credit } = TransferAnswer.parse(transfer);
    world.advance(1000);
    const after = await poll(session.id, { 'if-none-match': etag });
    assert.equal(after.status, 200, 'the ETag changed with the status');
    const paid = await view(after);
    assert.equal(paid.status, 'paid');
    assert.equal(paid.paid_at, new Date(Date.parse(credit.created_at)).toISOString());
    await world.kit.watcher.idle();
    const mine = world.paid.filter((s) => s.id === session.id);
    assert.equal(mine.length, 1);
    assert.equal(mine[0]?.status, 'paid');
    assert.equal(mine[0]?.amount, '5000.00');
    assert.equal(mine[0]?.transactionId, credit.id);
    const calls = world.transactionsCalls();
    world.advance(5000);
    assert.equal((await view(await poll(session.id))).status, 'paid');
    await world.kit.watcher.idle();
    assert.equal(world.transactionsCalls(), calls, 'a paid session asks the provider nothing');
    assert.equal(world.paid.filter((s) => s.id === session.id).length, 1);
  });

  it('leaves a session pending when the amount is wrong', async () => {
    const session = await create(order('700.00'));
    const refused = await world.control('/transfers', {
      account_number: session.account.account_number,
      amount: 699.99,
    });
    assert.equal(refused.status, false);
    world.advance(1000);
    assert.equal((await view(await poll(session.id))).status, 'pending');
    await world.kit.watcher.idle();
    assert.equal(world.paid.filter((s) => s.id === session.id).length, 0);
  });

  it("keeps the order's merchantData with the session, gives it back to the merchant, never to the browser", async () => {
    const merchantData = { email: 'ada@example.com', metadata: { cart: 'c-9' } };
    world.orders.set('order-own', {
      amount: '100.00',
      currency: 'NGN',
      customer_id: world.customerId,
      merchantData,
    });
    const response = await world.request('/pay/sessions', jsonPost({ order_id: 'order-own' }));
    assert.equal(response.status, 201);
    const text = await response.text();
    assert.ok(!text.includes('c-9') && !text.includes('ada@example.com'), 'not in the view');
    const { id } = JSON.parse(text) as { id: string };
    assert.deepEqual((await world.kit.getSession(id))?.merchantData, merchantData);
    await assert.rejects(
      async () =>
        world.kit.openSession('order-own-2', {
          amount: '100.00',
          currency: 'NGN',
          customer_id: world.customerId,
          merchantData: { note: 'x'.repeat(200_000) },
        }),
      /"merchantData" must be a JSON object of at most 131072 bytes/,
    );
  });

  it('checks one last time at expiry: a credit made just before it still pays the session', async () => {
    const session = await create(order('300.00'));
    world.advance(29 * MINUTE);
    await poll(session.id); // a check before the credit, which finds nothing
    await world.control('/transfers', { account_number: session.account.account_number, amount: 300 });
    await world.control('/clock', { advance_minutes: 2 });
    const late = await view(await poll(session.id));
    assert.equal(late.status, 'paid');
  });

  it('expires after the final check, renews with a new account under the same id, and refuses bad renewals', async () => {
    const session = await create(order('420.00'));
    const early = await world.request(`/pay/sessions/${session.id}/renew`, { method: 'POST' });
    assert.equal(early.status, 409);
    assert.equal((await errorOf(early)).code, 'conflict');
    const callsBefore = world.transactionsCalls();
    await world.control('/clock', { advance_minutes: 31 });
    const expired = await view(await poll(session.id));
    assert.equal(expired.status, 'expired');
    assert.equal(world.transactionsCalls(), callsBefore + 1, 'the final check asked the provider');
    const renewed = await world.request(`/pay/sessions/${session.id}/renew`, { method: 'POST' });
    assert.equal(renewed.status, 200);
    const fresh = await view(renewed);
    assert.equal(fresh.id, session.id);
    assert.equal(fresh.status, 'pending');
    assert.notEqual(fresh.account.account_number, session.account.account_number);
    assert.notEqual(fresh.reference, session.reference);
    assert.ok(Date.parse(fresh.expires_at) > Date.parse(session.expires_at));
    assert.equal(fresh.amount, '420.00');
    const again = await world.request(`/pay/sessions/${session.id}/renew`, { method: 'POST' });
    assert.equal(again.status, 409);
    await world.control('/transfers', { account_number: fresh.account.account_number, amount: 420 });
    world.advance(1000);
    assert.equal((await view(await poll(session.id))).status, 'paid');
    const paid = await world.request(`/pay/sessions/${session.id}/renew`, { method: 'POST' });
    assert.equal(paid.status, 409);
    assert.equal((await errorOf(paid)).message, 'The session is already paid.');
  });

  it('asks the provider at most once per interval however many browsers poll', async () => {
    const session = await create(order('99.00'));
    world.advance(1000);
    const start = world.transactionsCalls();
    const first = await Promise.all(Array.from({ length: 100 }, () => poll(session.id)));
    assert.ok(first.every((r) => r.status === 200));
    assert.equal(world.transactionsCalls() - start, 1);
    const second = await Promise.all(Array.from({ length: 100 }, () => poll(session.id)));
    assert.ok(second.every((r) => r.status === 200));
    assert.equal(world.transactionsCalls() - start, 1, 'still inside the interval');
    world.advance(1000);
    await Promise.all(Array.from({ length: 100 }, () => poll(session.id)));
    assert.equal(world.transactionsCalls() - start, 2, 'one more after the interval');
  });
});
