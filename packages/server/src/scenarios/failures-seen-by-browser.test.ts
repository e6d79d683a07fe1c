// Failures as the browser sees them: bad input, CORS, the provider down, and the provider refusing
// the key or the order, against the emulator.
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { ErrorBody, SessionView } from '@pay-elements/protocol';
import { jsonPost, SANDBOX_KEY, startWorld, type World } from '@pay-elements/testing/kit-world';

async function view(response: Response): Promise<SessionView> {
  return SessionView.parse(await response.json());
}

async function errorOf(response: Response): Promise<ErrorBody['error']> {
  return ErrorBody.parse(await response.json()).error;
}
describe('bad input', () => {
  let world: World;
  before(async () => {
    world = await startWorld();
  });
  after(async () => {
    await world.close();
    assert.deepEqual(world.leaks(), [], 'the key never appears in an answer or a log line');
  });

  async function expectError(response: Response, status: number, code: ErrorBody['error']['code']) {
    assert.equal(response.status, status);
    assert.match(response.headers.get('content-type') ?? '', /^application\/json/);
    const error = await errorOf(response);
    assert.equal(error.code, code);
    return error;
  }

  it('refuses malformed JSON', async () => {
    const response = await world.request('/pay/sessions', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{"order_id": ',
    });
    await expectError(response, 400, 'invalid_request');
  });

  it('names the fields of wrong types', async () => {
    const error = await expectError(
      await world.request('/pay/sessions', jsonPost({ order_id: 12 })),
      400,
      'invalid_request',
    );
    assert.deepEqual(error.fields, { order_id: ['must be string'] });
  });

  it('answers 404 for an unknown order, session, route or base path', async () => {
    await expectError(await world.request('/pay/sessions', jsonPost({ order_id: 'nope' })), 404, 'not_found');
    await expectError(await world.request('/pay/sessions/ses_unknown'), 404, 'not_found');
    await expectError(
      await world.request('/pay/sessions/ses_unknown/renew', { method: 'POST' }),
      404,
      'not_found',
    );
    await expectError(await world.request('/pay/nothing-here'), 404, 'not_found');
    await expectError(await world.request('/elsewhere/sessions'), 404, 'not_found');
    await expectError(await world.request('/pay/webhooks', jsonPost({})), 404, 'not_found');
  });

  it('refuses an oversized body with 413', async () => {
    const big = JSON.stringify({ order_id: 'x'.repeat(17 * 1024) });
    await expectError(
      await world.request('/pay/sessions', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: big,
      }),
      413,
      'payload_too_large',
    );
  });

  it('answers a wrong method with 405 and Allow', async () => {
    const response = await world.request('/pay/sessions', { method: 'GET' });
    await expectError(response, 405, 'method_not_allowed');
    assert.equal(response.headers.get('allow'), 'POST, OPTIONS');
    const del = await world.request('/pay/sessions/ses_x', { method: 'DELETE' });
    await expectError(del, 405, 'method_not_allowed');
    assert.equal(del.headers.get('allow'), 'GET, OPTIONS');
  });

  it('refuses a body that is not JSON with 415', async () => {
    await expectError(
      await world.request('/pay/sessions', {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: 'order_id=order-1',
      }),
      415,
      'unsupported_media_type',
    );
  });

  it('answers a merchant resolveOrder bug as a generic 500', async () => {
    world.orders.set('order-bad', { amount: '12,00', currency: 'NGN', customer_id: world.customerId });
    const error = await expectError(
      await world.request('/pay/sessions', jsonPost({ order_id: 'order-bad' })),
      500,
      'internal',
    );
    assert.equal(error.message, 'Something went wrong on our side.');
    assert.ok(
      world.logs.some(
        (l) =>
          l.startsWith('error') &&
          l.includes("resolveOrder's answer for order order-bad is not an order") &&
          l.includes('amount') &&
          l.includes('must be a positive decimal string'),
      ),
      'an error line naming the field the merchant got wrong',
    );
  });
});

