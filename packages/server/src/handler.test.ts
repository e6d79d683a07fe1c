// The kit as a Fetch handler: what `pay.fetch` and `pay.app` answer is a Response made by the
// runtime's own constructor on every path (Bun, Deno, Workers and Next.js refuse anything else).
// And the host's own delivery of every kit event (`eventDeliveries`): owed with its records in the
// commit of the transition, left for the host to lease.
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

describe("the host's delivery of every kit event (eventDeliveries)", () => {
  let world: World;
  const told: string[] = [];
  before(async () => {
    world = await startWorld({
      kit: {
        eventDeliveries: {
          writes: (event, now) => [
            { collection: 'host.log', key: event.id, value: { type: event.type, now } },
          ],
          owed: (ids) => told.push(...ids),
        },
      },
    });
  });
  after(() => world.close());

  it("owes a paid session's event on events.host with the host's records, in the transition's commit", async () => {
    const created = await world.request('/pay/sessions', jsonPost({ order_id: 'order-1' }));
    const session = SessionView.parse(await created.json());
    await world.control('/transfers', { account_number: session.account.account_number, amount: 5000 });
    world.advance(1000);
    await world.request(`/pay/sessions/${session.id}`);
    await world.kit.watcher.idle();
    const id = `session.paid.${session.id}`;
    // every event of every flow (the seed's paid invoice the watcher found too), each told once
    assert.deepEqual(
      told.filter((t) => t === id),
      [id],
      'told once the commit is made',
    );
    const owed = await world.kit.store.outbox.due('events.host', Date.now() + 86_400_000 * 365 * 10, 10);
    assert.deepEqual(
      owed.map((e) => [e.id, e.attempts, (e.payload as { type?: string } | null)?.type]).sort(),
      told.map((t) => [t, 0, t.slice(0, t.indexOf('.', t.indexOf('.') + 1))]).sort(),
      'owed to the host, left for it to lease',
    );
    const kept = await world.kit.store.records.get('host.log', id);
    assert.equal((kept?.value as { type?: string } | undefined)?.type, 'session.paid');
    assert.deepEqual(
      await world.kit.store.outbox.due('events.merchant', Date.now() + 86_400_000 * 365 * 10, 10),
      [],
      'no onEvent given: nothing else owed',
    );
  });
});
