// An order's one session, through the kit against the emulator: ten requests at once for a new order
// open one account (one 201, the rest the same session); an order changed while its payment is
// open is 409, a paid one is answered as paid; three renewals at once of an expired
// session open one new account.
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { ErrorBody, SessionView } from '@pay-elements/protocol';
import { jsonPost, startWorld, type World } from '@pay-elements/testing/kit-world';
import { newSessionId } from './orders.js';

const OPEN = 'POST /v1/virtual-accounts/dynamic';

describe('an order’s one session', () => {
  let world: World;
  let orders = 0;
  before(async () => {
    world = await startWorld();
  });
  after(() => world.close());

  function order(amount: string): string {
    const id = `order-o${++orders}`;
    world.orders.set(id, { amount, currency: 'NGN', customer_id: world.customerId });
    return id;
  }
  const create = (orderId: string) => world.request('/pay/sessions', jsonPost({ order_id: orderId }));
  const opened = () => world.calls.filter((c) => c === OPEN).length;

  it('opens one account for ten requests at once: one 201, the same session to all', async () => {
    const id = order('750.00');
    const before = opened();
    const answers = await Promise.all(Array.from({ length: 10 }, () => create(id)));
    assert.deepEqual(answers.map((a) => a.status).sort(), [200, 200, 200, 200, 200, 200, 200, 200, 200, 201]);
    const ids = new Set(await Promise.all(answers.map(async (a) => SessionView.parse(await a.json()).id)));
    assert.equal(ids.size, 1);
    assert.equal(opened() - before, 1);
  });

  it('is 409 for an order changed while its payment is open, and answers a paid one whatever', async () => {
    const id = order('320.00');
    const first = SessionView.parse(await (await create(id)).json());
    const before = opened();
    world.orders.set(id, { amount: '330.00', currency: 'NGN', customer_id: world.customerId });
    const changed = await create(id);
    assert.equal(changed.status, 409);
    assert.equal(ErrorBody.parse(await changed.json()).error.code, 'conflict');
    world.orders.set(id, { amount: '320.00', currency: 'NGN', customer_id: world.customerId });
    await world.control('/transfers', { account_number: first.account.account_number, amount: 320 });
    world.advance(1000);
    await world.request(`/pay/sessions/${first.id}`);
    world.orders.set(id, { amount: '330.00', currency: 'NGN', customer_id: world.customerId });
    const reload = await create(id);
    assert.equal(reload.status, 200);
    const paid = SessionView.parse(await reload.json());
    assert.deepEqual([paid.id, paid.status], [first.id, 'paid']);
    assert.equal(opened(), before, 'no second account the shopper could pay twice');
  });

  it('opens one new account for three renewals at once of an expired session', async () => {
    const id = order('420.00');
    const session = SessionView.parse(await (await create(id)).json());
    await world.control('/clock', { advance_minutes: 31 });
    assert.equal(
      SessionView.parse(await (await world.request(`/pay/sessions/${session.id}`)).json()).status,
      'expired',
    );
    const before = opened();
    const renewals = await Promise.all(
      [1, 2, 3].map(() => world.request(`/pay/sessions/${session.id}/renew`, { method: 'POST' })),
    );
    assert.equal(opened() - before, 1);
    const accounts = new Set<string>();
    for (const answer of renewals) {
      if (answer.status === 409) continue;
      assert.equal(answer.status, 200);
      accounts.add(SessionView.parse(await answer.json()).account.account_number);
    }
    assert.equal(accounts.size, 1);
    assert.ok(!accounts.has(session.account.account_number));
  });

  it('names sessions with ids no one can guess', () => {
    const ids = new Set(Array.from({ length: 100 }, () => newSessionId()));
    assert.equal(ids.size, 100);
    for (const id of ids) assert.match(id, /^ses_[A-Za-z0-9_-]{22}$/);
  });
});
