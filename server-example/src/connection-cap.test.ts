// server-example's connection cap over real sockets: shoppers behind one address (a carrier's NAT)
// are served while the instance has room; one client can hold it only up to a tenth below the cap,
// and when the cap is full a client within its share takes the place of the heaviest client's
// newest idle connection; past the cap a spare few answer 503 or a health check, the rest are closed.
import { after, afterEach, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { Agent, request } from 'node:http';
import { connect, type Socket } from 'node:net';
import { startApp, type App } from './app.js';
import { readConfig } from './config.js';

const silent = { debug: () => {}, info: () => {}, warn: () => {}, error: () => {} };

function portOf(app: App): number {
  const address = app.server.address();
  if (address === null || typeof address === 'string') throw new Error('not listening');
  return address.port;
}

/** Resolves once the server holds `count` connections (0: the previous test's are closed on its side too). */
async function holding(app: App, count = 0): Promise<void> {
  for (;;) {
    const open = await new Promise<number>((resolve, reject) =>
      app.server.getConnections((error, n) => (error ? reject(error) : resolve(n))),
    );
    if (open === count) return;
    await new Promise((resolve) => setImmediate(resolve));
  }
}

/** A connection from `from` (an address of 127/8) that sends `raw` and keeps the connection. */
function keptClient(
  port: number,
  from: string,
  raw = 'GET /healthz HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n',
): Promise<Socket> {
  return new Promise((resolve) => {
    const socket = connect({ port, host: '127.0.0.1', localAddress: from }, () => {
      socket.write(raw);
      resolve(socket);
    });
    socket.on('data', () => undefined);
    socket.on('error', () => undefined);
  });
}

/** `count` kept connections from `from`, opened one after another (so the server takes them in order). */
async function keptClients(port: number, from: string, count: number): Promise<Socket[]> {
  const sockets: Socket[] = [];
  for (let i = 0; i < count; i++) sockets.push(await keptClient(port, from));
  return sockets;
}

/** Whether `socket` is closed by the server within `ms`. */
function closedWithin(socket: Socket, ms: number): Promise<boolean> {
  if (socket.destroyed || socket.readyState === 'closed') return Promise.resolve(true);
  return new Promise((resolve) => {
    const timer = setTimeout(() => resolve(false), ms);
    socket.once('close', () => {
      clearTimeout(timer);
      resolve(true);
    });
  });
}

/** The indexes of the sockets of `sockets` that the server closes within `ms`. */
async function closedOf(sockets: Socket[], ms: number): Promise<number[]> {
  const closed = await Promise.all(sockets.map((socket) => closedWithin(socket, ms)));
  return closed.flatMap((isClosed, i) => (isClosed ? [i] : []));
}

/** One request from `from` on a new connection: the status line's code, or how it failed. */
function askFrom(port: number, from: string, path: string): Promise<string> {
  return new Promise((resolve) => {
    let text = '';
    const socket = connect({ port, host: '127.0.0.1', localAddress: from }, () =>
      socket.write(`GET ${path} HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n`),
    );
    socket.on('data', (chunk: Buffer) => (text += chunk.toString('latin1')));
    socket.on('error', (error: NodeJS.ErrnoException) => resolve(error.code ?? 'error'));
    socket.on('close', () =>
      resolve(`${/^HTTP\/1\.1 (\d+)/.exec(text)?.[1] ?? 'closed'} ${text.split('\r\n\r\n')[1] ?? ''}`),
    );
  });
}

/** One GET on a keep-alive `agent` from 127.0.0.1: the status code, or the error's code (ECONNRESET). */
function poll(agent: Agent, port: number, path: string): Promise<string> {
  return new Promise((resolve) => {
    const req = request({ agent, host: '127.0.0.1', port, path, localAddress: '127.0.0.1' }, (res) => {
      res.resume();
      res.on('end', () => resolve(String(res.statusCode)));
    });
    req.on('error', (error: NodeJS.ErrnoException) => resolve(error.code ?? 'error'));
    req.end();
  });
}

describe('shoppers behind one address while the instance has room (issue 46 #12)', () => {
  let app: App;
  let port: number;
  before(async () => {
    // the default cap: 900, a client's share 90
    app = await startApp(readConfig({ PORT: '0', PAY_SANDBOX_PORT: '0', PAY_DB: ':memory:' }), {
      logger: silent,
    });
    port = portOf(app);
  });
  after(() => app.close());

  it('serves 300 keep-alive pollers from one address, far past its share, with no poll reset', async () => {
    const created = await fetch(`http://127.0.0.1:${port}/pay/sessions`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ order_id: 'demo-1' }),
    });
    const { id } = (await created.json()) as { id: string };
    const agent = new Agent({ keepAlive: true });
    const polls: string[] = [];
    await Promise.all(
      Array.from({ length: 300 }, async () => {
        for (let i = 0; i < 5; i++) polls.push(await poll(agent, port, `/pay/sessions/${id}`));
      }),
    );
    const sockets = Object.values(agent.freeSockets).flat().length;
    agent.destroy();
    const tally = Object.fromEntries(
      [...new Set(polls)].map((r) => [r, polls.filter((p) => p === r).length]),
    );
    assert.deepEqual(tally, { '200': 1500 }, 'every poll answered, none reset');
    assert.ok(sockets > 90, `the pollers held ${sockets} connections at once, past the share of 90`);
  });
});

