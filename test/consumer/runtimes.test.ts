// The runtime matrix: the packed packages installed outside the workspace, one merchant backend
// (runtimes/shop.mjs) served by Node (node:http through the kit's adapter), Bun (Bun.serve) and Deno
// (Deno.serve), with the memory store, PostgreSQL (pg) and SQLite. The emulator runs in this process and
// delivers its signed webhooks to the runtime's server. One scenario over HTTP on each: create, poll
// with 304, the status stream until paid, the signed webhook (and a forged one refused), onPaid once,
// the client address the runtime's server gave. SQLite too: better-sqlite3 on Node, the runtime's
// node:sqlite on Bun and Deno (which cannot load that Node addon). And Cloudflare's workerd (through
// miniflare) with the D1 store and with PostgreSQL over workerd's TCP sockets: the Worker of
// runtimes/worker.mjs, bundled as wrangler would.
import { after, before, describe, it, type TestContext } from 'node:test';
import assert from 'node:assert/strict';
import { spawn, type ChildProcess } from 'node:child_process';
import { cp, mkdir, mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type Browser } from 'playwright-core';
import * as z from 'zod';
import { SessionView } from '@pay-elements/protocol';
import { DEFAULT_API_KEY, SandboxControl, startSandbox, type Sandbox } from '@pay-elements/sandbox';
import { storeConformance } from '@pay-elements/server/conformance';
import { SseReader } from '@pay-elements/testing/sse';
import { startPostgres, type TestPostgres } from '@pay-elements/testing/postgres';
import { freePort, until } from '../support/processes.js';
import { chromiumArgs, chromiumPath } from '../support/chromium.js';
import { installMerchantProject, merchantEnv, packPackages, run } from '../support/packed.js';
import { webhookSecretFor } from '../support/webhook-secret.js';
import { RUNTIME_VERSIONS, runtimeBin } from '@pay-elements/testing/runtimes';

const WEBHOOK_SECRET = webhookSecretFor('runtimes');

/** Bun and Deno from the runtimes' cache outside the workspace, installed there on first use. */
const bins = { bun: await runtimeBin('bun'), deno: await runtimeBin('deno') };

/** How each runtime runs an entry of the merchant's project (in its folder, its node_modules). */
const runtimes = {
  node: (entry: string) => [process.execPath, entry],
  bun: (entry: string) => [bins.bun, 'run', entry],
  deno: (entry: string) => [
    bins.deno,
    'run',
    '--allow-net=127.0.0.1',
    '--allow-env',
    '--allow-read',
    '--allow-sys',
    `--allow-write=${dir}`,
    entry,
  ],
  // workerd through miniflare, which node runs (serve-workerd.mjs bundles the Worker and serves it)
  workerd: (entry: string) => [process.execPath, entry],
};
type Runtime = keyof typeof runtimes;
type Store = 'memory' | 'postgres' | 'sqlite' | 'd1';

let dir = '';
let app = '';
let postgres: TestPostgres | null = null;

before(async () => {
  dir = await mkdtemp(join(tmpdir(), 'pay-runtimes-'));
  app = join(dir, 'app');
  const tarballs = await packPackages(join(dir, 'tarballs'));
  await mkdir(app);
  await cp(join(import.meta.dirname, 'runtimes'), app, { recursive: true });
  await installMerchantProject(app, {
    tarballs,
    dependencies: ['pg', 'better-sqlite3', 'esbuild'],
    // not the workspace's (its `npm install` does not bring workerd): the version the tests pin
    versions: { miniflare: RUNTIME_VERSIONS.miniflare },
  });
  postgres = await startPostgres();
});

after(async () => {
  postgres?.stop();
  if (dir) await rm(dir, { recursive: true, force: true });
});

const Line = z.discriminatedUnion('event', [
  z.object({ event: z.literal('listening'), runtime: z.string(), url: z.string() }),
  z.object({ event: z.literal('order'), id: z.string(), client: z.string() }),
  z.object({ event: z.literal('paid'), id: z.string(), status: z.string() }),
  z.object({ event: z.literal('store-error'), message: z.string() }),
]);
type Line = z.infer<typeof Line>;

interface Backend {
  child: ChildProcess;
  /** the JSON lines it printed so far */
  lines: Line[];
  output(): string;
  exited: Promise<number | null>;
  stop(): Promise<void>;
}