describe('CORS', () => {
  let world: World;
  before(async () => {
    world = await startWorld({ kit: { allowedOrigins: ['https://shop.example'] } });
  });
  after(async () => {
    await world.close();
    assert.deepEqual(world.leaks(), [], 'the key never appears in an answer or a log line');
  });

  it('answers a preflight from a listed origin, and nothing that lets another origin in', async () => {
    const ok = await world.request('/pay/sessions', {
      method: 'OPTIONS',
      headers: {
        origin: 'https://shop.example',
        'access-control-request-method': 'POST',
        'access-control-request-headers': 'content-type',
      },
    });
    assert.equal(ok.status, 204);
    assert.equal(ok.headers.get('access-control-allow-origin'), 'https://shop.example');
    assert.match(ok.headers.get('access-control-allow-methods') ?? '', /POST/);
    assert.match(ok.headers.get('access-control-allow-headers') ?? '', /content-type/);
    const other = await world.request('/pay/sessions', {
      method: 'OPTIONS',
      headers: { origin: 'https://evil.example', 'access-control-request-method': 'POST' },
    });
    assert.equal(other.status, 204);
    assert.equal(other.headers.get('access-control-allow-origin'), null);
    assert.equal(other.headers.get('access-control-allow-methods'), null);
  });

  it('lets a listed origin read answers and their ETag, errors included', async () => {
    const response = await world.request('/pay/sessions', {
      ...jsonPost({ order_id: 'order-1' }),
      headers: { 'content-type': 'application/json', origin: 'https://shop.example' },
    });
    assert.equal(response.status, 201);
    assert.equal(response.headers.get('access-control-allow-origin'), 'https://shop.example');
    assert.equal(response.headers.get('access-control-expose-headers'), 'etag, retry-after, pay-cache');
    assert.match(response.headers.get('vary') ?? '', /Origin/);
    const missing = await world.request('/pay/sessions/nope', {
      headers: { origin: 'https://shop.example' },
    });
    assert.equal(missing.headers.get('access-control-allow-origin'), 'https://shop.example');
    const other = await world.request('/pay/sessions/nope', { headers: { origin: 'https://evil.example' } });
    assert.equal(other.headers.get('access-control-allow-origin'), null);
  });
});

/**
 * The client's timeout in "provider down", ms (real time): long enough that a healthy account
 * opening ends within it on a busy machine (at 150 ms one did not, in a full run sharing one process),
 * well under the injected delay (4 times it) and the 1.5 s an unavailable answer must come within.
 */
const TIMEOUT = 500;

describe('provider down', () => {
  let world: World;
  before(async () => {
    // each case here is one failure on its own: the circuit breaker (outage.test.ts) stays closed
    world = await startWorld({ timeout: TIMEOUT, kit: { circuitBreaker: { failureThreshold: 100 } } });
  });
  after(async () => {
    await world.close();
    assert.deepEqual(world.leaks(), [], 'the key never appears in an answer or a log line');
  });

  let orders = 0;
  /** A new order per case: each failed attempt spends one of its account openings (3 a minute). */
  function newOrder(): string {
    const id = `order-down-${++orders}`;
    world.orders.set(id, { amount: '5000.00', currency: 'NGN', customer_id: world.customerId });
    return id;
  }

  async function expectUnavailable(started: number, response: Response): Promise<void> {
    assert.equal(response.status, 503);
    const text = await response.text();
    const error = ErrorBody.parse(JSON.parse(text)).error;
    assert.equal(error.code, 'upstream_unavailable');
    assert.equal(error.message, 'The payment provider is unavailable. Try again shortly.');
    assert.doesNotMatch(text, /service unavailable|sk_sandbox|virtual-accounts|timed out|stack/i);
    assert.ok(Date.now() - started < 1500, 'fast');
  }

  for (const [label, fault] of [
    ['an injected 503', { status: 503 }],
    ['a dropped connection', { drop: true }],
    ['a delay beyond the client timeout', { delay_ms: 4 * TIMEOUT }],
  ] as const) {
    it(`answers 503 upstream_unavailable with a generic message on ${label}`, async () => {
      await world.control('/faults', { path_prefix: '/v1/virtual-accounts', times: 1, ...fault });
      const started = Date.now();
      await expectUnavailable(
        started,
        await world.request('/pay/sessions', jsonPost({ order_id: newOrder() })),
      );
    });
  }

  it('answers 503 with Retry-After when the provider rate-limits account opening, and asks it nothing more until then', async () => {
    await world.control('/faults', { path_prefix: '/v1/virtual-accounts', times: 1, status: 429 });
    const response = await world.request('/pay/sessions', jsonPost({ order_id: newOrder() }));
    assert.equal(response.status, 503);
    assert.equal(response.headers.get('retry-after'), '1');
    assert.equal((await errorOf(response)).code, 'upstream_unavailable');
    const opened = () => world.calls.filter((c) => c.startsWith('POST /v1/virtual-accounts')).length;
    const before = opened();
    const again = await world.request('/pay/sessions', jsonPost({ order_id: newOrder() }));
    assert.equal(again.status, 503, 'within Retry-After');
    assert.equal(again.headers.get('retry-after'), '1');
    assert.equal(opened(), before, 'the provider is not asked before Retry-After');
    world.advance(1000);
    const later = await world.request('/pay/sessions', jsonPost({ order_id: newOrder() }));
    assert.equal(later.status, 201);
  });

  it('answers a poll of a pending session 503 with Retry-After while the provider is down', async () => {
    const created = await world.request('/pay/sessions', jsonPost({ order_id: 'order-2' }));
    const session = await view(created);
    await world.control('/faults', { path_prefix: '/v1/transactions', status: 503 });
    world.advance(1000);
    const started = Date.now();
    const response = await world.request(`/pay/sessions/${session.id}`);
    assert.equal(response.headers.get('retry-after'), '1');
    await expectUnavailable(started, response);
    assert.ok(world.logs.some((l) => l.startsWith('warn payment provider call failed')));
    const renew = await world.request(`/pay/sessions/${session.id}/renew`, { method: 'POST' });
    assert.equal(renew.status, 409, 'an open session is not renewed, whatever the provider');
    const cleared = new Request(`${world.sandbox.url}/_sandbox/faults`, {
      method: 'DELETE',
      headers: { 'x-api-key': SANDBOX_KEY },
    });
    assert.equal((await fetch(cleared)).status, 200);
    world.advance(1000);
    const back = await world.request(`/pay/sessions/${session.id}`);
    assert.equal(back.status, 200);
    assert.equal((await view(back)).status, 'pending');
  });
});

