// A peak day (issue #22): many shoppers looking at their account number at once, each of a customer
// of its own with one order, each browser polling its session every 2 s (own keep-alive socket,
// If-None-Match) for 30 s; halfway, ten of them pay through the emulator. Figures: the provider calls
// the kit made in those 30 s (transaction reads and all), polls that failed, and how long each payer
// waited between the transfer and a browser poll answering "paid". For 30, 300 and 1,000 shoppers,
// with the emulator delivering webhooks to the kit and without, and with the emulator limiting the
// kit to 5 requests a second (turned on once the sessions are open). The kit on node:http, the
// emulator on the real clock, the browsers in a worker thread. Loopback only; bounded in time.
import { Worker } from 'node:worker_threads';
import type { FetchLike } from '@pay-elements/api';
import { createClock } from '@pay-elements/sandbox';
import { startEmulatorAndKit } from '@pay-elements/testing/emulator-and-kit';
import { browserPoll, percentile, table } from './lib.js';

const DURATION_MS = 30_000;
const INTERVAL_MS = 2_000;
const PAYERS = 10;
const SHOPPERS = [30, 300, 1000];
const RATE_LIMIT = 5;

interface Browsed {
  polls: number;
  errors: number;
  /** status → count of the polls that failed */
  failures: Record<string, number>;
  /** session → when (epoch ms) a poll first answered it paid */
  paidSeenAt: Record<string, number>;
  firstError: string | null;
}

// Each browser: its own keep-alive socket, a first poll at a random moment of the first interval,
// then one poll INTERVAL after each answer, with the ETag it last saw.
const browsers = `
const { Agent, get } = require('node:http');
const { parentPort, workerData } = require('node:worker_threads');
const { base, sessions, duration, interval } = workerData;
let polls = 0, errors = 0, firstError = null;
const failures = {}, paidSeenAt = {};
${browserPoll}
async function browser(session, end) {
  const agent = new Agent({ keepAlive: true, maxSockets: 1 });
  let etag = null;
  await sleep(Math.random() * interval);
  while (performance.now() < end) {
    const answer = await poll(agent, '/pay/sessions/' + session, etag);
    polls += 1;
    if (answer.status === 200) {
      etag = answer.etag || null;
      if (JSON.parse(answer.body).status === 'paid' && !(session in paidSeenAt)) paidSeenAt[session] = Date.now();
    } else if (answer.status !== 304) {
      errors += 1;
      failures[answer.status] = (failures[answer.status] || 0) + 1;
      firstError ??= answer.error || ('HTTP ' + answer.status + ' ' + (answer.body || '').slice(0, 200));
    }
    await sleep(interval);
  }
  agent.destroy();
}
(async () => {
  const end = performance.now() + duration;
  await Promise.all(sessions.map((s) => browser(s, end)));
  parentPort.postMessage({ polls, errors, failures, paidSeenAt, firstError });
})();
`;

function browse(base: string, sessions: string[]): Promise<Browsed> {
  const worker = new Worker(browsers, {
    eval: true,
    workerData: { base, sessions, duration: DURATION_MS, interval: INTERVAL_MS },
  });
  return new Promise<Browsed>((resolve, reject) => {
    worker.once('message', (result: Browsed) => {
      void worker.terminate().then(() => resolve(result));
    });
    worker.once('error', reject);
  });
}

interface Run {
  shoppers: number;
  webhooks: boolean;
  rateLimit: number | null;
}

