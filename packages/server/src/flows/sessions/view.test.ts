// The session view's display fields: the kit's `merchant` option and the order's `display` from
// resolveOrder, on the view as created, polled and renewed; never taken from the browser; an invalid
// display is the merchant's bug (500); a store that outlived the process still gets them.
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { SessionView } from '@pay-elements/protocol';
import { createPayHandler } from '../../handler.js';
import { jsonPost, startWorld, type World } from '@pay-elements/testing/kit-world';

const merchant = { name: 'Acme Stores', logo_url: 'https://shop.example/logo.svg' };

describe('session display fields', () => {
  let world: World;
  before(async () => {
    world = await startWorld({ kit: { merchant } });
    world.orders.set('order-shown', {
      amount: '2500.00',
      currency: 'NGN',
      customer_id: world.customerId,
      display: {
        order: { title: 'Ankara tote bag', reference: '#1001' },
        return_url: 'https://shop.example/orders/1001',
      },
    });
    world.orders.set('order-market', {
      amount: '300.00',
      currency: 'NGN',
      customer_id: world.customerId,
      display: { merchant: { name: 'Stall 12' }, order: { title: 'Shea butter' } },
    });
    world.orders.set('order-bad', {
      amount: '300.00',
      currency: 'NGN',
      customer_id: world.customerId,
      display: { return_url: 'javascript:alert(1)' },
    });
  });
  after(async () => {
    await world.close();
    assert.deepEqual(world.leaks(), []);
  });

  it('puts the merchant, the order and the way back on the view, created and polled alike', async () => {
    const created = await world.request(
      '/pay/sessions',
      // whatever the browser adds is ignored: only order_id is read
      jsonPost({ order_id: 'order-shown', merchant: { name: 'Evil' }, return_url: 'https://evil.example' }),
    );
    assert.equal(created.status, 201);
    const view = SessionView.parse(await created.json());
    assert.deepEqual(view.merchant, merchant);
    assert.deepEqual(view.order, { title: 'Ankara tote bag', reference: '#1001' });
    assert.equal(view.return_url, 'https://shop.example/orders/1001');
    const polled = SessionView.parse(await (await world.request(`/pay/sessions/${view.id}`)).json());
    assert.deepEqual(
      [polled.merchant, polled.order, polled.return_url],
      [view.merchant, view.order, view.return_url],
    );
  });

  it("lets an order name its own merchant over the kit's", async () => {
    const response = await world.request('/pay/sessions', jsonPost({ order_id: 'order-market' }));
    const view = SessionView.parse(await response.json());
    assert.deepEqual(view.merchant, { name: 'Stall 12' });
    assert.deepEqual(view.order, { title: 'Shea butter' });
    assert.equal(view.return_url, undefined);
  });

  it('answers 500 for an order whose display is invalid, and logs why', async () => {
    const response = await world.request('/pay/sessions', jsonPost({ order_id: 'order-bad' }));
    assert.equal(response.status, 500);
    assert.ok(
      world.logs.some(
        (line) =>
          line.includes("resolveOrder's answer for order order-bad is not an order") &&
          line.includes('display'),
      ),
      'the log line names the field',
    );
  });

  it('resolves the order again for a session this process did not create (after a restart)', async () => {
    const response = await world.request('/pay/sessions', jsonPost({ order_id: 'order-shown' }));
    const { id } = SessionView.parse(await response.json());
    const restarted = createPayHandler({
      client: world.client,
      store: world.kit.store,
      resolveOrder: (orderId) => world.orders.get(orderId) ?? null,
    });
    const view = SessionView.parse(
      await (await restarted.fetch(new Request(`http://shop.test/pay/sessions/${id}`))).json(),
    );
    assert.deepEqual(view.order, { title: 'Ankara tote bag', reference: '#1001' });
    assert.equal(view.merchant, undefined, 'this instance has no merchant option');
  });

  it('refuses a kit merchant with a logo that is not an http(s) URL, naming the option', () => {
    assert.throws(
      () =>
        createPayHandler({
          client: world.client,
          resolveOrder: () => null,
          merchant: { name: 'Acme', logo_url: 'data:image/png;base64,AAAA' },
        }),
      /merchant/,
    );
  });
});
