// The kit as a Fetch handler: what `pay.fetch` and `pay.app` answer is a Response made by the
// runtime's own constructor on every path (Bun, Deno, Workers and Next.js refuse anything else).
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { Hono } from 'hono';
import { SessionView } from '@pay-elements/protocol';
import { jsonPost, SHOP, startWorld, type World } from '@pay-elements/testing/kit-world';

/** Made by `new Response`, not a lookalike whose prototype chain merely reaches Response's. */
function assertReal(response: unknown, what: string): asserts response is Response {
  assert.ok(response instanceof Response, `${what}: a Response`);
  assert.equal(
    Object.getPrototypeOf(response),
    Response.prototype,
    `${what}: made by the Response constructor`,
  );
}

describe('pay.fetch and pay.app answer real Responses', () => {
  let world: World;
  const origin = 'https://shop.example';

  before(async () => {
    world = await startWorld({ kit: { allowedOrigins: [origin] } });
  });
  after(() => world.close());

  /** Every kind of answer the kit gives, asked through `ask`, each checked and its status returned. */
  async function everyPath(ask: (path: string, init?: RequestInit) => Promise<Response>) {
    const statuses: Record<string, number> = {};
    const check = async (what: string, path: string, init?: RequestInit) => {
      const response = await ask(path, init);
      assertReal(response, what);
      statuses[what] = response.status;
      return response;
    };
    const created = await check('create', '/pay/sessions', jsonPost({ order_id: 'order-1' }));
    const session = SessionView.parse(await created.json());
    const polled = await check('poll', `/pay/sessions/${session.id}`);
    assert.equal(await polled.text().then((text) => SessionView.parse(JSON.parse(text)).id), session.id);
    await check('not modified', `/pay/sessions/${session.id}`, {
      headers: { 'if-none-match': polled.headers.get('etag') ?? '' },
    });
    await check('unknown session', '/pay/sessions/ses_nope');
    await check('unknown route', '/pay/nope');
    await check('wrong method', '/pay/sessions', { method: 'GET' });
    await check('preflight', '/pay/sessions', {
      method: 'OPTIONS',
      headers: { origin, 'access-control-request-method': 'POST' },
    });
    await check('bad body', '/pay/sessions', jsonPost({ order: 1 }));
    await check('renew too early', `/pay/sessions/${session.id}/renew`, { method: 'POST' });
    await check('banks', '/pay/banks/NG');
    const stream = await check('status stream', `/pay/sessions/${session.id}/events`);
    assert.match(stream.headers.get('content-type') ?? '', /^text\/event-stream/);
    await stream.body?.cancel();
    return statuses;
  }

  it('on every path of pay.fetch: created, polled, 304, 404, 405, preflight, 400, 409, banks, stream', async () => {
    const statuses = await everyPath((path, init) => world.kit.fetch(new Request(`${SHOP}${path}`, init)));
    assert.deepEqual(statuses, {
      create: 201,
      poll: 200,
      'not modified': 304,
      'unknown session': 404,
      'unknown route': 404,
      'wrong method': 405,
      preflight: 204,
      'bad body': 400,
      'renew too early': 409,
      banks: 200,
      'status stream': 200,
    });
  });

  it('through pay.app mounted in a merchant’s Hono app, whose own routes still answer', async () => {
    const app = new Hono();
    app.route('/', world.kit.app);
    app.get('/health', (c) => c.json({ ok: true }));
    const statuses = await everyPath(async (path, init) => app.fetch(new Request(`${SHOP}${path}`, init)));
    assert.equal(statuses['create'], 200, 'the order’s session exists: answered again');
    assert.equal(statuses['wrong method'], 405);
    const health = await app.fetch(new Request(`${SHOP}/health`));
    assertReal(health, 'the merchant’s route');
    assert.deepEqual(await health.json(), { ok: true });
  });
});
