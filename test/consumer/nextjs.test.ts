// The Next.js App Router example (test/frameworks/nextjs) as a merchant builds and runs it: the packed
// packages and Next from npm installed outside the workspace (so the workspace's lockfile holds none
// of Next's tree), `next build`, `next start`, then a real Chromium takes the order to paid. The page
// is rendered on the server with the elements imported, hydrates, and the kit answers in
// app/pay/[...path]/route.ts: the session, a poll with 304, the status stream, the emulator's signed
// webhook, onPaid once. The emulator runs in this process.
import { after, before, describe, it, type TestContext } from 'node:test';
import assert from 'node:assert/strict';
import { spawn, type ChildProcess } from 'node:child_process';
import { cp, mkdir, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type Browser, type Page } from 'playwright-core';
import * as z from 'zod';
import { SessionView } from '@pay-elements/protocol';
import { DEFAULT_API_KEY, SandboxControl, startSandbox, type Sandbox } from '@pay-elements/sandbox';
import { chromiumArgs, chromiumPath } from '../e2e/harness.js';
import { freePort, until } from '../support/processes.js';
import { installMerchantProject, merchantEnv, packPackages, root, run } from '../support/packed.js';
import { webhookSecretFor } from '../support/webhook-secret.js';

/** Next 16 (React 19), from npm: not a dependency of the workspace. */
const NEXT_VERSION = '16.4.6';
const WEBHOOK_SECRET = webhookSecretFor('nextjs');

const Line = z.discriminatedUnion('event', [
  z.object({ event: z.literal('order'), id: z.string(), client: z.string() }),
  z.object({ event: z.literal('paid'), id: z.string() }),
]);
type Line = z.infer<typeof Line>;

let dir = '';
let app = '';
let sandbox: Sandbox | null = null;
let control: SandboxControl;
let next: ChildProcess | null = null;
let output = '';
let shop = '';
let browser: Browser | null = null;
let buildMs = 0;

/** The JSON lines `next start` printed (the example's resolveOrder and onPaid). */
function lines(): Line[] {
  return output
    .split('\n')
    .filter((text) => /^\{.*\}$/.test(text))
    .flatMap((text) => {
      const line = Line.safeParse(JSON.parse(text));
      return line.success ? [line.data] : [];
    });
}

