import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { Hono } from 'hono';
import { endpoints } from '@pay-elements/protocol';
import { createRouter, type Route } from './router.js';
import type { Logger } from '../log.js';

const quiet: Logger = { debug() {}, info() {}, warn() {}, error() {} };

function route(method: Route['method'], path: string): Route {
  return {
    method,
    path,
    maxBodyBytes: 1,
    handle: ({ params }) => Promise.resolve(Response.json({ route: `${method} ${path}`, params })),
  };
}

describe('the router', () => {
  const app = createRouter({
    routes: [
      route('POST', endpoints.createSession.path),
      route('GET', endpoints.session.path),
      route('POST', endpoints.renew.path),
      route('GET', endpoints.banks.path),
      route('POST', endpoints.suggest.path),
    ],
    basePath: '/pay',
    allowedOrigins: new Set(),
    logger: quiet,
  });
  const ask = (method: string, path: string) => app.request(`http://kit.test/pay${path}`, { method });
  const answer = async (method: string, path: string) =>
    (await (await ask(method, path)).json()) as { route: string; params: Record<string, string> };

  it('finds the route and decodes its parameters', async () => {
    const match = await answer('GET', '/sessions/ses_a%2Fb%20c');
    assert.equal(match.route, 'GET /sessions/:id');
    assert.deepEqual(match.params, { id: 'ses_a/b c' });
    const renew = await answer('POST', '/sessions/ses_1/renew');
    assert.deepEqual(renew.params, { id: 'ses_1' });
  });

  it('prefers a literal segment over a parameter, whatever the order of the table', async () => {
    assert.equal((await answer('POST', '/banks/suggest')).route, 'POST /banks/suggest');
    const banks = await answer('GET', '/banks/NG');
    assert.deepEqual(banks.params, { country: 'NG' });
    const wrong = await ask('DELETE', '/banks/suggest');
    assert.equal(wrong.status, 405);
    assert.equal(wrong.headers.get('allow'), 'POST, GET, OPTIONS');
  });

  it('tells a wrong method (with the allowed ones) from an unknown path', async () => {
    const wrongSession = await ask('DELETE', '/sessions/ses_1');
    assert.equal(wrongSession.status, 405);
    assert.equal(wrongSession.headers.get('allow'), 'GET, OPTIONS');
    const wrongCreate = await ask('GET', '/sessions');
    assert.equal(wrongCreate.status, 405);
    assert.equal(wrongCreate.headers.get('allow'), 'POST, OPTIONS');
    assert.equal((await ask('GET', '/nope')).status, 404);
    assert.equal((await ask('GET', '/sessions/ses_1/extra/more')).status, 404);
  });

  it('refuses empty and malformed parameters', async () => {
    assert.equal((await ask('GET', '/sessions/%E0%A4%A')).status, 404);
    assert.equal((await ask('POST', '/sessions//renew')).status, 404);
  });

  it('ignores a trailing slash', async () => {
    assert.equal((await answer('POST', '/sessions/')).route, 'POST /sessions');
  });
});

describe('the router as a sub-app', () => {
  it('keeps its CORS headers under the base path, off the merchant’s own routes', async () => {
    const merchant = new Hono();
    merchant.route(
      '/',
      createRouter({
        routes: [route('GET', endpoints.session.path)],
        basePath: '/pay',
        allowedOrigins: new Set(['https://shop.example']),
        logger: quiet,
      }),
    );
    merchant.get('/health', (c) => c.json({ ok: true }));
    const headers = { origin: 'https://shop.example' };
    const kit = await merchant.request('http://shop.test/pay/sessions/ses_1', { headers });
    assert.equal(kit.status, 200);
    assert.equal(kit.headers.get('access-control-allow-origin'), 'https://shop.example');
    const own = await merchant.request('http://shop.test/health', { headers });
    assert.deepEqual(await own.json(), { ok: true });
    assert.equal(own.headers.get('access-control-allow-origin'), null);
    assert.equal(own.headers.get('vary'), null);
  });
});
