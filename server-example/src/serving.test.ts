// How server-example holds up as a server, over real sockets: a request made while it starts is
// answered, a client that sends its headers or body slowly is cut off within the configured timeout,
// a browser's cross-site POST is refused on every state-changing route, and the kit's sweep runs on
// an interval.
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { connect, type Socket } from 'node:net';
import { MemoryStore } from '@pay-elements/server';
import { startApp, type App } from './app.js';
import { readConfig } from './config.js';
import { freePort } from '../../test/support/processes.js';

const silent = { debug: () => {}, info: () => {}, warn: () => {}, error: () => {} };

function baseOf(app: App): string {
  const address = app.server.address();
  if (address === null || typeof address === 'string') throw new Error('not listening');
  return `http://127.0.0.1:${address.port}`;
}

/** Everything the server sends until it closes the connection, and when it closed (ms after start). */
function readUntilClosed(socket: Socket, started: number): Promise<{ text: string; closedAfterMs: number }> {
  return new Promise((resolve) => {
    let text = '';
    socket.on('data', (chunk: Buffer) => (text += chunk.toString('latin1')));
    socket.on('error', () => undefined);
    socket.on('close', () => resolve({ text, closedAfterMs: performance.now() - started }));
  });
}

describe('server-example while it starts', () => {
  it('answers a request that reaches it before it has finished starting', async () => {
    const port = await freePort();
    // the store opens only when the test says so: the app is listening and not yet started
    let openStore: () => void = () => undefined;
    const storeOpened = new Promise<void>((resolve) => (openStore = resolve));
    let listening: () => void = () => undefined;
    const portOpen = new Promise<void>((resolve) => (listening = resolve));
    const starting = startApp(readConfig({ PORT: String(port), PAY_SANDBOX_PORT: '0', PAY_DB: ':memory:' }), {
      logger: silent,
      store: async () => {
        listening();
        await storeOpened;
        return new MemoryStore();
      },
    });
    await portOpen;
    const started = performance.now();
    const socket = connect(port, '127.0.0.1');
    const outcome = readUntilClosed(socket, started);
    socket.write(`GET /healthz HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nConnection: close\r\n\r\n`);
    await new Promise((resolve) => setTimeout(resolve, 100));
    openStore();
    const app = await starting;
    try {
      const { text, closedAfterMs } = await Promise.race([
        outcome,
        new Promise<never>((_, reject) => setTimeout(() => reject(new Error('no answer within 5 s')), 5000)),
      ]);
      assert.match(text, /^HTTP\/1\.1 200 /, 'answered once started');
      assert.match(text, /content-security-policy/i, 'with the security headers');
      assert.ok(closedAfterMs >= 100, 'it waited for the start rather than fail');
    } finally {
      socket.destroy();
      await app.close();
    }
  });
});

describe('server-example with slow clients', () => {
  it('refuses a request timeout shorter than the headers timeout, naming both', () => {
    assert.throws(
      () => readConfig({ HEADERS_TIMEOUT_MS: '5000', REQUEST_TIMEOUT_MS: '1000' }),
      /REQUEST_TIMEOUT_MS must be at least HEADERS_TIMEOUT_MS/,
    );
    assert.throws(() => readConfig({ HEADERS_TIMEOUT_MS: '10' }), /HEADERS_TIMEOUT_MS must be at least 100/);
  });

  let app: App;
  let port: number;
  before(async () => {
    const config = readConfig({
      PORT: '0',
      PAY_SANDBOX_PORT: '0',
      PAY_DB: ':memory:',
      HEADERS_TIMEOUT_MS: '400',
      REQUEST_TIMEOUT_MS: '800',
    });
    app = await startApp(config, { logger: silent });
    port = Number(new URL(baseOf(app)).port);
  });
  after(() => app.close());

  /** A client that sends `parts` one every 100 ms, and what came of it. */
  async function trickle(parts: string[]): Promise<{ text: string; closedAfterMs: number }> {
    const started = performance.now();
    const socket = connect(port, '127.0.0.1');
    const outcome = readUntilClosed(socket, started);
    const timer = setInterval(() => {
      const part = parts.shift();
      if (part === undefined || socket.destroyed) clearInterval(timer);
      else socket.write(part);
    }, 100);
    const cap = setTimeout(() => socket.destroy(), 5000);
    const result = await outcome;
    clearInterval(timer);
    clearTimeout(cap);
    return result;
  }

  it('cuts off a client that sends its headers slowly, within the headers timeout', async () => {
    const headers = `GET /healthz HTTP/1.1\r\nHost: x\r\n${'X-Slow: 1\r\n'.repeat(60)}\r\n`.split('');
    const { text, closedAfterMs } = await trickle(headers);
    assert.ok(closedAfterMs < 1500, `closed after ${Math.round(closedAfterMs)} ms`);
    assert.ok(closedAfterMs >= 350, 'not before the timeout');
    assert.match(text, /^HTTP\/1\.1 408 /, 'told why');
  });

  it('cuts off a client that sends its body slowly, within the request timeout', async () => {
    const body = JSON.stringify({ order_id: 'demo-1' }).padEnd(60, ' ');
    const request = [
      `POST /pay/sessions HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: ${body.length}\r\n\r\n`,
      ...body.split(''),
    ];
    const { closedAfterMs } = await trickle(request);
    assert.ok(closedAfterMs < 2000, `closed after ${Math.round(closedAfterMs)} ms`);
  });
});

