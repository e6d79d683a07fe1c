// Status requests per second, measured by autocannon in its own process (so the load generator does
// not share the servers' event loop), in one run against: (a) a bare node:http server answering the
// same JSON, (b) the floor under the kit: a one-route Hono app answering that JSON as the kit answers
// (its plain answer, an ETag) through the kit's node adapter, (c) the kit alone on node:http, (d) the
// same kit on @hono/node-server, Hono's own adapter, given `pay.fetch` (real Responses), (e) the
// status route through server-example in its own process (security headers, request ids, the kit
// at /pay). The
// ratios are the cost of Hono and the adapter, of the kit and of the app.
// The three are measured in turn, round after round, so that a machine whose other load comes and
// goes slows each of them alike; each figure is the mean of its rounds.
import { execFile } from 'node:child_process';
import { createServer, type Server } from 'node:http';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { createClock } from '@pay-elements/sandbox';
import { MemoryStore } from '@pay-elements/server';
import { toNodeListener } from '@pay-elements/server/node';
import { getRequestListener } from '@hono/node-server';
import { Hono } from 'hono';
import { plainAnswer } from '@pay-elements/http';
import { startEmulatorAndKit } from '@pay-elements/testing/emulator-and-kit';
import { baseEnv, freePort, launch } from '../test/support/processes.js';
import { ratio, table } from './lib.js';

const DURATION_S = 2;
const ROUNDS = 3;
const CONNECTIONS = 32;
const autocannonBin = fileURLToPath(new URL('../node_modules/.bin/autocannon', import.meta.url));
const run = promisify(execFile);

interface Result {
  rps: number;
  p50: number;
  p99: number;
  errors: number;
}

/** One autocannon run in a child process; its JSON summary. */
async function load(url: string, seconds = DURATION_S): Promise<Result> {
  const { stdout } = await run(
    autocannonBin,
    ['--json', '--connections', String(CONNECTIONS), '--duration', String(seconds), url],
    { maxBuffer: 16 * 1024 * 1024 },
  );
  const summary = JSON.parse(stdout) as {
    requests: { average: number };
    latency: { p50: number; p99: number };
    errors: number;
    non2xx: number;
  };
  return {
    rps: summary.requests.average,
    p50: summary.latency.p50,
    p99: summary.latency.p99,
    errors: summary.errors + summary.non2xx,
  };
}

async function listen(server: Server): Promise<string> {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  if (address === null || typeof address === 'string') throw new Error('no port');
  return `http://127.0.0.1:${address.port}`;
}

async function createSession(base: string, order: string): Promise<{ id: string; view: string }> {
  const created = await fetch(`${base}/pay/sessions`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ order_id: order }),
  });
  const view = await created.text();
  return { id: (JSON.parse(view) as { id: string }).id, view };
}

export async function throughputBench(): Promise<void> {
  const world = await startEmulatorAndKit({
    clock: createClock(),
    serve: true,
    customer: null,
    kit: ({ customerId }) => ({
      store: new MemoryStore(),
      resolveOrder: () => ({ amount: '5000.00', currency: 'NGN', customer_id: customerId }),
    }),
  });
  const kitUrl = world.kitUrl ?? '';
  const { id, view } = await createSession(kitUrl, 'bench-1');

  const bare = createServer((_req, res) => {
    res.writeHead(200, { 'content-type': 'application/json', 'cache-control': 'no-store' });
    res.end(view);
  });
  const bareUrl = await listen(bare);

  const floorApp = new Hono();
  // the kit's status answer as the kit builds it (a plain answer, its headers), with no kit behind it
  floorApp.get('/pay/sessions/:id', () =>
    plainAnswer(view, 200, [
      'content-type',
      'application/json; charset=utf-8',
      'cache-control',
      'no-store',
      'x-content-type-options',
      'nosniff',
      'etag',
      '"floor"',
    ]),
  );
  const floor = createServer(toNodeListener(floorApp));
  const floorUrl = await listen(floor);

  // the same kit through Hono's own node adapter, which takes what any Fetch handler answers
  const honoListener = getRequestListener((request) => world.kit.fetch(request));
  const honoNode = createServer((req, res) => void honoListener(req, res));
  const honoNodeUrl = await listen(honoNode);

  // server-example in a process of its own, as it runs: nothing it installs in its process (once, an
  // async context whose promise hooks on Node 20 slowed every promise) may slow the kit alone measured
  // here; sessions in memory, as for the kit alone (and the demo's SQLite file left alone); the
  // packages from their source, as in this process (no build of dist/ needed)
  const examplePort = await freePort();
  const example = await launch(
    ['--conditions=@pay-elements/source', '--import', 'tsx', 'server-example/src/main.ts'],
    { ...baseEnv(), HOST: '127.0.0.1', PORT: String(examplePort), PAY_SANDBOX_PORT: '0', PAY_DB: ':memory:' },
    /Ctrl-C to stop/,
  );
  const exampleUrl = `http://127.0.0.1:${examplePort}`;
  const exampleSession = await createSession(exampleUrl, 'demo-1');

  const targets = [
    { server: 'baseline: bare node:http, same JSON', url: bareUrl },
    { server: 'floor: one Hono route, the same answer, the adapter', url: `${floorUrl}/pay/sessions/${id}` },
    { server: 'kit alone: GET /pay/sessions/{id}', url: `${kitUrl}/pay/sessions/${id}` },
    { server: 'kit alone on @hono/node-server (pay.fetch)', url: `${honoNodeUrl}/pay/sessions/${id}` },
    {
      server: 'server-example: GET /pay/sessions/{id}',
      url: `${exampleUrl}/pay/sessions/${exampleSession.id}`,
    },
  ];
  for (const target of targets) await load(target.url, 1); // warm-up, each
  const rounds: Result[][] = targets.map(() => []);
  for (let round = 0; round < ROUNDS; round++)
    for (const [i, target] of targets.entries()) rounds[i]?.push(await load(target.url));
  const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;
  const results: Result[] = rounds.map((runs) => ({
    rps: runs.reduce((sum, run) => sum + run.rps, 0) / runs.length,
    p50: median(runs.map((run) => run.p50)),
    p99: median(runs.map((run) => run.p99)),
    errors: runs.reduce((sum, run) => sum + run.errors, 0),
  }));
  const baseline = results[0]?.rps ?? 1;

  table(
    `Status requests per second (autocannon in its own process, ${CONNECTIONS} connections, ${ROUNDS} rounds of ${DURATION_S} s each, loopback)`,
    targets.map((target, i) => {
      const result = results[i] ?? { rps: 0, p50: 0, p99: 0, errors: 0 };
      return {
        server: target.server,
        'req/s': result.rps.toFixed(0),
        p50: `${result.p50} ms`,
        p99: `${result.p99} ms`,
        errors: result.errors,
        'vs baseline': ratio(result.rps, baseline),
      };
    }),
  );

  for (const server of [bare, floor, honoNode]) {
    server.closeAllConnections();
    await new Promise((r) => server.close(r));
  }
  await example.kill();
  await world.close();
}
