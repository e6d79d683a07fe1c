// The kit in Hono: mounted as a sub-app under /pay, the request passed on whole (the kit matches
// its own base path), served by @hono/node-server.
import { createServer } from 'node:http';
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { getRequestListener } from '@hono/node-server';
import { Hono } from 'hono';
import { PayClient } from '@pay-elements/api';
import { ErrorBody, SessionView } from '@pay-elements/protocol';
import {
  createClock,
  DEFAULT_API_KEY as KEY,
  SandboxControl,
  startSandbox,
  type Sandbox,
} from '@pay-elements/sandbox';
import { createPayHandler, type PayHandler } from '@pay-elements/server';
import { describeMountedKit, listenOnLoopback, type Served } from '../support/mounted-kit.js';

describeMountedKit('Hono', (pay) => {
  const app = new Hono();
  app.mount('/pay', (request) => pay.fetch(request), { replaceRequest: false });
  app.get('/health', (c) => c.json({ ok: true }));
  const listener = getRequestListener(app.fetch);
  return listenOnLoopback(createServer((req, res) => void listener(req, res)));
});

// The kit's own Hono app (`pay.app`) routed into the merchant's: its paths carry the base path, its
// CORS and error answers stay under it, the merchant's own routes are left as they are.
describe('the kit as a Hono sub-app (pay.app)', () => {
  let sandbox: Sandbox;
  let pay: PayHandler;
  let served: Served;
  before(async () => {
    sandbox = await startSandbox({ port: 0, clock: createClock({ frozen: true }) });
    const control = new SandboxControl(sandbox.url, KEY);
    const customer = await control.createCustomer({
      email: 'ada@example.com',
      first_name: 'Ada',
      last_name: 'Obi',
      country_code: 'NGA',
    });
    const quiet = () => undefined;
    pay = createPayHandler({
      client: new PayClient({ apiKey: KEY, baseUrl: sandbox.url, maxRetries: 0 }),
      resolveOrder: (id) =>
        id === 'order-1' ? { amount: '5000.00', currency: 'NGN', customer_id: customer.id } : null,
      allowedOrigins: ['https://shop.example'],
      logger: { debug: quiet, info: quiet, warn: quiet, error: quiet },
    });
    const app = new Hono();
    app.route('/', pay.app);
    app.get('/health', (c) => c.json({ ok: true }));
    const listener = getRequestListener(app.fetch);
    served = await listenOnLoopback(createServer((req, res) => void listener(req, res)));
  });
  after(async () => {
    await served.close();
    await pay.close();
    await sandbox.close();
  });

  it('creates a session, answers its poll with an ETag, then 304', async () => {
    const created = await fetch(`${served.url}/pay/sessions`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: 'https://shop.example' },
      body: JSON.stringify({ order_id: 'order-1' }),
    });
    assert.equal(created.status, 201);
    assert.equal(created.headers.get('access-control-allow-origin'), 'https://shop.example');
    const session = SessionView.parse(await created.json());
    assert.equal(session.amount, '5000.00');
    const first = await fetch(`${served.url}/pay/sessions/${session.id}`);
    const etag = first.headers.get('etag');
    assert.ok(etag);
    const again = await fetch(`${served.url}/pay/sessions/${session.id}`, {
      headers: { 'if-none-match': etag },
    });
    assert.equal(again.status, 304);
  });

  it('answers its errors with the protocol’s body', async () => {
    const response = await fetch(`${served.url}/pay/sessions`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ order_id: 'order-unknown' }),
    });
    assert.equal(response.status, 404);
    const body = ErrorBody.parse(await response.json());
    assert.equal(body.error.code, 'not_found');
  });

  it('leaves the merchant’s own routes alone', async () => {
    const response = await fetch(`${served.url}/health`, { headers: { origin: 'https://shop.example' } });
    assert.deepEqual(await response.json(), { ok: true });
    assert.equal(response.headers.get('access-control-allow-origin'), null);
    assert.equal(response.headers.get('vary'), null);
  });
});
