// Three server-example processes on one PostgreSQL database and one emulator (`pay-sandbox`, its
// webhooks to the first instance), as a merchant runs them behind a load balancer. A counting proxy
// between the instances and the emulator tells how many provider calls they make together.
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { SessionView } from '@pay-elements/protocol';
import { fixtures, SandboxControl, DEFAULT_API_KEY } from '@pay-elements/sandbox';
import { startPostgres, type TestPostgres } from '@pay-elements/testing/postgres';
import {
  baseEnv,
  countingProxy,
  type CountingProxy,
  freePort,
  killLaunched,
  launch,
  paidLines,
  sandboxBin,
  until,
  type Running,
} from '../support/processes.js';
import { webhookSecretFor } from '../support/webhook-secret.js';

const KEY = DEFAULT_API_KEY;
const SECRET = webhookSecretFor('instances');
const POLL_INTERVAL_MS = 1000;
const POLL_SECONDS = 10;

describe('three kit instances on one PostgreSQL', { timeout: 180_000 }, () => {
  let postgres: TestPostgres;
  let proxy: CountingProxy;
  let control: SandboxControl;
  const instances: Array<{ url: string; process: Running }> = [];

  const everything = () => instances.map((i) => i.process.output()).join('\n');

  before(async () => {
    postgres = await startPostgres();
    const database = postgres.createDatabase('shop');
    const ports = [await freePort(), await freePort(), await freePort()];
    const sandbox = await launch(
      [sandboxBin, '--port', '0', '--host', '127.0.0.1'],
      {
        ...baseEnv(),
        PAY_SANDBOX_WEBHOOK_URL: `http://127.0.0.1:${ports[0]}/pay/webhooks`,
        PAY_SANDBOX_WEBHOOK_SECRET: SECRET,
      },
      /listening on http:\/\/127\.0\.0\.1:\d+[\s\S]*webhooks/,
    );
    const sandboxUrl = /listening on (http:\/\/127\.0\.0\.1:\d+)/.exec(sandbox.output())?.[1] ?? '';
    control = new SandboxControl(sandboxUrl, KEY);
    proxy = await countingProxy(sandboxUrl);
    // started together: the schema migration must not race
    const started = await Promise.all(
      ports.map((port) =>
        launch(
          ['--import', 'tsx', 'server-example/src/main.ts'],
          {
            ...baseEnv(),
            PORT: String(port),
            HOST: '127.0.0.1',
            PAY_API_KEY: KEY,
            PAY_BASE_URL: proxy.url,
            PAY_DEMO_CUSTOMER_ID: fixtures.customers.ada.id,
            PAY_WEBHOOK_SECRET: SECRET,
            PAY_TOKEN_SECRET: 'test-token-secret-shared-by-every-instance',
            PAY_DATABASE_URL: database,
            PAY_POLL_INTERVAL_MS: String(POLL_INTERVAL_MS),
            PAY_ONPAID_RETRY_AFTER_MS: '1500',
            PAY_SWEEP_INTERVAL_MS: '500',
            PAY_DEMO_FULFIL_MS: '4000',
          },
          /Ctrl-C to stop/,
        ),
      ),
    );
    for (const [index, process] of started.entries())
      instances.push({ url: `http://127.0.0.1:${ports[index]}`, process });
  });

  after(async () => {
    await killLaunched();
    await proxy.close();
    postgres.stop();
  });

  async function open(url: string, orderId: string): Promise<{ status: number; view: SessionView }> {
    const response = await fetch(`${url}/pay/sessions`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ order_id: orderId }),
    });
    return { status: response.status, view: SessionView.parse(await response.json()) };
  }

  async function status(url: string, id: string): Promise<SessionView> {
    const response = await fetch(`${url}/pay/sessions/${encodeURIComponent(id)}`);
    assert.equal(response.status, 200, `${url}: ${response.status}`);
    return SessionView.parse(await response.json());
  }

  const opened = () => proxy.calls.filter((c) => c === 'POST /v1/virtual-accounts/dynamic').length;
  const checks = () => proxy.calls.filter((c) => c === 'GET /v1/transactions page0').length;

  it('opens one account for an order however the creates are spread over the instances', async () => {
    const answers = await Promise.all(
      Array.from({ length: 30 }, (_, i) => open(instances[i % 3]?.url ?? '', 'demo-1')),
    );
    const ids = new Set(answers.map((a) => a.view.id));
    assert.equal(ids.size, 1, `one session, not ${ids.size}`);
    assert.equal(answers.filter((a) => a.status === 201).length, 1, 'one create answered 201');
    assert.equal(opened(), 1, 'one provider account');
  });

  it('makes about as many provider checks with 90 pollers over three instances as one instance would', async () => {
    const { view } = await open(instances[1]?.url ?? '', 'demo-2');
    const before = checks();
    const stopAt = Date.now() + POLL_SECONDS * 1000;
    await Promise.all(
      Array.from({ length: 90 }, async (_, i) => {
        const url = instances[i % 3]?.url ?? '';
        while (Date.now() < stopAt) {
          await status(url, view.id);
          await new Promise((resolve) => setTimeout(resolve, 200 + (i % 7) * 50));
        }
      }),
    );
    const made = checks() - before;
    // one instance would make one check per interval: POLL_SECONDS + 1 at most
    const single = POLL_SECONDS * (1000 / POLL_INTERVAL_MS) + 1;
    assert.ok(made <= single + 2, `${made} checks by three instances, one instance makes ${single}`);
    assert.ok(made >= single / 2, `${made} checks: the watcher still checks`);
  });

  it('shows a transfer paid on every instance and runs onPaid once', async () => {
    const { view } = await open(instances[2]?.url ?? '', 'demo-1');
    await control.transfer({ account_number: view.account.account_number, amount: Number(view.amount) });
    for (const instance of instances)
      await until(`paid on ${instance.url}`, 10_000, async () =>
        (await status(instance.url, view.id)).status === 'paid' ? true : undefined,
      );
    await until('onPaid of demo-1', 15_000, () =>
      Promise.resolve(paidLines(everything(), 'demo-1') > 0 ? true : undefined),
    );
    await new Promise((resolve) => setTimeout(resolve, 2500)); // past a retry: still once
    assert.equal(paidLines(everything(), 'demo-1'), 1, everything());
  });

  it('confirms by the watcher once the webhook target is killed, once', async () => {
    const target = instances[0];
    assert.ok(target);
    await target.process.kill();
    const [, second, third] = instances;
    assert.ok(second && third);
    const { view } = await open(second.url, 'demo-3');
    await control.transfer({ account_number: view.account.account_number, amount: Number(view.amount) });
    await until('paid by a watcher', 10_000, async () =>
      (await status(third.url, view.id)).status === 'paid' ? true : undefined,
    );
    await until('onPaid of demo-3', 15_000, () =>
      Promise.resolve(paidLines(everything(), 'demo-3') > 0 ? true : undefined),
    );
    assert.equal(paidLines(everything(), 'demo-3'), 1, everything());
  });

  it('delivers onPaid once, by another instance, when the one delivering it dies mid-way', async () => {
    const [, second, third] = instances;
    assert.ok(second && third);
    const { view } = await open(second.url, 'demo-2');
    const fulfilling = (text: string) => text.includes(`order demo-2 fulfilling (session ${view.id})`);
    await control.transfer({ account_number: view.account.account_number, amount: Number(view.amount) });
    // only the second is asked, so its watcher finds the credit and starts onPaid
    const dying = await until('onPaid under way', 10_000, async () => {
      await status(second.url, view.id);
      if (fulfilling(second.process.output())) return second;
      if (fulfilling(third.process.output())) return third;
      return undefined;
    });
    await dying.process.kill();
    const survivor = dying === second ? third : second;
    await until('onPaid delivered by the survivor', 20_000, () =>
      Promise.resolve(paidLines(survivor.process.output(), 'demo-2') > 0 ? true : undefined),
    );
    assert.equal(paidLines(everything(), 'demo-2'), 1, everything());
    assert.equal((await status(survivor.url, view.id)).status, 'paid');
  });
});