/** Starts the shop on `runtime`; resolves once it listens, or once it has exited (see `exited`). */
async function startBackend(runtime: Runtime, env: Record<string, string>): Promise<Backend> {
  const [command, ...args] = runtimes[runtime](`serve-${runtime}.mjs`);
  const child = spawn(command!, args, {
    cwd: app,
    env: { ...merchantEnv, NO_COLOR: '1', DENO_NO_UPDATE_CHECK: '1', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  const lines: Line[] = [];
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  let listening: () => void = () => undefined;
  const ready = new Promise<void>((resolve) => (listening = resolve));
  let partial = '';
  child.stdout.on('data', (chunk: Buffer) => {
    out += String(chunk);
    partial += String(chunk);
    const complete = partial.split('\n');
    partial = complete.pop() ?? '';
    for (const text of complete) {
      const line = Line.safeParse(JSON.parse(/^\{.*\}$/.test(text) ? text : 'null'));
      if (!line.success) continue;
      lines.push(line.data);
      if (line.data.event === 'listening') listening();
    }
  });
  child.stderr.on('data', (chunk: Buffer) => (out += String(chunk)));
  const timer = setTimeout(() => child.kill('SIGKILL'), 30_000);
  await Promise.race([ready, exited]);
  clearTimeout(timer);
  return {
    child,
    lines,
    output: () => out,
    exited,
    async stop() {
      if (child.exitCode !== null || child.signalCode !== null) return;
      child.kill('SIGTERM');
      const killer = setTimeout(() => child.kill('SIGKILL'), 5_000);
      await exited;
      clearTimeout(killer);
    },
  };
}

async function view(response: Response): Promise<SessionView> {
  return SessionView.parse(await response.json());
}

/** The store's settings for one runtime's backend. */
function storeEnv(runtime: Runtime, store: Store): Record<string, string> {
  if (store === 'postgres') {
    assert.ok(postgres);
    return { STORE: store, DATABASE_URL: postgres.createDatabase(`pay_${runtime}`) };
  }
  if (store === 'd1') return { STORE: store }; // the Worker's binding, a local D1 of miniflare's
  return { STORE: store, SQLITE_FILE: join(dir, `${runtime}.sqlite`) };
}

/** The emulator (its webhooks sent to the shop unless `webhooks` is false) and the shop on `runtime` with `store`. */
async function startShop(runtime: Runtime, store: Store, { webhooks = true } = {}) {
  const port = await freePort();
  const shop = `http://127.0.0.1:${port}`;
  const sandbox = await startSandbox({
    port: 0,
    ...(webhooks ? { webhookUrl: `${shop}/pay/webhooks`, webhookSecret: WEBHOOK_SECRET } : {}),
  });
  const control = new SandboxControl(sandbox.url, DEFAULT_API_KEY);
  const customer = await control.createCustomer({
    email: 'ada@example.com',
    first_name: 'Ada',
    last_name: 'Obi',
    country_code: 'NGA',
  });
  const backend = await startBackend(runtime, {
    PORT: String(port),
    PAY_BASE_URL: sandbox.url,
    PAY_API_KEY: DEFAULT_API_KEY,
    PAY_WEBHOOK_SECRET: WEBHOOK_SECRET,
    CUSTOMER_ID: customer.id,
    ...storeEnv(runtime, store),
  });
  assert.equal(backend.child.exitCode, null, `the backend exited:\n${backend.output()}`);
  return { shop, sandbox, control, backend };
}

/** A merchant's checkout page: it starts order-1's session and gives its id to the element. */
const CHECKOUT_PAGE = `<!doctype html>
<html lang="en">
  <head><meta charset="utf-8"><title>Checkout</title><script src="/elements.js"></script></head>
  <body>
    <main>
      <h1>Checkout</h1>
      <pay-dynamic-account endpoint="/pay"></pay-dynamic-account>
    </main>
    <script>
      fetch('/pay/sessions', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ order_id: 'order-1' }),
      })
        .then((response) => response.json())
        .then((session) => (document.querySelector('pay-dynamic-account').session = session.id));
    </script>
  </body>
</html>`;

function describeScenario(runtime: Runtime, store: Store): void {
  describe(`${runtime}, ${store} store`, () => {
    let sandbox: Sandbox;
    let control: SandboxControl;
    let backend: Backend;
    let shop = '';
    let session: SessionView;
    let started = 0;

    before(async () => {
      started = Date.now();
      ({ shop, sandbox, control, backend } = await startShop(runtime, store));
    });

    after(async () => {
      await backend?.stop();
      await sandbox?.close();
    });

    it('creates a session from the order id alone; the order knows the client’s address', async () => {
      const response = await fetch(`${shop}/pay/sessions`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ order_id: 'order-1' }),
      });
      assert.equal(response.status, 201, backend.output());
      session = await view(response);
      assert.equal(session.status, 'pending');
      assert.equal(session.amount, '5000.00');
      const order = backend.lines.find((line) => line.event === 'order');
      assert.ok(order?.event === 'order');
      assert.match(order.client, /^(::ffff:)?127\.0\.0\.1$/);
    });

    it('answers a poll with an ETag, then 304 to the same ETag', async () => {
      const first = await fetch(`${shop}/pay/sessions/${session.id}`);
      assert.equal(first.status, 200, backend.output());
      assert.equal((await view(first)).status, 'pending');
      const etag = first.headers.get('etag');
      assert.ok(etag);
      const again = await fetch(`${shop}/pay/sessions/${session.id}`, { headers: { 'if-none-match': etag } });
      assert.equal(again.status, 304);
      assert.equal(await again.text(), '');
    });

    it('refuses a forged webhook', async () => {
      const forged = await fetch(`${shop}/pay/webhooks`, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          'webhook-id': 'msg_forged',
          'webhook-timestamp': String(Math.floor(Date.now() / 1000)),
          'webhook-signature': 'v1,bm90IGEgc2lnbmF0dXJl',
        },
        body: JSON.stringify({ type: 'transaction.created', data: {} }),
      });
      assert.equal(forged.status, 400, backend.output());
    });

    it('streams the session until paid, through the signed webhook; onPaid once', async (t: TestContext) => {
      const stream = await fetch(`${shop}/pay/sessions/${session.id}/events`, {
        headers: { accept: 'text/event-stream' },
      });
      assert.equal(stream.status, 200, backend.output());
      assert.match(stream.headers.get('content-type') ?? '', /^text\/event-stream/);
      assert.ok(stream.body);
      const events = new SseReader(stream.body);
      try {
        const first = await events.nextEvent();
        assert.equal(first?.type, 'session');
        assert.equal(SessionView.parse(JSON.parse(first.data)).status, 'pending');

        await control.transfer({ account_number: session.account.account_number, amount: 5000 });
        await sandbox.flushWebhooks();
        const pushed = await events.nextEvent();
        assert.equal(pushed?.type, 'session');
        assert.equal(SessionView.parse(JSON.parse(pushed.data)).status, 'paid');
      } finally {
        await events.cancel();
      }

      const deliveries = (await control.webhooks()).filter((d) => d.url === `${shop}/pay/webhooks`);
      assert.ok(deliveries.length > 0, 'the emulator sent its webhook to the runtime');
      assert.ok(
        deliveries.every((d) => d.delivered && d.last_status === 200),
        JSON.stringify(deliveries),
      );
      // the same event again (same id): answered, nothing paid twice
      for (const delivery of deliveries) await control.redeliver(delivery.id);
      await sandbox.flushWebhooks();

      const paid = await until('onPaid', 10_000, () => {
        const lines = backend.lines.filter((line) => line.event === 'paid');
        return Promise.resolve(lines.length ? lines : undefined);
      });
      const polled = await view(await fetch(`${shop}/pay/sessions/${session.id}`));
      assert.equal(polled.status, 'paid');
      assert.deepEqual(
        backend.lines.filter((line) => line.event === 'paid').map((line) => line.id),
        [session.id],
      );
      assert.equal(paid.length, 1);
      // the stream's limit was keyed by the runtime's address, not shared by every client
      assert.doesNotMatch(backend.output(), /client address is unknown/);
      t.diagnostic(`${runtime}, ${store} store: ${Date.now() - started} ms`);
    });
  });
}