async function run({ shoppers, webhooks, rateLimit }: Run): Promise<Record<string, string | number>> {
  const calls = new Map<string, number>();
  let counting = false;
  const counted: FetchLike = (input, init) => {
    if (counting) {
      const key = `${init.method ?? 'GET'} ${new URL(input).pathname.replace(/\/[A-Za-z]+_[\w-]+/g, '/{id}')}`;
      calls.set(key, (calls.get(key) ?? 0) + 1);
    }
    return fetch(input, init);
  };
  const orders = new Map<string, { amount: string; currency: string; customer_id: string }>();
  const world = await startEmulatorAndKit({
    clock: createClock(),
    serve: true,
    webhooks,
    customer: null,
    client: () => ({ fetch: counted }),
    kit: () => ({
      resolveOrder: (orderId) => orders.get(orderId) ?? null,
      accountRateLimit: false,
      logger: { debug: () => {}, info: () => {}, warn: () => {}, error: () => {} },
    }),
  });
  try {
    const sessions: Array<{ id: string; account: string; amount: string }> = [];
    for (let i = 0; i < shoppers; i++) {
      const customer = await world.control.createCustomer({
        email: `shopper${i}@example.com`,
        first_name: 'Shopper',
        last_name: `N${i}`,
        country_code: 'NGA',
      });
      const orderId = `peak-${i}`;
      orders.set(orderId, { amount: `${1000 + i}.00`, currency: 'NGN', customer_id: customer.id });
      const created = await fetch(`${world.kitUrl}/pay/sessions`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ order_id: orderId }),
      });
      if (created.status !== 201) throw new Error(`opening session ${i}: HTTP ${created.status}`);
      const view = (await created.json()) as {
        id: string;
        amount: string;
        account: { account_number: string };
      };
      sessions.push({ id: view.id, account: view.account.account_number, amount: view.amount });
    }
    if (rateLimit !== null) await world.control.startScenario('rate_limit', { per_second: rateLimit });

    counting = true;
    const payers = sessions.filter((_, i) => i % Math.floor(shoppers / PAYERS) === 0).slice(0, PAYERS);
    const paidAt = new Map<string, number>();
    const paying = new Promise<void>((resolve, reject) => {
      setTimeout(() => {
        Promise.all(
          payers.map(async (s) => {
            await world.control.transfer({ account_number: s.account, amount: Number(s.amount) });
            paidAt.set(s.id, Date.now());
          }),
        ).then(() => resolve(), reject);
      }, DURATION_MS / 2);
    });
    const browsed = await browse(
      world.kitUrl ?? '',
      sessions.map((s) => s.id),
    );
    await paying;
    counting = false;

    const latencies = payers
      .map((s) => (browsed.paidSeenAt[s.id] ?? NaN) - (paidAt.get(s.id) ?? NaN))
      .filter((v) => !Number.isNaN(v))
      .sort((a, b) => a - b);
    const total = [...calls.values()].reduce((a, b) => a + b, 0);
    const failures = Object.entries(browsed.failures)
      .map(([status, n]) => `${n}×${status}`)
      .join(' ');
    return {
      shoppers,
      webhooks: webhooks ? 'on' : 'off',
      'provider limit': rateLimit === null ? 'none' : `${rateLimit}/s`,
      'transaction reads': calls.get('GET /v1/transactions') ?? 0,
      'provider calls': total,
      polls: browsed.polls,
      'failed polls': browsed.errors ? `${browsed.errors} (${failures})` : 0,
      'payers seen paid': `${latencies.length}/${payers.length}`,
      'paid after p50 / max': latencies.length
        ? `${(percentile(latencies, 50) / 1000).toFixed(1)} s / ${((latencies.at(-1) ?? 0) / 1000).toFixed(1)} s`
        : '—',
    };
  } finally {
    await world.close();
  }
}

export async function peakBench(): Promise<void> {
  const only = process.argv.find((a) => a.startsWith('--shoppers='));
  const sizes = only ? [Number(only.slice('--shoppers='.length))] : SHOPPERS;
  const rows: Array<Record<string, string | number>> = [];
  for (const rateLimit of [null, RATE_LIMIT])
    for (const shoppers of sizes)
      for (const webhooks of [true, false]) {
        const row = await run({ shoppers, webhooks, rateLimit });
        console.log(`  ${JSON.stringify(row)}`);
        rows.push(row);
      }
  table(
    `Peak: shoppers each polling their own session every ${INTERVAL_MS / 1000} s for ${DURATION_MS / 1000} s, ` +
      `${PAYERS} paying halfway; provider calls the kit made in that time; the kit's default 5 s interval`,
    rows,
  );
}