describe('server-example refuses cross-site requests', () => {
  let app: App;
  let base: string;
  let session: string;
  before(async () => {
    const config = { PORT: '0', PAY_SANDBOX_PORT: '0', PAY_DB: ':memory:', PAY_SWEEP_INTERVAL_MS: '1000' };
    app = await startApp(readConfig(config), { logger: silent });
    base = baseOf(app);
    const created = await fetch(`${base}/pay/sessions`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ order_id: 'demo-1' }),
    });
    assert.equal(created.status, 201);
    session = ((await created.json()) as { id: string }).id;
  });
  after(() => app.close());

  const routes = () => [
    `/pay/sessions/${session}/renew`,
    '/pay/sessions',
    '/demo-api/clock',
    `/demo-api/sessions/${session}/transfer`,
    '/demo-api/invoices/INV-0001/pay',
  ];

  it('refuses a text/plain form post from another site on every state-changing route, changing nothing', async () => {
    const clock = app.sandbox?.clock.now() ?? 0;
    for (const path of routes()) {
      const browsers: Array<Record<string, string>> = [
        { origin: 'https://evil.example' },
        { 'sec-fetch-site': 'cross-site' },
        { 'sec-fetch-site': 'same-site', origin: 'null' },
      ];
      for (const headers of browsers) {
        const response = await fetch(`${base}${path}`, {
          method: 'POST',
          headers: { 'content-type': 'text/plain', ...headers },
          body: '{"minutes":600}',
        });
        assert.equal(response.status, 403, `${path} ${JSON.stringify(headers)}`);
        assert.deepEqual(await response.json(), {
          error: { code: 'forbidden', message: 'Cross-site requests are refused.' },
        });
      }
    }
    const moved = (app.sandbox?.clock.now() ?? 0) - clock;
    assert.ok(moved < 60_000, `the clock did not jump (moved ${moved} ms, real time)`);
    const status = (await (await fetch(`${base}/pay/sessions/${session}`)).json()) as { status: string };
    assert.equal(status.status, 'pending', 'nothing was paid');
  });

  it('accepts the same requests from its own pages and from servers (no Origin)', async () => {
    const own = await fetch(`${base}/demo-api/clock`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: base, 'sec-fetch-site': 'same-origin' },
      body: JSON.stringify({ minutes: 1 }),
    });
    assert.equal(own.status, 200);
    const server = await fetch(`${base}/pay/sessions`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ order_id: 'demo-1' }),
    });
    assert.equal(server.status, 200, 'the order’s session again');
  });

  it('sweeps pending sessions on an interval', async () => {
    let sweeps = 0;
    const sweep = app.pay.watcher.sweep.bind(app.pay.watcher);
    app.pay.watcher.sweep = () => {
      sweeps++;
      return sweep();
    };
    const deadline = performance.now() + 5000;
    while (sweeps === 0 && performance.now() < deadline) await new Promise((r) => setTimeout(r, 100));
    assert.ok(sweeps > 0, 'the watcher swept within the interval');
  });
});

