// Several kit instances on one PostgreSQL (issue: the backend merchants grow into):
// 1. the store's operations, p50/p99 on a throwaway PostgreSQL cluster against SQLite, same run;
// 2. server-example as one and as three processes on that database, polled by keep-alive clients
//    spread over the instances: status polls per second and provider checks per minute.
import { Agent, get } from 'node:http';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fixtures, DEFAULT_API_KEY } from '@pay-elements/sandbox';
import type { SessionRecord, PayStore } from '@pay-elements/server';
import { SqliteStore } from '@pay-elements/server/sqlite';
import { PostgresStore } from '@pay-elements/server/postgres';
import { startPostgres } from '@pay-elements/testing/postgres';
import {
  baseEnv,
  countingProxy,
  freePort,
  killLaunched,
  launch,
  sandboxBin,
} from '../test/support/processes.js';
import { percentile, ratio, table } from './lib.js';

const OPS = 2000;
const POLL_SECONDS = 10;
const CLIENTS = 32;
const KEY = DEFAULT_API_KEY;

function session(i: number, run: string): SessionRecord {
  return {
    id: `ses_${run}_${i}`,
    orderId: `order_${run}_${i}`,
    customerId: `cus_${i % 50}`,
    amount: '5000.00',
    currency: 'NGN',
    status: 'pending',
    account: { accountName: 'Demo Shop', accountNumber: String(9_900_000_000 + i), bankName: 'Wema Bank' },
    reference: `ref_${run}_${i}`,
    createdAt: new Date(1_700_000_000_000 + i).toISOString(),
    expiresAt: new Date(1_700_001_800_000 + i).toISOString(),
    paidAt: null,
    transactionId: null,
  };
}

async function timeEach(n: number, work: (i: number) => Promise<unknown>): Promise<number[]> {
  const times: number[] = [];
  for (let i = 0; i < n; i++) {
    const t = performance.now();
    await work(i);
    times.push(performance.now() - t);
  }
  return times.sort((a, b) => a - b);
}

async function storeOps(store: PayStore, run: string): Promise<Record<string, number[]>> {
  return {
    'claim and create': await timeEach(OPS, async (i) => {
      const s = session(i, run);
      await store.sessions.claimOrder(s.orderId, { token: s.id, now: i, staleBefore: 0 });
      await store.sessions.create(s, s.id);
    }),
    get: await timeEach(OPS, (i) => store.sessions.get(`ses_${run}_${i}`)),
    'find by reference': await timeEach(OPS, (i) => store.sessions.findByReference(`ref_${run}_${i}`)),
    'claim the merchant-wide check': await timeEach(OPS, (i) => store.watch.claim(1_000_000 + i, 5000)),
    'mark paid': await timeEach(OPS, (i) =>
      store.sessions.markPaid(`ses_${run}_${i}`, {
        paidAt: new Date().toISOString(),
        transactionId: `t${i}`,
        now: i,
      }),
    ),
  };
}

const ms = (v: number) => `${v.toFixed(3)} ms`;

/** Keep-alive GET loops over `urls` for `seconds`; answers polls per second. */
async function poll(urls: string[], seconds: number): Promise<{ rps: number; errors: number }> {
  const agent = new Agent({ keepAlive: true, maxSockets: CLIENTS });
  let done = 0;
  let errors = 0;
  const end = performance.now() + seconds * 1000;
  await Promise.all(
    Array.from({ length: CLIENTS }, async (_, i) => {
      const url = urls[i % urls.length] ?? '';
      while (performance.now() < end) {
        const status = await new Promise<number>((resolve) => {
          get(url, { agent }, (res) => {
            res.resume();
            res.on('end', () => resolve(res.statusCode ?? 0));
          }).on('error', () => resolve(0));
        });
        if (status === 200) done += 1;
        else errors += 1;
      }
    }),
  );
  agent.destroy();
  return { rps: done / seconds, errors };
}

export async function instancesBench(): Promise<void> {
  const postgres = await startPostgres();
  const dir = mkdtempSync(join(tmpdir(), 'pay-bench-instances-'));
  try {
    const sqlite = new SqliteStore(join(dir, 'bench.sqlite'));
    const pg = await PostgresStore.open({ connectionString: postgres.createDatabase('bench_store') });
    const lite = await storeOps(sqlite, 'lite');
    const pgTimes = await storeOps(pg, 'pg');
    await sqlite.close();
    await pg.close();
    table(
      `Store operations, ${OPS} each in sequence (p50 / p99; PostgreSQL on loopback, SQLite WAL with full sync)`,
      Object.keys(lite).map((op) => {
        const a = lite[op] ?? [];
        const b = pgTimes[op] ?? [];
        return {
          operation: op,
          'SQLite p50': ms(percentile(a, 50)),
          'SQLite p99': ms(percentile(a, 99)),
          'PostgreSQL p50': ms(percentile(b, 50)),
          'PostgreSQL p99': ms(percentile(b, 99)),
          'p50 vs SQLite': ratio(percentile(b, 50), percentile(a, 50)),
        };
      }),
    );

    const rows: Array<Record<string, string | number>> = [];
    for (const count of [1, 3]) {
      const database = postgres.createDatabase(`bench_kit_${count}`);
      const sandbox = await launch(
        [sandboxBin, '--port', '0', '--host', '127.0.0.1'],
        baseEnv(),
        /listening on http:\/\/127\.0\.0\.1:\d+/,
      );
      const sandboxUrl = /listening on (http:\/\/127\.0\.0\.1:\d+)/.exec(sandbox.output())?.[1] ?? '';
      const proxy = await countingProxy(sandboxUrl);
      const ports = await Promise.all(Array.from({ length: count }, () => freePort()));
      await Promise.all(
        ports.map((port) =>
          launch(
            // the packages from their source, as the bench's own process runs them (no build needed)
            ['--conditions=@pay-elements/source', '--import', 'tsx', 'server-example/src/main.ts'],
            {
              ...baseEnv(),
              PORT: String(port),
              PAY_API_KEY: KEY,
              PAY_BASE_URL: proxy.url,
              PAY_DEMO_CUSTOMER_ID: fixtures.customers.ada.id,
              PAY_DATABASE_URL: database,
              PAY_TOKEN_SECRET: 'bench-token-secret-shared-by-every-instance',
            },
            /Ctrl-C to stop/,
          ),
        ),
      );
      const created = await fetch(`http://127.0.0.1:${ports[0]}/pay/sessions`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ order_id: 'demo-1' }),
      });
      const { id } = (await created.json()) as { id: string };
      const checks = () => proxy.calls.filter((c) => c === 'GET /v1/transactions page0').length;
      const before = checks();
      const result = await poll(
        ports.map((port) => `http://127.0.0.1:${port}/pay/sessions/${id}`),
        POLL_SECONDS,
      );
      rows.push({
        instances: count,
        'status polls/s': result.rps.toFixed(0),
        errors: result.errors,
        'provider checks/min': (((checks() - before) * 60) / POLL_SECONDS).toFixed(1),
      });
      await killLaunched();
      await proxy.close();
    }
    const one = Number(rows[0]?.['status polls/s'] ?? 1);
    for (const row of rows) row['polls vs one'] = ratio(Number(row['status polls/s']), one);
    table(
      `server-example on one PostgreSQL, ${CLIENTS} keep-alive clients spread over the instances, ${POLL_SECONDS} s, 2 cores`,
      rows,
    );
  } finally {
    await killLaunched();
    postgres.stop();
    rmSync(dir, { recursive: true, force: true });
  }
}
