// Load: 500 simulated browsers poll server-example for a minute (`--quick`: 10 s), each one of the
// demo's sessions every 2 s after its previous answer (the widget's first-minute pace), with its own
// keep-alive connection and the ETag of its last answer (`If-None-Match`), as the widget does. The
// server is server-example's real node:http server with the kit's real watcher and the in-process
// emulator, on the real clock; halfway through, one session is paid through the emulator, so the
// run also shows every browser of that session seeing it turn paid. Figures: errors, p50 / p99
// latency, the server thread's event-loop use, and the provider calls the run caused (counted on the
// kit's provider client). Baseline, same run, same generator: a bare node:http server answering the
// same JSON. The generator runs in a worker thread, so it does not share the server's event loop.
// Loopback only; bounded in time.
import { createServer, type Server } from 'node:http';
import { performance } from 'node:perf_hooks';
import { Worker } from 'node:worker_threads';
import type { FetchLike } from '@pay-elements/api';
import { SandboxControl, DEFAULT_API_KEY } from '@pay-elements/sandbox';
import { startApp } from 'server-example/app';
import { readConfig } from 'server-example/config';
import { browserPoll, percentile, ratio, table } from './lib.js';

const BROWSERS = 500;
const INTERVAL_MS = 2_000;
const WARM_UP_MS = 2_000;

export interface LoadOptions {
  /** 10 s per server instead of 60 s */
  quick?: boolean;
}

interface Generated {
  latencies: number[];
  polls: number;
  errors: number;
  notModified: number;
  /** per session: how many browsers last saw it paid */
  sawPaid: Record<string, number>;
  browsersPerSession: Record<string, number>;
  firstError: string | null;
}

// Each simulated browser: its own keep-alive socket, a first poll at a random moment of the first
// interval (pages open over time), then one poll INTERVAL after each answer, sending If-None-Match.
const generator = `
const { Agent, get } = require('node:http');
const { parentPort, workerData } = require('node:worker_threads');
const { base, sessions, browsers, duration, interval } = workerData;
const latencies = [];
let polls = 0, errors = 0, notModified = 0, firstError = null;
const lastStatus = new Map();
${browserPoll}
async function browser(i, end) {
  const agent = new Agent({ keepAlive: true, maxSockets: 1 });
  const session = sessions[i % sessions.length];
  let etag = null;
  await sleep(Math.random() * interval);
  while (performance.now() < end) {
    const t = performance.now();
    const answer = await poll(agent, '/pay/sessions/' + session, etag);
    latencies.push(performance.now() - t);
    polls += 1;
    if (answer.status === 200) {
      etag = answer.etag || null;
      lastStatus.set(i, JSON.parse(answer.body).status);
    } else if (answer.status === 304) {
      notModified += 1;
    } else {
      errors += 1;
      firstError ??= answer.error || ('HTTP ' + answer.status + ' ' + (answer.body || '').slice(0, 200));
    }
    await sleep(interval);
  }
  agent.destroy();
}
(async () => {
  const end = performance.now() + duration;
  await Promise.all(Array.from({ length: browsers }, (_, i) => browser(i, end)));
  const sawPaid = {}, browsersPerSession = {};
  for (let i = 0; i < browsers; i++) {
    const session = sessions[i % sessions.length];
    browsersPerSession[session] = (browsersPerSession[session] || 0) + 1;
    if (lastStatus.get(i) === 'paid') sawPaid[session] = (sawPaid[session] || 0) + 1;
  }
  parentPort.postMessage({ latencies, polls, errors, notModified, sawPaid, browsersPerSession, firstError });
})();
`;

function generate(base: string, sessions: string[], duration: number): Promise<Generated> {
  const worker = new Worker(generator, {
    eval: true,
    workerData: { base, sessions, browsers: BROWSERS, duration, interval: INTERVAL_MS },
  });
  return new Promise<Generated>((resolve, reject) => {
    worker.once('message', (result: Generated) => {
      void worker.terminate().then(() => resolve(result));
    });
    worker.once('error', reject);
  });
}

async function listen(server: Server): Promise<string> {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  if (address === null || typeof address === 'string') throw new Error('no port');
  return `http://127.0.0.1:${address.port}`;
}

interface Measured {
  generated: Generated;
  p50: number;
  p99: number;
  max: number;
  /** the share of the run the server's event loop was busy */
  busy: number;
}

async function measure(base: string, sessions: string[], duration: number): Promise<Measured> {
  const elu = performance.eventLoopUtilization();
  const generated = await generate(base, sessions, duration);
  const busy = performance.eventLoopUtilization(elu).utilization;
  const sorted = [...generated.latencies].sort((a, b) => a - b);
  return {
    generated,
    p50: percentile(sorted, 50),
    p99: percentile(sorted, 99),
    max: sorted.at(-1) ?? 0,
    busy,
  };
}