for (const runtime of ['node', 'bun', 'deno'] as const) {
  describeScenario(runtime, 'memory');
  describeScenario(runtime, 'postgres');
}
for (const runtime of ['node', 'bun', 'deno'] as const) describeScenario(runtime, 'sqlite');
describeScenario('workerd', 'd1');
describeScenario('workerd', 'postgres');

describe('workerd, d1 store: with no webhook, the cron trigger’s sweep confirms the payment', () => {
  let world: Awaited<ReturnType<typeof startShop>>;

  before(async () => {
    world = await startShop('workerd', 'd1', { webhooks: false });
  });

  after(async () => {
    await world?.backend.stop();
    await world?.sandbox.close();
  });

  it('marks the session paid and calls onPaid once, from `scheduled` alone', async () => {
    const { shop, control, backend } = world;
    const created = await fetch(`${shop}/pay/sessions`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ order_id: 'order-1' }),
    });
    assert.equal(created.status, 201, backend.output());
    const session = await view(created);
    await control.transfer({ account_number: session.account.account_number, amount: 5000 });
    assert.deepEqual(await control.webhooks(), [], 'the emulator announced nothing');

    // miniflare's stand-in for a cron firing (unsafeTriggerHandlers); no poll before onPaid
    const cron = await fetch(`${shop}/cdn-cgi/handler/scheduled?cron=*+*+*+*+*`);
    assert.equal(cron.status, 200, backend.output());
    await until('onPaid', 10_000, () =>
      Promise.resolve(backend.lines.some((line) => line.event === 'paid') || undefined),
    );
    assert.equal((await view(await fetch(`${shop}/pay/sessions/${session.id}`))).status, 'paid');
    assert.deepEqual(
      backend.lines.filter((line) => line.event === 'paid').map((line) => line.id),
      [session.id],
    );
  });
});

