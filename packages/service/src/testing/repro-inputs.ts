// Issues 46.4, 46.5, 45.2 and 45.3, reproduced against the service in this process with its emulator
// (and, for the wrong key, a service whose PAY_API_KEY the emulator refuses). Prints one line each:
// the statuses and codes answered, the provider requests seen, the log lines holding the BVN.
//
// NODE_OPTIONS=--conditions=@pay-elements/source node --import tsx packages/service/src/testing/repro-inputs.ts
import type { AddressInfo } from 'node:net';
import type { FetchLike } from '@pay-elements/api';
import { createClock, fixtures, startSandbox } from '@pay-elements/sandbox';
import { startService } from '../app.js';
import { readServiceConfig } from '../config.js';
import { KEY, startTestService, type Started } from './service.js';

const ada = fixtures.customers.ada.id;
const kwame = fixtures.customers.kwame.id;
const BVN = '22212345678';

/** "status code fields" of an answer. */
async function said(answer: Response): Promise<string> {
  const text = await answer.text();
  try {
    const { error } = JSON.parse(text) as { error?: { code?: string; fields?: object } };
    if (!error) return String(answer.status);
    return `${answer.status} ${error.code ?? ''} ${Object.keys(error.fields ?? {}).join(',')}`.trim();
  } catch {
    return `${answer.status} not json`;
  }
}

const session = (id: string, extra: Record<string, unknown>) => ({
  order_id: id,
  amount: '10.01',
  currency: 'NGN',
  customer_id: ada,
  ...extra,
});

async function inputs(s: Started): Promise<void> {
  const post = async (body: unknown) => said(await s.api('/api/sessions', { body }));
  const before = s.lines.length;
  const a = await post(session('r-amount', { amount: '10.005' }));
  console.log(`46.4 amount 10.005: ${a}; then 10.01: ${await post(session('r-amount', {}))}`);
  const long = await post(session('r-ref', { order: { title: 'Tote', reference: 'R'.repeat(101) } }));
  const short = await post(session('r-ref', { order: { title: 'Tote', reference: 'R-1' } }));
  console.log(`46.4 reference of 101: ${long}; then of 3: ${short}`);
  const nobody = await post(session('r-cust', { customer_id: 'cus_nobody_here' }));
  console.log(`46.4 unknown customer: ${nobody}; then ada: ${await post(session('r-cust', {}))}`);
  const stacks = s.lines.slice(before).filter((l) => l.includes('"stack"')).length;
  console.log(`46.4 log lines with a stack: ${stacks}`);
}

async function funding(s: Started, seen: Array<{ path: string; body: string }>): Promise<void> {
  const post = async (body: unknown) => said(await s.api('/api/funding-links', { body }));
  const a = await post({ customer_id: ada });
  console.log(`45.3 no BVN: ${a}; then with it: ${await post({ customer_id: ada, id_number: BVN })}`);
  seen.length = 0;
  const c = await post({ customer_id: kwame, currencies: ['USD'] });
  const opened = seen
    .filter((r) => r.path === '/v1/virtual-accounts/create')
    .map((r) => (JSON.parse(r.body) as { currency: string }).currency);
  console.log(`45.3 currencies [USD]: ${c}; openings asked: [${opened.join(', ')}]`);
}

/** A provider whose refusal repeats what it was sent, as real ones may. */
async function bvn(): Promise<void> {
  const seen: string[] = [];
  const echoing: FetchLike = async (input, init) => {
    const body = typeof init.body === 'string' ? init.body : '';
    if (new URL(input).pathname !== '/v1/virtual-accounts/create') return fetch(input, init);
    seen.push(body);
    const sent = JSON.parse(body) as { id_number?: string };
    const message = `id_number ${sent.id_number ?? '(none)'} could not be verified`;
    return new Response(JSON.stringify({ status: false, message }), {
      status: 400,
      headers: { 'content-type': 'application/json' },
    });
  };
  const s = await startTestService({}, { providerFetch: echoing });
  try {
    const before = s.lines.length;
    const answer = await said(
      await s.api('/api/funding-links', { body: { customer_id: ada, id_number: BVN } }),
    );
    const lines = s.lines.slice(before).filter((l) => l.includes(BVN)).length;
    const withBvn = seen
      .filter((b) => b.includes(BVN))
      .map((b) => (JSON.parse(b) as { currency: string }).currency);
    console.log(
      `46.5 refused opening: ${answer}; log lines with the BVN: ${lines}; sent with: [${withBvn.join(', ')}]`,
    );
  } finally {
    await s.close();
  }
}

async function wrongKey(): Promise<void> {
  const sandbox = await startSandbox({ port: 0, clock: createClock() });
  const config = readServiceConfig({
    PORT: '0',
    PAY_DB: ':memory:',
    PAY_SERVICE_KEYS: KEY,
    PAY_API_KEY: 'sk_live_this_key_is_not_the_emulators_0000',
    PAY_BASE_URL: sandbox.url,
    PAY_TOKEN_SECRET: 'a random token secret of at least 32 characters',
  });
  const quiet = { debug() {}, info() {}, warn() {}, error() {} };
  const service = await startService(config, { logger: quiet });
  const base = `http://127.0.0.1:${(service.server.address() as AddressInfo).port}`;
  const api = async (path: string, body: unknown) =>
    said(
      await fetch(`${base}${path}`, {
        method: 'POST',
        headers: { authorization: `Bearer ${KEY}`, 'content-type': 'application/json' },
        body: JSON.stringify(body),
      }),
    );
  try {
    const opened = await api('/api/sessions', session('k-1', {}));
    const link = await api('/api/funding-links', { customer_id: ada, id_number: BVN });
    const invoice = await api('/api/invoice-links', { invoice_number: 'INV-000101' });
    console.log(
      `45.2 wrong PAY_API_KEY: sessions ${opened}; funding-links ${link}; invoice-links ${invoice}`,
    );
  } finally {
    await service.close();
    await sandbox.close();
  }
}

const seen: Array<{ path: string; body: string }> = [];
const recording: FetchLike = (input, init) => {
  seen.push({ path: new URL(input).pathname, body: typeof init.body === 'string' ? init.body : '' });
  return fetch(input, init);
};
const s = await startTestService({}, { providerFetch: recording });
try {
  await inputs(s);
  await funding(s, seen);
} finally {
  await s.close();
}
await bvn();
await wrongKey();
