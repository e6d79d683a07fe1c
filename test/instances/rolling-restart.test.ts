// A rolling restart of three server-example instances on one PostgreSQL while 100 shoppers poll and
// stream through a balancer, as an orchestrator does it: each instance in turn gets SIGTERM, drains
// (streams told to reconnect, requests under way finished) and exits 0, and is started again before
// the next. The balancer does what nginx does with `proxy_next_upstream error`: a request that reaches
// no instance (connection refused, or closed before an answer) is tried on the next instance, each at
// most once. Orders are paid before, during and after the restarts. Not one poll may fail, every
// shopper must see its order paid, and each onPaid runs once.
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import {
  createServer,
  request,
  type IncomingHttpHeaders,
  type IncomingMessage,
  type Server,
} from 'node:http';
import type { AddressInfo } from 'node:net';
import { SessionView } from '@pay-elements/protocol';
import { SandboxControl, DEFAULT_API_KEY } from '@pay-elements/sandbox';
import { startPostgres, type TestPostgres } from '@pay-elements/testing/postgres';
import { SseReader } from '@pay-elements/testing/sse';
import {
  freePort,
  killLaunched,
  paidLines,
  until,
  type Running,
  launchEmulator,
  launchExample,
} from '../support/processes.js';
import { webhookSecretFor } from '../support/webhook-secret.js';

const KEY = DEFAULT_API_KEY;
const SECRET = webhookSecretFor('rolling');
const ORDERS = ['demo-1', 'demo-2', 'demo-3', 'themes', 'languages'];
const SHOPPERS = 100;

interface Balancer {
  url: string;
  /** requests that reached no instance at all (answered 502) */
  unreachable: number;
  /** requests that reached an instance only at a second or later try */
  retried: number;
  close(): Promise<void>;
}

/**
 * Round robin over the ports. A request that reaches no instance (refused, reset before an answer) is
 * tried on the next port, and the next, each at most once, as nginx's `proxy_next_upstream error`
 * does; past the last it is answered 502. An answer cut short upstream is cut short for the client
 * too, as nginx does.
 */