describe('workerd, d1 store: a shopper in Chromium takes an order to paid', () => {
  let world: Awaited<ReturnType<typeof startShop>>;
  let browser: Browser;

  before(async () => {
    world = await startShop('workerd', 'd1');
    browser = await chromium.launch({ executablePath: chromiumPath, args: chromiumArgs });
  });

  after(async () => {
    await browser?.close();
    await world?.backend.stop();
    await world?.sandbox.close();
  });

  it('shows the account the Worker opened, then “Payment received” once the transfer lands', async () => {
    const { shop, control, sandbox, backend } = world;
    const cdn = join(app, 'node_modules/@pay-elements/elements/dist/cdn');
    const bundle = (await readdir(cdn)).find((name) => /^pay-elements-[\d.]+\.iife\.js$/.test(name));
    assert.ok(bundle, `the elements' script-tag bundle in ${cdn}`);
    const page = await browser.newPage();
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    // the merchant's page and the elements' bundle from its origin (the Worker answers only /pay)
    await page.route(`${shop}/elements.js`, (route) =>
      route.fulfill({ path: join(cdn, bundle), contentType: 'text/javascript' }),
    );
    await page.route(`${shop}/checkout`, (route) =>
      route.fulfill({ contentType: 'text/html', body: CHECKOUT_PAGE }),
    );
    await page.goto(`${shop}/checkout`);
    const account = page.locator('pay-dynamic-account');
    await account
      .getByRole('heading', { level: 2, name: 'Pay by bank transfer' })
      .waitFor({ timeout: 15_000 });
    assert.match(await account.locator('[part="base"]').innerText(), /NGN\s?5,000\.00/);

    const id = await account.evaluate((el) => ('session' in el ? String(el.session) : ''));
    const session = await view(await fetch(`${shop}/pay/sessions/${id}`));
    const shown = (await account.locator('[part="base"]').innerText()).replace(/\s/g, '');
    assert.ok(shown.includes(session.account.account_number), `the account number shown in ${shown}`);
    await control.transfer({ account_number: session.account.account_number, amount: 5000 });
    await sandbox.flushWebhooks();

    await account.getByRole('heading', { level: 2, name: 'Payment received' }).waitFor({ timeout: 15_000 });
    await until('onPaid', 10_000, () =>
      Promise.resolve(backend.lines.some((line) => line.event === 'paid') || undefined),
    );
    assert.deepEqual(
      backend.lines.filter((line) => line.event === 'paid').map((line) => line.id),
      [id],
    );
    assert.deepEqual(errors, []);
    await page.close();
  });
});

describe('the published store conformance suites on SqliteStore, installed, under Node, Bun and Deno', () => {
  // runtimes/store-conformance.test.mjs, a merchant's test file: better-sqlite3 on Node, node:sqlite on Bun and Deno
  const file = 'store-conformance.test.mjs';
  const tests = storeConformance({ connect: () => Promise.resolve([]) }).length;
  const runs = {
    node: {
      command: [process.execPath, '--test', file],
      passed: new RegExp(`^# pass ${tests}\\n# fail 0$`, 'm'),
    },
    bun: {
      command: [bins.bun, 'test', `./${file}`],
      passed: new RegExp(`\\b${tests} pass\\b[\\s\\S]*\\b0 fail\\b`),
    },
    deno: {
      command: [
        bins.deno,
        'test',
        // a JavaScript test file: nothing to type-check (the packages' types name @types/node)
        '--no-check',
        '--allow-read',
        `--allow-write=${tmpdir()}`,
        '--allow-env',
        '--allow-sys',
        file,
      ],
      passed: new RegExp(`ok \\| ${tests} passed \\| 0 failed`),
    },
  };
  for (const [
    runtime,
    {
      command: [command, ...args],
      passed,
    },
  ] of Object.entries(runs)) {
    it(`passes on ${runtime}`, async () => {
      const result = await run(command!, args, {
        cwd: app,
        env: { ...merchantEnv, NO_COLOR: '1', DENO_NO_UPDATE_CHECK: '1' },
        timeout: 120_000,
      }).catch((error: unknown) => ({ stdout: `FAILED ${String(error)}`, stderr: '' }));
      const output = `${result.stdout}${result.stderr}`;
      assert.ok(!output.startsWith('FAILED'), output);
      assert.match(output, passed, output);
    });
  }
});
