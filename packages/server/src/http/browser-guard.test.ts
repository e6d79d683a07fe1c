// The kit mounted alone (no server-example in front) refuses what a page on another site can make a
// shopper's browser send without asking: a form post or a `no-cors` fetch to a state-changing route.
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { ErrorBody, SessionView } from '@pay-elements/protocol';
import { jsonPost, SHOP, startWorld, type World } from '@pay-elements/testing/kit-world';

const MINUTE = 60_000;
const ALLOWED = 'https://shop.example';

describe('cross-site requests to the kit alone', () => {
  let world: World;
  let expired: SessionView;

  before(async () => {
    world = await startWorld({ webhooks: true, kit: { allowedOrigins: [ALLOWED], lifespanMinutes: 30 } });
    const created = await world.request('/pay/sessions', jsonPost({ order_id: 'order-1' }));
    expired = SessionView.parse(await created.json());
    world.advance(31 * MINUTE);
  });
  after(() => world.close());

  const accountsOpened = () =>
    world.calls.filter((call) => call.startsWith('POST /v1/virtual-accounts')).length;

  async function renew(headers: Record<string, string>, body?: string) {
    const before = accountsOpened();
    const response = await world.request(`/pay/sessions/${expired.id}/renew`, {
      method: 'POST',
      headers,
      body,
    });
    const error = response.ok ? null : ErrorBody.parse(await response.json()).error;
    return { status: response.status, code: error?.code, opened: accountsOpened() - before };
  }

  it('refuses a form post from another site to renew: no account opened', async () => {
    // what the attacker's page sent: text/plain needs no preflight, and older browsers send no Sec-Fetch-Site
    const form = await renew({ origin: 'https://evil.example', 'content-type': 'text/plain' }, '{}');
    assert.deepEqual(form, { status: 403, code: 'forbidden', opened: 0 });
    const fetched = await renew({ 'sec-fetch-site': 'cross-site', 'content-type': 'text/plain' }, '{}');
    assert.deepEqual(fetched, { status: 403, code: 'forbidden', opened: 0 });
    const sibling = await renew({ 'sec-fetch-site': 'same-site', origin: 'https://a.shop.example' }, '');
    assert.deepEqual(sibling, { status: 403, code: 'forbidden', opened: 0 });
    const sandboxed = await renew({ origin: 'null' });
    assert.deepEqual(sandboxed, { status: 403, code: 'forbidden', opened: 0 });
  });

  it('refuses a body not declared JSON even from no site at all', async () => {
    const plain = await renew({ 'content-type': 'text/plain' }, '{}');
    assert.deepEqual(plain, { status: 415, code: 'unsupported_media_type', opened: 0 });
    const form = await renew({ 'content-type': 'application/x-www-form-urlencoded' }, 'a=1');
    assert.deepEqual(form, { status: 415, code: 'unsupported_media_type', opened: 0 });
    const create = await world.request('/pay/sessions', {
      method: 'POST',
      headers: { 'content-type': 'multipart/form-data; boundary=x' },
      body: '--x--',
    });
    assert.equal(create.status, 415);
  });

  it('lets the shopper’s own page and an allowed origin renew, once', async () => {
    const sameOrigin = await renew(
      { 'sec-fetch-site': 'same-origin', origin: SHOP, 'content-type': 'application/json' },
      '{}',
    );
    assert.deepEqual(sameOrigin, { status: 200, code: undefined, opened: 1 });
    const allowed = await renew(
      { 'sec-fetch-site': 'cross-site', origin: ALLOWED, 'content-type': 'application/json' },
      '{}',
    );
    assert.equal(allowed.status, 409, 'reached the route: the session is pending again, nothing to renew');
    assert.equal(allowed.opened, 0);
    // a browser that sends no Sec-Fetch-Site, from the kit's own host; a server that sends neither header
    const created = await world.request('/pay/sessions', jsonPost({ order_id: 'order-2' }));
    assert.equal(created.status, 201);
    const own = await world.request('/pay/sessions', {
      ...jsonPost({ order_id: 'order-2' }),
      headers: { 'content-type': 'application/json', origin: SHOP },
    });
    assert.equal(own.status, 200);
  });

  it('takes a signed webhook whatever its headers say about sites', async () => {
    const response = await world.request('/pay/webhooks', {
      method: 'POST',
      headers: {
        'content-type': 'text/plain',
        origin: 'https://evil.example',
        'sec-fetch-site': 'cross-site',
      },
      body: '{}',
    });
    assert.equal(response.status, 415, 'the webhook route’s own rule, not the browser guard’s 403');
    const unsigned = await world.request('/pay/webhooks', {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'sec-fetch-site': 'cross-site' },
      body: '{}',
    });
    assert.equal(unsigned.status, 400, 'reached the signature check');
  });
});
