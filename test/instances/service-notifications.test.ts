// pay-service's notifications survive what an operator's processes go through, with real processes:
// a `session.paid` owed while the merchant's endpoint is down survives a `kill -9` of the service (a
// SQLite file) and arrives after its restart, once; and two instances on one PostgreSQL database
// deliver each event once between them.
import { after, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DEFAULT_API_KEY, DEFAULT_WEBHOOK_SECRET, fixtures, SandboxControl } from '@pay-elements/sandbox';
import { startPostgres, type TestPostgres } from '@pay-elements/testing/postgres';
import {
  baseEnv,
  freePort,
  killLaunched,
  launch,
  launchEmulator,
  until,
  type Running,
} from '../support/processes.js';

const KEY = 'sk_test_instances_service_key_0123456789';
const NOTIFY_SECRET = 'whsec_aW5zdGFuY2VzIG5vdGlmaWNhdGlvbiBzZWNyZXQgb2Ygc2hvcA==';

/** The merchant's endpoint: answers `status` (the test changes it) and records each webhook-id. */
async function endpoint(): Promise<{
  url: string;
  ids: string[];
  status: { now: number };
  close(): Promise<void>;
}> {
  const ids: string[] = [];
  const status = { now: 200 };
  const server: Server = createServer((req, res) => {
    req.resume();
    req.on('end', () => {
      if (status.now < 300) ids.push(String(req.headers['webhook-id']));
      res.writeHead(status.now).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/hooks`,
    ids,
    status,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

function serviceEnv(
  port: number,
  emulator: string,
  notifyUrl: string,
  store: Record<string, string>,
): NodeJS.ProcessEnv {
  return {
    ...baseEnv(),
    PORT: String(port),
    HOST: '127.0.0.1',
    PAY_API_KEY: DEFAULT_API_KEY,
    PAY_BASE_URL: emulator,
    PAY_WEBHOOK_SECRET: DEFAULT_WEBHOOK_SECRET,
    PAY_TOKEN_SECRET: 'instances-token-secret-shared-by-each-one',
    PAY_SERVICE_KEYS: KEY,
    PAY_NOTIFY_URL: notifyUrl,
    PAY_NOTIFY_SECRET: NOTIFY_SECRET,
    PAY_NOTIFY_RETRY_MS: '1500,1500,1500,1500',
    PAY_SWEEP_INTERVAL_MS: '500',
    ...store,
  };
}

/**
 * The session.paid notifications the shop took, by webhook-id. The emulator's seed holds a paid invoice
 * (INV-000102, its credit among the transactions), which the kit's watcher reads and records, so the shop
 * is also told invoice.paid, once, whenever the watcher gets to it (with both cores busy, after the
 * restart): true, and not what these tests are about.
 */
const paidSessions = (shop: { ids: string[] }) => shop.ids.filter((id) => id.startsWith('session.paid.'));

const startService = (env: NodeJS.ProcessEnv) =>
  launch(['--import', 'tsx', 'packages/service/src/main.ts'], env, /pay-service is running/);

async function paySession(url: string, control: SandboxControl, orderId: string): Promise<string> {
  const created = await fetch(`${url}/api/sessions`, {
    method: 'POST',
    headers: { authorization: `Bearer ${KEY}`, 'content-type': 'application/json' },
    body: JSON.stringify({
      order_id: orderId,
      amount: '700.00',
      currency: 'NGN',
      customer_id: fixtures.customers.ada.id,
    }),
  });
  assert.equal(created.status, 201);
  const session = (await created.json()) as { id: string; account: { account_number: string } };
  await control.transfer({ account_number: session.account.account_number, amount: 700 });
  return session.id;
}

describe('a notification owed when the service is killed', { timeout: 120_000 }, () => {
  let folder = '';
  after(async () => {
    await killLaunched();
    if (folder) rmSync(folder, { recursive: true, force: true });
  });

  it('survives a kill -9 while the merchant is down, and arrives after the restart, once', async () => {
    folder = mkdtempSync(join(tmpdir(), 'pay-service-kill-'));
    const shop = await endpoint();
    shop.status.now = 503;
    const port = await freePort();
    const emulator = await launchEmulator(`http://127.0.0.1:${port}/pay/webhooks`, DEFAULT_WEBHOOK_SECRET);
    const control = new SandboxControl(emulator, DEFAULT_API_KEY);
    const env = serviceEnv(port, emulator, shop.url, { PAY_DB: join(folder, 'pay.sqlite') });
    let service: Running = await startService(env);
    try {
      const id = await paySession(`http://127.0.0.1:${port}`, control, 'kill-1');
      // the service has tried and been refused: the event is owed, in the store
      await until('a refused attempt', 15_000, () =>
        Promise.resolve(
          /notification session\.paid not delivered \(attempt 1\)/.test(service.output()) ? true : undefined,
        ),
      );
      await service.kill();
      shop.status.now = 200;
      service = await startService(env);
      await until('the notification after the restart', 20_000, () =>
        Promise.resolve(paidSessions(shop).length > 0 ? true : undefined),
      );
      await new Promise((resolve) => setTimeout(resolve, 3500));
      assert.deepEqual(paidSessions(shop), [`session.paid.${id}`], 'once, with its id');
    } finally {
      await service.kill();
      await shop.close();
    }
  });
});

describe('two service instances on one PostgreSQL', { timeout: 180_000 }, () => {
  let postgres: TestPostgres;
  after(async () => {
    await killLaunched();
    postgres?.stop();
  });

  it('deliver each event once between them', async () => {
    postgres = await startPostgres();
    const database = postgres.createDatabase('service');
    const shop = await endpoint();
    const ports = [await freePort(), await freePort()];
    const emulator = await launchEmulator(
      `http://127.0.0.1:${ports[0]}/pay/webhooks`,
      DEFAULT_WEBHOOK_SECRET,
    );
    const control = new SandboxControl(emulator, DEFAULT_API_KEY);
    const store = { PAY_DATABASE_URL: database };
    await Promise.all(ports.map((port) => startService(serviceEnv(port, emulator, shop.url, store))));
    try {
      const ids: string[] = [];
      // sessions opened on either instance, paid; the emulator's webhooks go to the first
      for (let i = 0; i < 6; i++)
        ids.push(await paySession(`http://127.0.0.1:${ports[i % 2]}`, control, `pg-${i}`));
      await until('six notifications', 30_000, () =>
        Promise.resolve(paidSessions(shop).length >= 6 ? true : undefined),
      );
      await new Promise((resolve) => setTimeout(resolve, 3000));
      assert.deepEqual(paidSessions(shop).sort(), ids.map((id) => `session.paid.${id}`).sort(), 'each once');
    } finally {
      await shop.close();
    }
  });
});
