// Two copies of @pay-elements/api loaded at once (the merchant's client from one, the kit built on the
// other): a provider outage is still recognised, answered 503 upstream_unavailable, and opens the breaker.
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import * as api from '@pay-elements/api';
import { ErrorBody } from '@pay-elements/protocol';
import { loadSecondApiCopy } from '@pay-elements/testing/second-api-copy';
import { jsonPost, SANDBOX_KEY, startWorld, type World } from '@pay-elements/testing/kit-world';

describe('with a second copy of @pay-elements/api', () => {
  let copy: Awaited<ReturnType<typeof loadSecondApiCopy>>;
  let world: World;
  let providerCalls = 0;
  before(async () => {
    copy = await loadSecondApiCopy();
    // the emulator's URL is known once the world has started it: the client's fetch reads it then
    const client = new copy.api.PayClient({
      apiKey: SANDBOX_KEY,
      baseUrl: 'http://provider.test',
      maxRetries: 0,
      fetch: (input, init) => {
        providerCalls += 1;
        const url = new URL(input);
        return fetch(`${world.sandbox.url}${url.pathname}${url.search}`, init);
      },
    });
    world = await startWorld({
      kit: { client, circuitBreaker: { failureThreshold: 2, cooldownMs: 60_000 } },
    });
  });
  after(async () => {
    await world.close();
    await copy.remove();
  });

  it('recognises the other copy’s errors as instances of its own classes, and only as the right ones', () => {
    assert.notEqual(copy.api.InternalServerError, api.InternalServerError);
    const error = copy.api.makeApiError({ status: 503, message: 'down' });
    assert.ok(error instanceof api.InternalServerError);
    assert.ok(error instanceof api.ApiError);
    assert.ok(error instanceof api.PayError);
    assert.ok(error instanceof Error);
    assert.ok(!(error instanceof api.NotFoundError));
    assert.ok(!(error instanceof api.ConnectionError));
    assert.ok(new copy.api.TimeoutError() instanceof api.ConnectionError);
    assert.ok(!(new Error('plain') instanceof api.PayError));
  });

  it('answers 503 upstream_unavailable to a provider 503 and opens the breaker', async () => {
    await world.control('/faults', { path_prefix: '/v1/', method: 'POST', status: 503 });
    for (const order of ['order-1', 'order-2']) {
      const response = await world.request('/pay/sessions', jsonPost({ order_id: order }));
      assert.equal(response.status, 503);
      assert.equal(ErrorBody.parse(await response.json()).error.code, 'upstream_unavailable');
    }
    assert.equal(world.kit.breaker.state, 'open');
    assert.equal(providerCalls, 2, 'both creates reached the provider');
    const calls = providerCalls;
    const third = await world.request('/pay/sessions', jsonPost({ order_id: 'order-1' }));
    assert.equal(third.status, 503);
    assert.equal(providerCalls, calls, 'the open breaker asks the provider nothing');
  });
});