async function balancer(ports: number[]): Promise<Balancer> {
  let next = 0;
  const state = { unreachable: 0, retried: 0 };
  const forward = (
    method: string,
    path: string,
    headers: IncomingHttpHeaders,
    body: Buffer,
    first: number,
    tries: number,
    answer: (status: number, headers: IncomingHttpHeaders, stream: IncomingMessage) => void,
    fail: () => void,
  ) => {
    const port = ports[(first + tries) % ports.length];
    let answered = false;
    const upstream = request(
      { host: '127.0.0.1', port, method, path, headers: { ...headers, connection: 'close' }, agent: false },
      (res) => {
        answered = true;
        if (tries > 0) state.retried++;
        answer(res.statusCode ?? 502, res.headers, res);
      },
    );
    upstream.on('error', () => {
      if (answered) return;
      if (tries + 1 < ports.length) forward(method, path, headers, body, first, tries + 1, answer, fail);
      else fail();
    });
    upstream.end(body);
  };
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      forward(
        req.method ?? 'GET',
        req.url ?? '/',
        req.headers,
        Buffer.concat(chunks),
        next++,
        0,
        (status, headers, stream) => {
          // hop-by-hop headers are the proxy's own: the client's answer is chunked by this server
          const { connection, 'transfer-encoding': encoding, 'keep-alive': keepAlive, ...end } = headers;
          void [connection, encoding, keepAlive];
          res.writeHead(status, end);
          stream.on('close', () => {
            if (!stream.complete) res.destroy();
          });
          stream.pipe(res);
        },
        () => {
          state.unreachable++;
          res.writeHead(502).end();
        },
      );
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    get unreachable() {
      return state.unreachable;
    },
    get retried() {
      return state.retried;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

describe('a rolling restart of three instances under shoppers', { timeout: 240_000 }, () => {
  let postgres: TestPostgres;
  let control: SandboxControl;
  let lb: Balancer;
  let database = '';
  let sandboxUrl = '';
  const ports: number[] = [];
  const running: Running[] = [];
  const everyProcess: Running[] = [];

  function start(port: number): Promise<Running> {
    return launchExample(port, sandboxUrl, SECRET, {
      PAY_DATABASE_URL: database,
      PAY_POLL_INTERVAL_MS: '1000',
      PAY_SWEEP_INTERVAL_MS: '500',
      PAY_ONPAID_RETRY_AFTER_MS: '1500',
      PAY_SHUTDOWN_GRACE_MS: '5000',
      TRUST_PROXY: '1',
    }).then((process) => {
      everyProcess.push(process);
      return process;
    });
  }

  before(async () => {
    postgres = await startPostgres();
    database = postgres.createDatabase('shop');
    for (let i = 0; i < 3; i++) ports.push(await freePort());
    lb = await balancer(ports);
    sandboxUrl = await launchEmulator(`${lb.url}/pay/webhooks`, SECRET);
    control = new SandboxControl(sandboxUrl, KEY);
    running.push(...(await Promise.all(ports.map((port) => start(port)))));
  });

  after(async () => {
    await killLaunched();
    await lb.close();
    postgres.stop();
  });

  it('loses no poll and no payment', async () => {
    const sessions: SessionView[] = [];
    for (const orderId of ORDERS) {
      const response = await fetch(`${lb.url}/pay/sessions`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-forwarded-for': '10.9.0.1' },
        body: JSON.stringify({ order_id: orderId }),
      });
      assert.equal(response.status, 201, orderId);
      sessions.push(SessionView.parse(await response.json()));
    }

    const failures: string[] = [];
    let polls = 0;
    let reconnects = 0;
    const seenPaid = new Set<number>();
    let stop = false;
    const shopper = async (i: number) => {
      const session = sessions[i % sessions.length] as SessionView;
      const headers = { 'x-forwarded-for': `10.1.${Math.floor(i / 200)}.${(i % 200) + 1}` };
      if (i % 2 === 0) {
        // a poller, with ETags as the element polls
        let etag = '';
        while (!stop) {
          try {
            const response = await fetch(`${lb.url}/pay/sessions/${session.id}`, {
              headers: etag ? { ...headers, 'if-none-match': etag } : headers,
            });
            polls++;
            if (response.status === 200) {
              etag = response.headers.get('etag') ?? '';
              if (SessionView.parse(await response.json()).status === 'paid') seenPaid.add(i);
            } else if (response.status !== 304) failures.push(`poll ${i}: ${response.status}`);
            else await response.arrayBuffer();
          } catch (error) {
            failures.push(`poll ${i}: ${String(error)}`);
          }
          await new Promise((resolve) => setTimeout(resolve, 250 + (i % 5) * 50));
        }
        return;
      }
      // a stream, reconnecting as EventSource does when it ends
      let last = '';
      while (!stop && !seenPaid.has(i)) {
        try {
          const response = await fetch(`${lb.url}/pay/sessions/${session.id}/events`, {
            headers: last ? { ...headers, 'last-event-id': last } : headers,
          });
          if (response.status === 204) break;
          if (response.status !== 200 || !response.body) {
            failures.push(`stream ${i}: ${response.status}`);
            await response.arrayBuffer();
          } else {
            const events = new SseReader(response.body);
            for (let event = await events.nextEvent(); event; event = await events.nextEvent()) {
              last = event.id ?? last;
              if (SessionView.parse(JSON.parse(event.data)).status === 'paid') seenPaid.add(i);
            }
            if (!seenPaid.has(i)) reconnects++;
          }
        } catch (error) {
          failures.push(`stream ${i}: ${String(error)}`);
        }
        await new Promise((resolve) => setTimeout(resolve, 500));
      }
    };
    const shoppers = Array.from({ length: SHOPPERS }, (_, i) => shopper(i));

    const pay = (index: number) => {
      const session = sessions[index] as SessionView;
      return control.transfer({
        account_number: session.account.account_number,
        amount: Number(session.amount),
      });
    };
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    await pay(0);
    const stopTimes: number[] = [];
    for (const [index, port] of ports.entries()) {
      const old = running[index] as Running;
      const started = Date.now();
      old.child.kill('SIGTERM');
      if (index === 1) await pay(1);
      assert.equal(await old.exited, 0, `instance ${index} exited 0`);
      stopTimes.push(Date.now() - started);
      if (index === 2) await pay(2);
      running[index] = await start(port);
      await until(`instance ${index} ready`, 10_000, async () =>
        (await fetch(`http://127.0.0.1:${port}/readyz`)).status === 200 ? true : undefined,
      );
    }
    await pay(3);
    await pay(4);
    await until('every shopper to see its order paid', 30_000, () =>
      Promise.resolve(seenPaid.size === SHOPPERS ? true : undefined),
    );
    stop = true;
    await Promise.all(shoppers);
    console.log(
      `${polls} polls, ${reconnects} stream reconnects, SIGTERM to exit ${stopTimes.join(', ')} ms, ` +
        `${lb.retried} requests reached an instance at a later try, ${lb.unreachable} none`,
    );
    assert.deepEqual(failures, [], 'no failed poll or stream');
    assert.equal(lb.unreachable, 0);
    assert.ok(reconnects >= 1, 'streams were moved by the drains');
    const output = everyProcess.map((p) => p.output()).join('\n');
    for (const orderId of ORDERS) assert.equal(paidLines(output, orderId), 1, `onPaid of ${orderId} once`);
  });
});
