// Status requests per second through the kit on node:http, against a bare node:http server that
// answers the same JSON, measured in the same run with the same load generator (keep-alive fetch
// loops with node:http's client on loopback, in a worker thread). The ratio is the kit's cost: routing, store, watcher, ETag.
import { createServer, type Server } from 'node:http';
import { Worker } from 'node:worker_threads';
import { PayClient } from '@pay-elements/api';
import { createClock, startSandbox, DEFAULT_API_KEY } from '@pay-elements/sandbox';
import { createPayHandler, MemoryStore } from '@pay-elements/server';
import { toNodeListener } from '@pay-elements/server/node';
import { percentile, ratio, table } from './lib.js';

const DURATION_MS = 3_000;
const CONCURRENCY = 32;

async function listen(server: Server): Promise<string> {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  if (address === null || typeof address === 'string') throw new Error('no port');
  return `http://127.0.0.1:${address.port}`;
}

// The load generator runs in a worker thread, so that it does not share the servers' event loop.
const generator = `
const { Agent, get } = require('node:http');
const { parentPort, workerData } = require('node:worker_threads');
const { url, duration, concurrency } = workerData;
const agent = new Agent({ keepAlive: true, maxSockets: concurrency });
const request = () => new Promise((resolve) => {
  get(url, { agent }, (res) => { res.resume(); res.on('end', () => resolve(res.statusCode)); res.on('error', () => resolve(0)); })
    .on('error', () => resolve(0));
});
(async () => {
  const latencies = [];
  let errors = 0;
  const end = performance.now() + duration;
  await Promise.all(Array.from({ length: concurrency }, async () => {
    while (performance.now() < end) {
      const t = performance.now();
      if ((await request()) !== 200) errors += 1;
      latencies.push(performance.now() - t);
    }
  }));
  agent.destroy();
  parentPort.postMessage({ latencies, errors });
})();
`;

async function load(url: string): Promise<{ rps: number; p50: number; p99: number; errors: number }> {
  const worker = new Worker(generator, {
    eval: true,
    workerData: { url, duration: DURATION_MS, concurrency: CONCURRENCY },
  });
  const { latencies, errors } = await new Promise<{ latencies: number[]; errors: number }>(
    (resolve, reject) => {
      worker.once('message', resolve);
      worker.once('error', reject);
    },
  );
  await worker.terminate();
  latencies.sort((a, b) => a - b);
  return {
    rps: latencies.length / (DURATION_MS / 1000),
    p50: percentile(latencies, 50),
    p99: percentile(latencies, 99),
    errors,
  };
}

export async function throughputBench(): Promise<void> {
  const clock = createClock();
  const sandbox = await startSandbox({ port: 0, clock });
  const client = new PayClient({ apiKey: DEFAULT_API_KEY, baseUrl: sandbox.url });
  const pay = createPayHandler({
    client,
    store: new MemoryStore(),
    clock,
    resolveOrder: () => ({ amount: '5000.00', currency: 'NGN', customer_id: 'cus_ada_okafor' }),
  });
  const kitServer = createServer(toNodeListener(pay));
  const kitUrl = await listen(kitServer);
  const created = await fetch(`${kitUrl}/pay/sessions`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ order_id: 'bench-1' }),
  });
  const view = await created.text();
  const { id } = JSON.parse(view) as { id: string };

  const bare = createServer((_req, res) => {
    res.writeHead(200, { 'content-type': 'application/json', 'cache-control': 'no-store' });
    res.end(view);
  });
  const bareUrl = await listen(bare);

  await load(bareUrl); // warm-up, both
  await load(`${kitUrl}/pay/sessions/${id}`);
  const baseline = await load(bareUrl);
  const kit = await load(`${kitUrl}/pay/sessions/${id}`);

  table(
    `Status requests per second (${CONCURRENCY} keep-alive clients, ${DURATION_MS / 1000} s each, loopback)`,
    [
      {
        server: 'baseline: bare node:http, same JSON',
        'req/s': baseline.rps.toFixed(0),
        p50: `${baseline.p50.toFixed(2)} ms`,
        p99: `${baseline.p99.toFixed(2)} ms`,
        errors: baseline.errors,
        'vs baseline': '1.00×',
      },
      {
        server: 'kit GET /pay/sessions/{id}',
        'req/s': kit.rps.toFixed(0),
        p50: `${kit.p50.toFixed(2)} ms`,
        p99: `${kit.p99.toFixed(2)} ms`,
        errors: kit.errors,
        'vs baseline': ratio(kit.rps, baseline.rps),
      },
    ],
  );

  kitServer.closeAllConnections();
  bare.closeAllConnections();
  await new Promise((r) => kitServer.close(r));
  await new Promise((r) => bare.close(r));
  await pay.close();
  await sandbox.close();
}