export async function loadBench(options: LoadOptions = {}): Promise<void> {
  const duration = options.quick ? 10_000 : 60_000;
  const calls = new Map<string, number>();
  let counting = false;
  const providerFetch: FetchLike = (input, init) => {
    if (counting) {
      const key = `${init.method ?? 'GET'} ${new URL(input).pathname.replace(/\/[A-Za-z]+_[\w-]+/g, '/{id}')}`;
      calls.set(key, (calls.get(key) ?? 0) + 1);
    }
    return fetch(input, init);
  };
  let warnings = 0;
  const count = () => {
    warnings += 1;
  };
  const app = await startApp(readConfig({ PORT: '0', PAY_SANDBOX_PORT: '0', PAY_DB: ':memory:' }), {
    providerFetch,
    logger: { debug: () => {}, info: () => {}, warn: count, error: count },
  });
  const control = new SandboxControl(app.sandbox?.url ?? '', DEFAULT_API_KEY);

  const sessions: Array<{ id: string; account: string; amount: string; body: string }> = [];
  for (const order of ['demo-1', 'demo-2', 'demo-3']) {
    const response = await fetch(`${app.url}/pay/sessions`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ order_id: order }),
    });
    const body = await response.text();
    const view = JSON.parse(body) as { id: string; amount: string; account: { account_number: string } };
    sessions.push({ id: view.id, account: view.account.account_number, amount: view.amount, body });
  }
  const ids = sessions.map((s) => s.id);

  // baseline: the same JSON from a bare node:http server, the same browsers
  const bare = createServer((_req, res) => {
    res.writeHead(200, { 'content-type': 'application/json', 'cache-control': 'no-store' });
    res.end(sessions[0]?.body);
  });
  const bareUrl = await listen(bare);
  // a short warm-up of both (JIT, first connections), not counted
  await generate(bareUrl, ids, WARM_UP_MS);
  await generate(app.url, ids, WARM_UP_MS);
  const baseline = await measure(bareUrl, ids, duration);
  bare.closeAllConnections();
  await new Promise((r) => bare.close(r));

  // the kit: one session is paid through the emulator halfway
  counting = true;
  const paidSession = sessions[1];
  const payment = new Promise<void>((resolve, reject) => {
    setTimeout(() => {
      if (!paidSession) return resolve();
      control
        .transfer({ account_number: paidSession.account, amount: Number(paidSession.amount) })
        .then(() => resolve(), reject);
    }, duration / 2);
  });
  const started = performance.now();
  const kit = await measure(app.url, ids, duration);
  await payment;
  counting = false;
  const minutes = (performance.now() - started) / 60_000;
  await app.close();

  const providerCalls = [...calls.values()].reduce((a, b) => a + b, 0);
  const row = (name: string, m: Measured, calls: string) => ({
    server: name,
    polls: m.generated.polls,
    errors: m.generated.errors,
    '304s': m.generated.notModified,
    p50: `${m.p50.toFixed(2)} ms`,
    p99: `${m.p99.toFixed(2)} ms`,
    max: `${m.max.toFixed(1)} ms`,
    'server loop busy': `${(m.busy * 100).toFixed(1)} %`,
    'provider calls': calls,
    'p50 / p99 vs baseline':
      m === baseline ? '1.00× / 1.00×' : `${ratio(m.p50, baseline.p50)} / ${ratio(m.p99, baseline.p99)}`,
  });
  table(
    `Load: ${BROWSERS} browsers, each polling one of ${ids.length} sessions every ${INTERVAL_MS / 1000} s for ${duration / 1000} s, ` +
      'own keep-alive socket and If-None-Match each; loopback; generator in a worker thread',
    [
      row('baseline: bare node:http, same JSON', baseline, '—'),
      row(
        'server-example: kit + watcher + emulator',
        kit,
        `${providerCalls} (${(providerCalls / minutes).toFixed(1)}/min)`,
      ),
    ],
  );
  const paidId = paidSession?.id ?? '';
  console.log(
    `  provider calls by route: ${[...calls].map(([k, v]) => `${k} ×${v}`).join(', ') || 'none'}` +
      `\n  the session paid halfway: ${kit.generated.sawPaid[paidId] ?? 0} of ${kit.generated.browsersPerSession[paidId] ?? 0} browsers polling it saw it paid` +
      `\n  kit warnings and errors logged: ${warnings}` +
      (kit.generated.firstError ? `\n  first error: ${kit.generated.firstError}` : '') +
      (baseline.generated.firstError ? `\n  first baseline error: ${baseline.generated.firstError}` : ''),
  );
}
