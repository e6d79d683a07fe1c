// The store's operations on its contract (issue 37), SQLite (a file, WAL, full sync) against
// PostgreSQL (a throwaway cluster on loopback), same run: a commit that creates a record, owes an
// outbox entry and announces it; a get; a list of 100 records by prefix. Each in sequence, one caller:
// what one request waits for. A listener is subscribed, as the kit's stream hub is.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PostgresStore } from '@pay-elements/server/postgres';
import { SqliteStore } from '@pay-elements/server/sqlite';
import { startPostgres } from '@pay-elements/testing/postgres';
import { percentile, ratio, table } from './lib.js';

const OPS = 2000;
const WARM_UP = 200;
/** records per prefix, so that each list answers 100 */
const PER_PREFIX = 100;

/** What a flow keeps of a checkout session: about the size of one. */
function session(i: number) {
  return {
    id: `ses_${i}`,
    orderId: `order_${i}`,
    customerId: `cus_${Math.floor(i / PER_PREFIX)}`,
    amount: '5000.00',
    currency: 'NGN',
    status: 'pending',
    account: { accountName: 'Demo Shop', accountNumber: String(9_900_000_000 + i), bankName: 'Wema Bank' },
    reference: `ref_${i}`,
    createdAt: new Date(1_700_000_000_000 + i).toISOString(),
    expiresAt: new Date(1_700_001_800_000 + i).toISOString(),
  };
}

async function timeEach(n: number, work: (i: number) => Promise<unknown>): Promise<number[]> {
  const times: number[] = [];
  for (let i = 0; i < n; i++) {
    const t = performance.now();
    await work(i);
    times.push(performance.now() - t);
  }
  return times;
}

async function storeOps(store: SqliteStore | PostgresStore): Promise<Record<string, number[]>> {
  const stop = store.changes.subscribe(() => undefined);
  await store.changes.ready?.();
  const key = (i: number) => `cus_${Math.floor(i / PER_PREFIX)}/ses_${i}`;
  // warmed up first: the connections, their prepared plans and the file's first pages
  await timeEach(WARM_UP, (i) =>
    store.records.commit({
      writes: [{ collection: 'bench.warm', key: `w${i}`, value: session(i), expect: 0 }],
      owe: [{ topic: 'bench.warm', id: `w${i}`, dueAt: i }],
      announce: [`warm:${i}`],
    }),
  );
  await timeEach(WARM_UP, (i) => store.records.list('bench.warm', { prefix: `w${i}`, limit: 100 }));
  const ops = {
    'commit: create + owe + announce': await timeEach(OPS, (i) =>
      store.records.commit({
        writes: [{ collection: 'bench.sessions', key: key(i), value: session(i), expect: 0 }],
        owe: [{ topic: 'bench.paid', id: `ses_${i}`, dueAt: i }],
        announce: [`sessions:ses_${i}`],
      }),
    ),
    get: await timeEach(OPS, (i) => store.records.get('bench.sessions', key(i))),
    'list 100 by prefix': await timeEach(OPS, (i) =>
      store.records.list('bench.sessions', { prefix: `cus_${i % (OPS / PER_PREFIX)}/`, limit: 100 }),
    ),
  };
  stop();
  return ops;
}

const perSecond = (times: number[]) => (times.length / (times.reduce((a, b) => a + b, 0) / 1000)).toFixed(0);
const p50 = (times: number[]) =>
  `${percentile(
    [...times].sort((a, b) => a - b),
    50,
  ).toFixed(3)} ms`;

export async function storeBench(): Promise<void> {
  const postgres = await startPostgres();
  const dir = mkdtempSync(join(tmpdir(), 'pay-bench-store-'));
  try {
    const sqlite = new SqliteStore(join(dir, 'bench.sqlite'));
    const pg = await PostgresStore.open({ connectionString: postgres.createDatabase('bench_store') });
    const lite = await storeOps(sqlite);
    const pgTimes = await storeOps(pg);
    await sqlite.close();
    await pg.close();
    table(
      `Store operations on the contract, ${OPS} each in sequence (PostgreSQL on loopback, SQLite WAL with full sync)`,
      Object.keys(lite).map((op) => {
        const a = lite[op] ?? [];
        const b = pgTimes[op] ?? [];
        return {
          operation: op,
          'SQLite ops/s': perSecond(a),
          'SQLite p50': p50(a),
          'PostgreSQL ops/s': perSecond(b),
          'PostgreSQL p50': p50(b),
          'PostgreSQL vs SQLite': ratio(Number(perSecond(b)), Number(perSecond(a))),
        };
      }),
    );
  } finally {
    postgres.stop();
    rmSync(dir, { recursive: true, force: true });
  }
}
