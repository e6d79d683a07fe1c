// The hosted checkout's no-script "Get a new account" form opens an account at the provider, as the
// API's renew does, so it falls under the same per-client limit on accounts opened: a client that
// renews every expired order through the form is stopped at its allowance (the kit learns the
// shopper from the request server-example makes on their behalf), while another client still gets
// its own, reached directly or through a proxy (TRUST_PROXY=1).
import { after, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { request as httpRequest } from 'node:http';
import type { LogFields } from '@pay-elements/server';
import { startApp, type App } from 'server-example/app';
import { readConfig } from 'server-example/config';

/** The demo's orders, each a session of its own. */
const ORDERS = ['demo-1', 'demo-2', 'demo-3', 'gallery-paid', 'themes', 'languages'];
/** accounts one client may open a minute in this test (the kit's default is 10) */
const PER_CLIENT = 3;

interface Client {
  /** the address the request leaves from (loopback: any of 127.0.0.0/8) */
  from: string;
  /** what a proxy in front says of it */
  forwardedFor?: string;
}

interface Answer {
  status: number;
  location: string | undefined;
  body: string;
}

describe('the no-script renew form under the per-client limit on accounts', () => {
  const apps: App[] = [];
  const warnings: string[] = [];
  after(() => Promise.all(apps.map((app) => app.close())));

  function send(app: App, client: Client, method: string, path: string, body?: string): Promise<Answer> {
    const address = app.server.address();
    if (address === null || typeof address === 'string') throw new Error('not listening');
    const headers: Record<string, string> = {};
    if (body !== undefined) headers['content-type'] = 'application/json';
    if (client.forwardedFor) headers['x-forwarded-for'] = client.forwardedFor;
    return new Promise((resolve, reject) => {
      const req = httpRequest(
        { host: '127.0.0.1', port: address.port, localAddress: client.from, method, path, headers },
        (res) => {
          let text = '';
          res.setEncoding('utf8');
          res.on('data', (chunk: string) => (text += chunk));
          res.on('end', () =>
            resolve({ status: res.statusCode ?? 0, location: res.headers.location, body: text }),
          );
        },
      );
      req.on('error', reject);
      req.end(body);
    });
  }

  async function start(env: Record<string, string>): Promise<App> {
    const warn = (msg: string, _fields?: LogFields) => void warnings.push(msg);
    const silent = () => undefined;
    const app = await startApp(readConfig({ PORT: '0', PAY_SANDBOX_PORT: '0', PAY_DB: ':memory:', ...env }), {
      accountRateLimit: { perClientPerMinute: PER_CLIENT, perOrderPerMinute: 10 },
      logger: { debug: silent, info: silent, warn, error: warn },
    });
    apps.push(app);
    return app;
  }

  /** Every demo order's session, opened by two clients (the allowance of each), then expired. */
  async function expiredSessions(app: App, openers: Client[]): Promise<string[]> {
    const ids: string[] = [];
    for (const [i, order] of ORDERS.entries()) {
      const opener = openers[Math.floor(i / PER_CLIENT)]!;
      const created = await send(app, opener, 'POST', '/pay/sessions', JSON.stringify({ order_id: order }));
      assert.equal(created.status, 201, created.body);
      ids.push((JSON.parse(created.body) as { id: string }).id);
    }
    // past every account's lifespan: the sessions expire, and a minute of allowance comes back to all
    const moved = await send(app, openers[0]!, 'POST', '/demo-api/clock', JSON.stringify({ minutes: 31 }));
    assert.equal(moved.status, 200, moved.body);
    return ids;
  }

  /** The no-script form of each session, sent by `client`; the statuses the sessions are left in. */
  async function renewByForm(app: App, client: Client, ids: readonly string[]): Promise<string[]> {
    const statuses: string[] = [];
    for (const id of ids) {
      const answer = await send(app, client, 'POST', `/checkout/${id}/renew`);
      assert.equal(answer.status, 303);
      assert.equal(answer.location, `/checkout/${id}`);
      const view = await send(app, client, 'GET', `/pay/sessions/${id}`);
      statuses.push((JSON.parse(view.body) as { status: string }).status);
    }
    return statuses;
  }

  it('stops a client that renews through the form at its allowance; another client gets its own', async () => {
    const app = await start({});
    const ids = await expiredSessions(app, [{ from: '127.0.0.2' }, { from: '127.0.0.3' }]);
    const renewed = await renewByForm(app, { from: '127.0.0.4' }, ids);
    assert.deepEqual(renewed, ['pending', 'pending', 'pending', 'expired', 'expired', 'expired']);
    const other = await renewByForm(app, { from: '127.0.0.5' }, ids.slice(PER_CLIENT));
    assert.deepEqual(other, ['pending', 'pending', 'pending'], 'another client, its own allowance');
    assert.deepEqual(warnings, [], 'no client was unknown');
  });

  it('counts a form renewal behind a proxy as the shopper the proxy names', async () => {
    const app = await start({ TRUST_PROXY: '1', PAY_DEMO_PUBLIC: '1' }); // the emulator behind a proxy, on purpose
    const proxy = '127.0.0.6';
    const ids = await expiredSessions(app, [
      { from: proxy, forwardedFor: '198.51.100.2' },
      { from: proxy, forwardedFor: '198.51.100.3' },
    ]);
    const renewed = await renewByForm(app, { from: proxy, forwardedFor: '198.51.100.4' }, ids);
    assert.deepEqual(renewed, ['pending', 'pending', 'pending', 'expired', 'expired', 'expired']);
    const other = await renewByForm(
      app,
      { from: proxy, forwardedFor: '198.51.100.5' },
      ids.slice(PER_CLIENT),
    );
    assert.deepEqual(other, ['pending', 'pending', 'pending']);
    assert.deepEqual(warnings, []);
  });
});