describe('the provider refusing', () => {
  let world: World;
  let key = SANDBOX_KEY;
  before(async () => {
    // the key the kit holds is the one the provider is sent: a test swaps in a wrong one
    world = await startWorld({
      through: (input, init, send) => {
        const headers = new Headers(init.headers);
        headers.set('x-api-key', key);
        return send(input, { ...init, headers });
      },
      kit: { funding: { currencies: ['NGN'], customer: () => ({ id_number: '22212345678' }) } },
    });
  });
  after(async () => {
    await world.close();
    assert.deepEqual(world.leaks(), [], 'the key never appears in an answer or a log line');
  });

  it('answers a key the provider refuses (401) or does not allow (403) as 503 upstream_unauthorized, on the widget routes, never internal', async () => {
    const token = world.kit.fundingToken(world.customerId);
    world.orders.set('order-key', { amount: '5000.00', currency: 'NGN', customer_id: world.customerId });
    for (const refused of ['sk_live_not_the_merchants_key_000000', 'sk_sandbox_restricted']) {
      key = refused;
      try {
        const created = await world.request('/pay/sessions', jsonPost({ order_id: 'order-key' }));
        assert.equal(created.status, 503, refused);
        assert.equal(created.headers.get('retry-after'), null, 'no wait mends a wrong key');
        assert.equal((await errorOf(created)).code, 'upstream_unauthorized');
        const funding = await world.request(`/pay/funding/${token}`);
        assert.equal(funding.status, 503);
        assert.equal((await errorOf(funding)).code, 'upstream_unauthorized');
      } finally {
        key = SANDBOX_KEY;
      }
    }
    assert.ok(
      world.logs.some((l) => l.startsWith('error the payment provider refused the API key')),
      'an error line says the key was refused',
    );
    // the key corrected, the same order and the same customer open at once (nothing held back)
    assert.equal((await world.request('/pay/sessions', jsonPost({ order_id: 'order-key' }))).status, 201);
    const page = await world.request(`/pay/funding/${token}`);
    assert.equal(page.status, 200, await page.clone().text());
  });

  it('answers an order the provider refuses as 400 invalid_request naming its field, and the order stays usable', async () => {
    world.orders.set('order-cents', { amount: '10.005', currency: 'NGN', customer_id: world.customerId });
    const amount = await world.request('/pay/sessions', jsonPost({ order_id: 'order-cents' }));
    assert.equal(amount.status, 400);
    const error = await errorOf(amount);
    assert.equal(error.code, 'invalid_request');
    assert.deepEqual(Object.keys(error.fields ?? {}), ['amount']);
    world.orders.set('order-cents', { amount: '10.01', currency: 'NGN', customer_id: world.customerId });
    assert.equal((await world.request('/pay/sessions', jsonPost({ order_id: 'order-cents' }))).status, 201);
  });

  it('answers an order for a customer the provider does not know as 400 naming customer_id', async () => {
    world.orders.set('order-nobody', { amount: '10.00', currency: 'NGN', customer_id: 'cus_nobody' });
    const answer = await world.request('/pay/sessions', jsonPost({ order_id: 'order-nobody' }));
    assert.equal(answer.status, 400);
    const error = await errorOf(answer);
    assert.equal(error.code, 'invalid_request');
    assert.deepEqual(Object.keys(error.fields ?? {}), ['customer_id']);
    world.orders.set('order-nobody', { amount: '10.00', currency: 'NGN', customer_id: world.customerId });
    assert.equal((await world.request('/pay/sessions', jsonPost({ order_id: 'order-nobody' }))).status, 201);
  });
});
