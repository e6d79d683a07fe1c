// Several kit instances on one PostgreSQL (issue: the backend merchants grow into): server-example as
// one and as three processes on a throwaway cluster, polled by keep-alive clients spread over the
// instances: status polls per second and provider checks per minute. (The store's own operations,
// SQLite against PostgreSQL: bench/store.ts.)
import { Agent, get } from 'node:http';
import { fixtures, DEFAULT_API_KEY } from '@pay-elements/sandbox';
import { startPostgres } from '@pay-elements/testing/postgres';
import {
  baseEnv,
  countingProxy,
  freePort,
  killLaunched,
  launch,
  sandboxBin,
} from '../test/support/processes.js';
import { ratio, table } from './lib.js';

const POLL_SECONDS = 10;
const CLIENTS = 32;
const KEY = DEFAULT_API_KEY;

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
  try {
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
  }
}