describe('server-example behind a proxy', () => {
  const open: Response[] = [];
  /** Opens status streams for `session` as the proxy passes them on for `client` (kept open); the statuses. */
  async function streamsFor(base: string, session: string, client: string, count: number) {
    const answers = await Promise.all(
      Array.from({ length: count }, () =>
        fetch(`${base}/pay/sessions/${session}/events`, {
          headers: { accept: 'text/event-stream', 'x-forwarded-for': `203.0.113.9, ${client}` },
        }),
      ),
    );
    open.push(...answers);
    return answers.map((answer) => answer.status);
  }

  async function started(env: Record<string, string>) {
    const app = await startApp(readConfig({ PORT: '0', PAY_SANDBOX_PORT: '0', PAY_DB: ':memory:', ...env }), {
      logger: silent,
    });
    const base = baseOf(app);
    const created = await fetch(`${base}/pay/sessions`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ order_id: 'demo-1' }),
    });
    return { app, base, session: ((await created.json()) as { id: string }).id };
  }

  it('with TRUST_PROXY=1, gives each shopper the proxy names their own allowance of streams', async () => {
    const { app, base, session } = await started({ TRUST_PROXY: '1', PAY_DEMO_PUBLIC: '1' });
    try {
      const first = await streamsFor(base, session, '198.51.100.1', 21);
      assert.equal(first.filter((status) => status === 200).length, 20);
      assert.equal(first.filter((status) => status === 429).length, 1, 'the first shopper’s 21st');
      const second = await streamsFor(base, session, '198.51.100.2', 5);
      assert.deepEqual(second, [200, 200, 200, 200, 200], 'another shopper behind the same proxy');
    } finally {
      for (const answer of open.splice(0)) await answer.body?.cancel();
      await app.close();
    }
  });

  it('without it, believes no X-Forwarded-For: every client of one address shares one allowance', async () => {
    const { app, base, session } = await started({});
    try {
      const first = await streamsFor(base, session, '198.51.100.1', 20);
      assert.ok(first.every((status) => status === 200));
      const second = await streamsFor(base, session, '198.51.100.2', 2);
      assert.deepEqual(second, [429, 429], 'a forged header buys no new allowance');
    } finally {
      for (const answer of open.splice(0)) await answer.body?.cancel();
      await app.close();
    }
  });

  it('refuses to serve the emulator where it looks deployed (HOST, PUBLIC_URL, TRUST_PROXY) unless told it is a public demo', () => {
    for (const HOST of ['0.0.0.0', '192.0.2.10', '::']) {
      assert.throws(() => readConfig({ HOST }), /HOST is not a loopback address.*PAY_DEMO_PUBLIC=1/);
    }
    for (const HOST of ['127.0.0.1', '127.1.2.3', 'localhost', '::1', '[::1]'])
      assert.equal(readConfig({ HOST }).HOST, HOST);
    assert.equal(readConfig({ HOST: '0.0.0.0', PAY_DEMO_PUBLIC: '1' }).PAY_DEMO_PUBLIC, true);
    // deployed-looking (an https or public PUBLIC_URL, a trusted proxy in front, such as the docs'
    // nginx on loopback): refused too, each variable named
    assert.throws(
      () => readConfig({ PUBLIC_URL: 'https://shop.example', TRUST_PROXY: '1' }),
      /PUBLIC_URL is not a loopback address.*PAY_DEMO_PUBLIC=1.*; TRUST_PROXY is set.*PAY_DEMO_PUBLIC=1/,
    );
    assert.throws(
      () => readConfig({ PUBLIC_URL: 'http://203.0.113.7:3000' }),
      /PUBLIC_URL is not a loopback/,
    );
    for (const PUBLIC_URL of ['http://127.0.0.1:3000', 'http://localhost:3000'])
      assert.equal(readConfig({ PUBLIC_URL }).PUBLIC_URL, PUBLIC_URL);
    assert.equal(
      readConfig({ PUBLIC_URL: 'https://shop.example', TRUST_PROXY: '1', PAY_DEMO_PUBLIC: '1' }).TRUST_PROXY,
      true,
    );
    const provider = readConfig({
      HOST: '0.0.0.0',
      PUBLIC_URL: 'https://shop.example',
      TRUST_PROXY: '1',
      PAY_API_KEY: 'sk_test_provider',
      PAY_BASE_URL: 'https://api.provider.example',
      PAY_DEMO_CUSTOMER_ID: 'cus_1',
      PAY_TOKEN_SECRET: 'a-random-secret-of-at-least-32-characters',
    });
    assert.equal(provider.HOST, '0.0.0.0', 'a real provider: the emulator is not served');
  });
});
