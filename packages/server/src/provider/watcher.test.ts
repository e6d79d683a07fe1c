// The payment watcher against the real emulator over loopback: a busy customer's history is read
// back to the session's creation, however many pages that takes, before anything is called expired.
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { SessionView } from '@pay-elements/protocol';
import { jsonPost, startWorld, type World } from '@pay-elements/testing/kit-world';

const MINUTE = 60_000;

describe('the watcher on a busy customer, webhooks lost', () => {
  let world: World;
  before(async () => {
    world = await startWorld();
  });
  after(async () => {
    await world.close();
  });

  it('finds the credit under 2,000 newer unrelated credits and calls the session paid, not expired', async (t) => {
    world.orders.set('order-busy', { amount: '4321.00', currency: 'NGN', customer_id: world.customerId });
    const created = await world.request('/pay/sessions', jsonPost({ order_id: 'order-busy' }));
    assert.equal(created.status, 201);
    const session = SessionView.parse(await created.json());
    const paying = await world.control('/transfers', {
      account_number: session.account.account_number,
      amount: 4321,
    });
    assert.equal(paying.status, true, paying.message);

    // the shop's other business with the same customer, all of it newer than the paying credit
    world.advance(1000);
    const permanent = await world.client.virtualAccounts.create({
      customer_id: world.customerId,
      currency: 'NGN',
      id_number: '22212345678',
    });
    const accountNumber = permanent.accounts[0]?.account_number ?? '';
    const started = performance.now();
    for (let batch = 0; batch < 100; batch++) {
      const answers = await Promise.all(
        Array.from({ length: 20 }, (_, i) =>
          world.control('/transfers', { account_number: accountNumber, amount: 10 + batch + i }),
        ),
      );
      assert.ok(answers.every((a) => a.status));
    }
    const seeded = performance.now() - started;

    world.advance(31 * MINUTE);
    const pagesBefore = world.transactionsCalls();
    const polled = await world.request(`/pay/sessions/${session.id}`);
    assert.equal(polled.status, 200);
    assert.equal(SessionView.parse(await polled.json()).status, 'paid');
    assert.ok(world.transactionsCalls() - pagesBefore >= 21, 'read past the 2,000 newer credits');
    await world.kit.watcher.idle();
    assert.equal(world.paid.filter((s) => s.id === session.id).length, 1);
    t.diagnostic(
      `2,000 credits made in ${Math.round(seeded)} ms; ${world.transactionsCalls() - pagesBefore} pages read`,
    );
  });
});
