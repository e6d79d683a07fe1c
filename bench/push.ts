// Push: (1) from the transfer to "paid" shown by <pay-dynamic-account> in Chromium, with the kit's
// status stream (updates="push") and with polling only (updates="poll", the baseline), same run,
// same kit, webhooks on; (2) 2,000 status streams open on one kit instance: the heap each costs
// the server, and the time from a transfer to the paid event reaching all of them (fan-out). The
// streams' clients run in a worker thread so they share neither the server's event loop nor its
// heap. Loopback only; bounded (a few trials, one fan-out).
import { createServer, type Server } from 'node:http';
import { readFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { Worker } from 'node:worker_threads';
import { chromium } from 'playwright-core';
import { createClock, type SandboxControl } from '@pay-elements/sandbox';
import { MemoryStore } from '@pay-elements/server';
import { startEmulatorAndKit } from '@pay-elements/testing/emulator-and-kit';
import { buildElements, chromiumArgs, chromiumPath } from '../test/e2e/harness.js';
import { percentile, ratio, table } from './lib.js';
import { webhookSecretFor } from '../test/support/webhook-secret.js';

const SECRET = webhookSecretFor('bench push');
const TRIALS = 15;
const STREAMS = 2_000;

interface Kit {
  url: string;
  control: SandboxControl;
  customerId: string;
  close(): Promise<void>;
}

function portOf(server: Server): number {
  return (server.address() as AddressInfo).port;
}

/** Emulator + kit on node:http (webhooks on), the elements' script-tag bundle and a page at /page. */
async function startKit(options: { maxStreams: number }): Promise<Kit> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${portOf(server)}`;
  // the kit is served below, on this server with the page; the emulator delivers webhooks to it
  const started = await startEmulatorAndKit({
    clock: createClock(),
    webhooks: { url: `${url}/pay/webhooks` },
    webhookSecret: SECRET,
    kit: ({ customerId }) => ({
      store: new MemoryStore(),
      resolveOrder: () => ({ amount: '5000.00', currency: 'NGN', customer_id: customerId }),
      logger: { debug() {}, info() {}, warn() {}, error: (m) => console.error(m) },
      streams: { maxStreams: options.maxStreams, maxStreamsPerClient: options.maxStreams },
      // one browser opens every trial's account
      accountRateLimit: false,
    }),
  });
  const bundle = readFileSync(
    new URL('../packages/elements/dist/cdn/pay-elements-0.1.0.iife.js', import.meta.url),
  );
  const kit = started.listener;
  server.on('request', (req, res) => {
    if (req.url === '/elements.js') {
      res.writeHead(200, { 'content-type': 'text/javascript' }).end(bundle);
    } else if (req.url === '/page') {
      res
        .writeHead(200, { 'content-type': 'text/html' })
        .end('<!doctype html><html lang="en"><script src="/elements.js"></script><body></body></html>');
    } else kit(req, res);
  });
  return {
    url,
    control: started.control,
    customerId: started.customerId,
    async close() {
      server.closeAllConnections();
      await started.close();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

let orders = 0;
async function createSession(kit: Kit): Promise<{ id: string; account: string }> {
  const response = await fetch(`${kit.url}/pay/sessions`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ order_id: `bench-${++orders}` }),
  });
  const view = (await response.json()) as { id: string; account: { account_number: string } };
  if (!response.ok) throw new Error(`creating a session: ${response.status} ${JSON.stringify(view)}`);
  return { id: view.id, account: view.account.account_number };
}

/** ms from the transfer request to pay-paid having been rendered, per trial. */
async function paidShown(kit: Kit, updates: 'push' | 'poll'): Promise<number[]> {
  const browser = await chromium.launch({ executablePath: chromiumPath, args: chromiumArgs });
  const page = await browser.newPage();
  await page.goto(`${kit.url}/page`);
  const times: number[] = [];
  for (let trial = 0; trial < TRIALS; trial++) {
    const session = await createSession(kit);
    await page.evaluate(
      async ({ id, updates }) => {
        document.body.replaceChildren();
        const el = document.createElement('pay-dynamic-account');
        el.setAttribute('updates', updates);
        el.setAttribute('session', id);
        const shown = new Promise<void>((resolve) =>
          el.addEventListener('pay-status-change', () => resolve()),
        );
        document.body.append(el);
        await shown;
        // paid: resolved once the element has rendered it
        (window as unknown as { paid: Promise<void> }).paid = new Promise((resolve) =>
          el.addEventListener('pay-paid', () => {
            void (el as unknown as { updateComplete: Promise<unknown> }).updateComplete.then(() => resolve());
          }),
        );
      },
      { id: session.id, updates },
    );
    // let the stream open (push) and the poll cycle be anywhere in its 2 s (poll)
    await new Promise((resolve) => setTimeout(resolve, 300 + Math.random() * 2000));
    const started = performance.now();
    await kit.control.transfer({ account_number: session.account, amount: 5000 });
    await page.evaluate(() => (window as unknown as { paid: Promise<void> }).paid);
    times.push(performance.now() - started);
  }
  await browser.close();
  return times;
}

// The stream clients: each opens GET /pay/sessions/{id}/events on its own socket and reports when
// it has the first event (the view) and when the paid event came (epoch ms, comparable across threads).
const clients = `
const { get } = require('node:http');
const { parentPort, workerData } = require('node:worker_threads');
const { url, count } = workerData;
let open = 0, paid = 0, last = 0;
for (let i = 0; i < count; i++) {
  get(url, { headers: { accept: 'text/event-stream' } }, (res) => {
    let text = '', first = true;
    res.setEncoding('utf8');
    res.on('data', (chunk) => {
      text += chunk;
      if (first && text.includes('event: session')) {
        first = false;
        if (++open === count) parentPort.postMessage({ open });
      }
      if (text.includes('"status":"paid"')) {
        text = '';
        last = performance.timeOrigin + performance.now();
        if (++paid === count) parentPort.postMessage({ paid, last });
      }
    });
  }).on('error', (e) => parentPort.postMessage({ error: String(e) }));
}
`;

function gc(): void {
  setFlagsFromString('--expose-gc');
  (runInNewContext('gc') as () => void)();
}

async function fanOut(count: number): Promise<{ bytesPerStream: number; fanOutMs: number; openMs: number }> {
  const kit = await startKit({ maxStreams: count + 10 });
  const session = await createSession(kit);
  gc();
  const before = process.memoryUsage().heapUsed;
  const worker = new Worker(clients, {
    eval: true,
    workerData: { url: `${kit.url}/pay/sessions/${session.id}/events`, count },
  });
  const openStarted = performance.now();
  const message = (key: string) =>
    new Promise<Record<string, number>>((resolve, reject) => {
      const listener = (m: Record<string, number | string>) => {
        if ('error' in m) reject(new Error(String(m['error'])));
        else if (key in m) {
          worker.off('message', listener);
          resolve(m as Record<string, number>);
        }
      };
      worker.on('message', listener);
    });
  await message('open');
  const openMs = performance.now() - openStarted;
  gc();
  const bytesPerStream = (process.memoryUsage().heapUsed - before) / count;
  const paid = message('paid');
  const started = performance.timeOrigin + performance.now();
  await kit.control.transfer({ account_number: session.account, amount: 5000 });
  const { last = 0 } = await paid;
  await worker.terminate();
  await kit.close();
  return { bytesPerStream, fanOutMs: last - started, openMs };
}

export async function pushBench(): Promise<void> {
  await buildElements();
  const kit = await startKit({ maxStreams: 100 });
  const poll = (await paidShown(kit, 'poll')).sort((a, b) => a - b);
  const push = (await paidShown(kit, 'push')).sort((a, b) => a - b);
  await kit.close();
  const median = (xs: number[]) => percentile(xs, 50);
  table(`Transfer to "paid" shown in Chromium, webhooks on, ${TRIALS} trials each (baseline: polling only)`, [
    {
      updates: 'poll (baseline)',
      median: `${median(poll).toFixed(0)} ms`,
      p95: `${percentile(poll, 95).toFixed(0)} ms`,
      'vs baseline': '1.00×',
    },
    {
      updates: 'push (status stream)',
      median: `${median(push).toFixed(0)} ms`,
      p95: `${percentile(push, 95).toFixed(0)} ms`,
      'vs baseline': ratio(median(push), median(poll)),
    },
  ]);
  const rows = [];
  let baseline = 0;
  for (const count of [1, STREAMS]) {
    const { bytesPerStream, fanOutMs, openMs } = await fanOut(count);
    if (count === 1) baseline = fanOutMs;
    rows.push({
      'open streams': count.toLocaleString('en'),
      'heap per open stream': count === 1 ? '(too few to tell)' : `${(bytesPerStream / 1000).toFixed(1)} kB`,
      'opening them all': `${openMs.toFixed(0)} ms`,
      'transfer → paid event at every one': `${fanOutMs.toFixed(0)} ms`,
      'vs 1 stream': ratio(fanOutMs, baseline),
    });
  }
  table('Status streams on one kit instance, one session (clients in a worker; baseline: 1 stream)', rows);
}