before(async () => {
  dir = await mkdtemp(join(tmpdir(), 'pay-nextjs-'));
  app = join(dir, 'app');
  const tarballs = await packPackages(join(dir, 'tarballs'));
  // the shop is a Next app: no emulator in it, and no service (which carries the emulator for its demo)
  tarballs.delete('@pay-elements/sandbox');
  tarballs.delete('@pay-elements/service');
  await mkdir(app);
  await cp(join(root, 'test/frameworks/nextjs'), app, { recursive: true });
  await installMerchantProject(app, {
    tarballs,
    dependencies: ['react', 'react-dom', '@lit/react'],
    devDependencies: ['typescript', '@types/node', '@types/react', '@types/react-dom'],
    versions: { next: NEXT_VERSION },
  });
  const nextBin = join(app, 'node_modules/next/dist/bin/next');
  const env = { ...merchantEnv, NEXT_TELEMETRY_DISABLED: '1' };
  const started = Date.now();
  await run(process.execPath, [nextBin, 'build'], { cwd: app, env, timeout: 300_000 });
  buildMs = Date.now() - started;

  const port = await freePort();
  shop = `http://127.0.0.1:${port}`;
  sandbox = await startSandbox({
    port: 0,
    webhookUrl: `${shop}/pay/webhooks`,
    webhookSecret: WEBHOOK_SECRET,
  });
  control = new SandboxControl(sandbox.url, DEFAULT_API_KEY);
  const customer = await control.createCustomer({
    email: 'ada@example.com',
    first_name: 'Ada',
    last_name: 'Obi',
    country_code: 'NGA',
  });
  const child = spawn(process.execPath, [nextBin, 'start', '-p', String(port), '-H', '127.0.0.1'], {
    cwd: app,
    env: {
      ...env,
      PAY_API_KEY: DEFAULT_API_KEY,
      PAY_BASE_URL: sandbox.url,
      PAY_WEBHOOK_SECRET: WEBHOOK_SECRET,
      CUSTOMER_ID: customer.id,
    },
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  next = child;
  child.stdout?.on('data', (chunk: Buffer) => (output += String(chunk)));
  child.stderr?.on('data', (chunk: Buffer) => (output += String(chunk)));
  await until('next start', 30_000, () => {
    if (child.exitCode !== null) throw new Error(`next start exited (${child.exitCode}):\n${output}`);
    return Promise.resolve(/Ready in/.test(output) ? true : undefined);
  });
  browser = await chromium.launch({ executablePath: chromiumPath, args: chromiumArgs });
});

after(async () => {
  await browser?.close();
  if (next?.pid && next.exitCode === null) process.kill(-next.pid, 'SIGKILL');
  await sandbox?.close();
  if (dir) await rm(dir, { recursive: true, force: true });
});

describe('the Next.js App Router example, built and started', () => {
  let page: Page;
  const errors: string[] = [];
  /** the status streams the page opened */
  const streams: string[] = [];
  let session: SessionView;

  it('builds', (t: TestContext) => {
    t.diagnostic(`next build: ${buildMs} ms`);
    assert.ok(buildMs > 0);
  });

  it('renders the page on the server, the checkout in it (the elements imported, no window there)', async () => {
    const response = await fetch(`${shop}/`);
    assert.equal(response.status, 200);
    const html = await response.text();
    assert.match(html, /<h1>Order order-1<\/h1>/);
    assert.match(html, /<p role="status">Opening your checkout…<\/p>/);
  });

  it('hydrates in Chromium: the checkout opens the order’s session and shows its account', async () => {
    assert.ok(browser);
    page = await browser.newPage();
    page.on('pageerror', (error) => errors.push(error.message));
    page.on('request', (request) => {
      if (new URL(request.url()).pathname.endsWith('/events')) streams.push(request.url());
    });
    page.on('console', (message) => {
      if (message.type() === 'error') errors.push(message.text());
    });
    await page.goto(`${shop}/`);
    await page.getByText('Transfer the amount to this account.').waitFor({ timeout: 15_000 });
    const id = await page.evaluate(() => {
      const element = document.querySelector('pay-dynamic-account');
      return customElements.get('pay-dynamic-account') && element ? element.session : null;
    });
    assert.ok(id, 'the element is defined and has the session');
    session = SessionView.parse(await (await fetch(`${shop}/pay/sessions/${id}`)).json());
    assert.equal(session.status, 'pending');
    // shown in groups of digits
    await page.waitForFunction(
      (digits) =>
        document
          .querySelector('pay-dynamic-account')
          ?.shadowRoot?.textContent?.replace(/\s/g, '')
          .includes(digits),
      session.account.account_number,
      { timeout: 10_000 },
    );
    const order = lines().find((line) => line.event === 'order');
    assert.ok(order?.event === 'order');
    assert.match(order.client, /^(::ffff:)?127\.0\.0\.1$/);
  });

  it('answers a poll through the route handler with an ETag, then 304', async () => {
    const first = await fetch(`${shop}/pay/sessions/${session.id}`);
    const etag = first.headers.get('etag');
    assert.ok(etag);
    const again = await fetch(`${shop}/pay/sessions/${session.id}`, { headers: { 'if-none-match': etag } });
    assert.equal(again.status, 304);
  });

  it('takes the order to paid on the page (webhook in, status pushed), onPaid once', async () => {
    assert.ok(sandbox);
    await control.transfer({ account_number: session.account.account_number, amount: 5000 });
    await sandbox.flushWebhooks();
    await page.getByText(/^Paid at \d{4}-.*Thank you!$/).waitFor({ timeout: 15_000 });
    assert.deepEqual(streams, [`${shop}/pay/sessions/${session.id}/events`]);
    const deliveries = (await control.webhooks()).filter((d) => d.url === `${shop}/pay/webhooks`);
    assert.ok(deliveries.length > 0);
    assert.ok(
      deliveries.every((d) => d.delivered && d.last_status === 200),
      JSON.stringify(deliveries),
    );
    await until('onPaid', 10_000, () =>
      Promise.resolve(lines().some((line) => line.event === 'paid') ? true : undefined),
    );
    assert.deepEqual(
      lines()
        .filter((line) => line.event === 'paid')
        .map((line) => line.id),
      [session.id],
    );
    assert.deepEqual(errors, []);
  });
});