describe('one client cannot take the connection cap (issue 40 #1, issue 46 #12)', () => {
  let app: App;
  let port: number;
  const held: Socket[] = [];
  before(async () => {
    // a share of 8 a client (a tenth of the cap, at least 8), enforced from 36 connections open (a
    // tenth below the cap); a slow client is left 10 s for its headers
    const config = readConfig({
      PORT: '0',
      PAY_SANDBOX_PORT: '0',
      PAY_DB: ':memory:',
      PAY_MAX_CONNECTIONS: '40',
      HEADERS_TIMEOUT_MS: '10000',
    });
    app = await startApp(config, { logger: silent });
    port = portOf(app);
  });
  afterEach(() => {
    for (const socket of held.splice(0)) socket.destroy();
  });
  after(() => app.close());

  it('holds one client asking for the whole cap a tenth below it, so that another client is served and the instance stays ready', async () => {
    await holding(app);
    const greedy = await keptClients(port, '127.0.0.1', 40);
    held.push(...greedy);
    assert.deepEqual(
      await closedOf(greedy, 500),
      [36, 37, 38, 39],
      'its connections past 36 closed within 0.5 s',
    );
    assert.match(await askFrom(port, '127.0.0.2', '/healthz'), /^200 /, 'another client is served');
    assert.match(await askFrom(port, '127.0.0.2', '/demo-config.json'), /^200 /, 'its pages too');
    assert.match(await askFrom(port, '127.0.0.2', '/readyz'), /^200 /, 'and the instance is ready');
  });

  it('at the cap, gives a client within its share the place of the heaviest client’s newest idle connection', async () => {
    await holding(app);
    const greedy = await keptClients(port, '127.0.0.1', 35);
    // its newest connection has a request in flight (a body announced, not sent): it is kept
    greedy.push(
      await keptClient(
        port,
        '127.0.0.1',
        'POST /pay/sessions HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n',
      ),
    );
    const others = await keptClients(port, '127.0.0.11', 4);
    held.push(...greedy, ...others);
    assert.deepEqual(
      await closedOf([...greedy, ...others], 200),
      [],
      'the cap of 40 is full, nothing closed',
    );
    held.push(await keptClient(port, '127.0.0.2'));
    assert.match(
      await askFrom(port, '127.0.0.3', '/demo-config.json'),
      /^200 /,
      'a newcomer is served, not told 503',
    );
    await holding(app, 39); // the newcomer's connection closed: the cap is filled again
    held.push(await keptClient(port, '127.0.0.5'));
    assert.match(
      await askFrom(port, '127.0.0.4', '/readyz'),
      /^200 /,
      'ready: the cap is full, but a client past its share can still give way',
    );
    assert.deepEqual(
      await closedOf(greedy, 500),
      [32, 33, 34],
      'the heavy client’s newest idle connections closed',
    );
    assert.deepEqual(await closedOf(others, 100), [], 'the client within its share keeps its connections');
  });

  it('closes connections past the cap at once (a spare few answer 503 or a health check), and readiness says it is saturated', async () => {
    await holding(app);
    // five clients of 8 fill the cap of 40: none is past its share, so none gives way
    for (const from of ['127.0.0.11', '127.0.0.12', '127.0.0.13', '127.0.0.14', '127.0.0.15'])
      held.push(...(await Promise.all(Array.from({ length: 8 }, () => keptClient(port, from)))));
    await new Promise((resolve) => setTimeout(resolve, 100));
    assert.match(await askFrom(port, '127.0.0.20', '/readyz'), /^503 .*"reason":"saturated"/, 'readiness');
    assert.match(await askFrom(port, '127.0.0.20', '/healthz'), /^200 /, 'liveness');
    assert.match(
      await askFrom(port, '127.0.0.21', '/'),
      /^503 .*upstream_unavailable/,
      'a page: busy, retry',
    );
    // idle connections past the cap hold no descriptor until the headers timeout (10 s here)
    const idle = await Promise.all(
      Array.from(
        { length: 20 },
        (_, i) =>
          new Promise<Socket>((resolve) => {
            const socket = connect({ port, host: '127.0.0.1', localAddress: `127.0.1.${i + 1}` }, () =>
              resolve(socket),
            );
            socket.on('error', () => undefined);
          }),
      ),
    );
    held.push(...idle);
    const closed = await Promise.all(idle.map((socket) => closedWithin(socket, 1_500)));
    assert.equal(closed.filter(Boolean).length, 20, 'every one closed within 1.5 s');
  });
});
