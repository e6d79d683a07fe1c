// Opening a session's single-use account, through the kit against the emulator: one account at the
// provider for exactly the order's amount, shown as the provider opened it; an order of a customer
// the provider does not know refused by name (400); an account the provider opened for another
// amount never shown (500, logged).
import { after, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { SessionView } from '@pay-elements/protocol';
import { SandboxControl } from '@pay-elements/sandbox';
import { jsonPost, startWorld, type World } from '@pay-elements/testing/kit-world';

describe('opening a session account', () => {
  let world: World;
  after(() => world?.close());

  it("opens one account for exactly the order's amount and shows it as the provider opened it", async () => {
    world = await startWorld();
    world.orders.set('order-odd', { amount: '1234.56', currency: 'NGN', customer_id: world.customerId });
    const answer = await world.request('/pay/sessions', jsonPost({ order_id: 'order-odd' }));
    assert.equal(answer.status, 201);
    const session = SessionView.parse(await answer.json());
    assert.equal(session.amount, '1234.56');
    assert.deepEqual(
      world.calls.filter((c) => c === 'POST /v1/virtual-accounts/dynamic'),
      ['POST /v1/virtual-accounts/dynamic'],
    );
    const accounts = await new SandboxControl(world.sandbox.url).accounts();
    const opened = accounts.find((a) => a.account_number === session.account.account_number);
    assert.ok(opened, 'the account shown is one the provider opened');
    assert.equal(opened.amount, '1234.56');
    assert.equal(opened.reference, session.reference);
    assert.equal(session.expires_at, new Date(Date.parse(session.expires_at)).toISOString());
  });
});

describe('opening a session account, refused', () => {
  it('refuses an order of a customer the provider does not know with 400 naming customer_id', async () => {
    const world = await startWorld();
    after(() => world.close());
    world.orders.set('order-ghost', { amount: '5000.00', currency: 'NGN', customer_id: 'cus_nobody' });
    const answer = await world.request('/pay/sessions', jsonPost({ order_id: 'order-ghost' }));
    assert.equal(answer.status, 400);
    const body = (await answer.json()) as { error: { code: string; fields?: Record<string, string[]> } };
    assert.equal(body.error.code, 'invalid_request');
    assert.deepEqual(body.error.fields, { customer_id: ['is not a customer of the payment provider'] });
  });

  it('never shows an account the provider opened for another amount: 500, and a line saying why', async () => {
    const world = await startWorld({
      through: async (input, init, send) => {
        const response = await send(input, init);
        if (!new URL(input).pathname.endsWith('/virtual-accounts/dynamic')) return response;
        const body = (await response.json()) as { data: { amount: number } };
        body.data.amount += 1;
        return new Response(JSON.stringify(body), { status: response.status, headers: response.headers });
      },
    });
    after(() => world.close());
    const answer = await world.request('/pay/sessions', jsonPost({ order_id: 'order-1' }));
    assert.equal(answer.status, 500);
    const text = await answer.text();
    assert.ok(!/account_number|9\d{9}/.test(text), text);
    assert.ok(
      world.logs.some((line) => line.startsWith('error ') && line.includes("not the order's 5000.00 NGN")),
      world.logs.join('\n'),
    );
  });
});
