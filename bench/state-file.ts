// What keeping the emulator's state in a file (`--data FILE`) costs per change: milliseconds per POST
// of the kit's two permanent-account calls (an inbound transfer to a permanent account, and opening a
// customer's NGN accounts), in process through `handle()` (no socket), one request after another, with
// the state in a file against the same emulator in memory (the baseline, same run). At the seed and
// with 2,000 more customers holding a permanent USD account each; and the data file's size at the end.
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createClock, createSandbox, DEFAULT_API_KEY, fixtures } from '@pay-elements/sandbox';
import { kB, ratio, table } from './lib.js';

const WARM_UP = 100;
const POSTS = 400;
const ROUNDS = 5;

type Sandbox = ReturnType<typeof createSandbox>;

async function post(sandbox: Sandbox, path: string, body: unknown): Promise<Record<string, unknown>> {
  const response = await sandbox.handle(
    new Request(`http://sandbox${path}`, {
      method: 'POST',
      headers: { 'x-api-key': DEFAULT_API_KEY, 'content-type': 'application/json' },
      body: JSON.stringify(body),
    }),
  );
  const json = (await response.json()) as { data: Record<string, unknown> };
  if (response.status !== 200) throw new Error(`${path}: ${response.status} ${JSON.stringify(json)}`);
  return json.data;
}

interface Kind {
  name: string;
  send(sandbox: Sandbox, i: number): Promise<unknown>;
}

const kinds: Kind[] = [
  {
    name: 'transfer to a permanent account',
    send: (sandbox, i) =>
      post(sandbox, '/_sandbox/transfers', {
        account_number: fixtures.virtualAccounts.emilyUsd.account_number,
        amount: 10 + (i % 90),
      }),
  },
  {
    name: 'open NGN permanent accounts',
    send: (sandbox) =>
      post(sandbox, '/v1/virtual-accounts/create', {
        customer_id: fixtures.customers.chinedu.id,
        currency: 'NGN',
        id_number: '22212345678',
      }),
  },
];

interface Measured {
  ms: number;
  size: number;
}

/** ms per POST of `kind`, after `accounts` customers with a USD account each; in a file when `file`. */
async function measure(kind: Kind, accounts: number, file: boolean): Promise<Measured> {
  const dir = mkdtempSync(join(tmpdir(), 'pay-bench-state-'));
  const dataFile = join(dir, 'state.json');
  const sandbox = createSandbox({
    clock: createClock({ frozen: true, start: Date.UTC(2025, 0, 15, 10) }),
    ...(file ? { dataFile } : {}),
  });
  try {
    for (let i = 0; i < accounts; i += 1) {
      const customer = await post(sandbox, '/_sandbox/customers', {
        email: `bench${i}@example.com`,
        first_name: 'Bench',
        last_name: `Customer ${i}`,
        country_code: 'USA',
      });
      await post(sandbox, '/v1/virtual-accounts/create', { customer_id: customer.id, currency: 'USD' });
    }
    for (let i = 0; i < WARM_UP; i += 1) await kind.send(sandbox, i);
    const started = performance.now();
    for (let i = 0; i < POSTS; i += 1) await kind.send(sandbox, i);
    const ms = (performance.now() - started) / POSTS;
    // closed, the file holds the whole state
    sandbox.close();
    return { ms, size: file ? statSync(dataFile).size : 0 };
  } finally {
    sandbox.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

export async function stateFileBench(): Promise<void> {
  const rows = [];
  // the first emulator of the process runs cold: warm both ways up before measuring anything
  for (const kind of kinds) for (const file of [false, true]) await measure(kind, 0, file);
  for (const accounts of [0, 2_000]) {
    for (const kind of kinds) {
      const memory: number[] = [];
      const file: number[] = [];
      let last: Measured = { ms: 0, size: 0 };
      // memory and file in turn, round after round, so the machine's other load hits both alike
      for (let round = 0; round < ROUNDS; round += 1) {
        memory.push((await measure(kind, accounts, false)).ms);
        last = await measure(kind, accounts, true);
        file.push(last.ms);
      }
      const median = (values: number[]) =>
        [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;
      const inMemory = median(memory);
      const inFile = median(file);
      rows.push({
        'extra accounts': accounts.toLocaleString('en'),
        POST: kind.name,
        'memory ms/POST': inMemory.toFixed(3),
        'file ms/POST': inFile.toFixed(3),
        'file cost ms/POST': (inFile - inMemory).toFixed(3),
        'file / memory': ratio(inFile, inMemory),
        'file size': kB(last.size),
      });
    }
  }
  table(
    `State file: ms per POST, ${POSTS} sequential POSTs in process, median of ${ROUNDS} rounds (baseline: the same emulator in memory)`,
    rows,
  );
}
