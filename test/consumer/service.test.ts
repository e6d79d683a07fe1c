// pay-service as an operator gets it: the packages packed (`npm run pack:all`: the service's hosted
// scripts built too), installed from the tarballs into a folder outside the workspace, and
// `npx --no-install pay-service` run with plain node (no tsx, no source condition) against
// `npx --no-install pay-sandbox` as its provider: a session opened with the key and paid, its hosted
// page, the pages' scripts, the elements' files, and SIGTERM ending it cleanly.
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { installMerchantProject, merchantEnv, packPackages } from '../support/packed.js';

const KEY = 'sk_live_like_operator_key_0123456789abcdef';
const SANDBOX_KEY = 'sk_sandbox_local';
const WEBHOOK_SECRET = 'whsec_cGF5LWVsZW1lbnRzIGxvY2FsIHNhbmRib3ggaG9va3M=';

let dir = '';
let app = '';
const children: ChildProcess[] = [];

async function freePort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const { port } = probe.address() as AddressInfo;
  await new Promise<void>((resolve) => probe.close(() => resolve()));
  return port;
}

/** `npx --no-install <bin>` in the operator's folder; resolves with the process once its output matches `ready`. */
function npx(
  bin: string,
  args: string[],
  env: NodeJS.ProcessEnv,
  ready: RegExp,
): Promise<{ child: ChildProcess; output: () => string }> {
  const child = spawn('npx', ['--no-install', bin, ...args], {
    cwd: app,
    env: { ...merchantEnv, ...env },
    detached: true,
    stdio: 'pipe',
  });
  children.push(child);
  let output = '';
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`${bin} not ready:\n${output}`)), 60_000);
    const read = (chunk: Buffer) => {
      output += String(chunk);
      if (ready.test(output)) {
        clearTimeout(timer);
        resolve({ child, output: () => output });
      }
    };
    child.stdout?.on('data', read);
    child.stderr?.on('data', read);
    child.once('exit', (code) => reject(new Error(`${bin} exited ${code}:\n${output}`)));
  });
}

before(async () => {
  dir = await mkdtemp(join(tmpdir(), 'pay-service-consumer-'));
  app = join(dir, 'operator');
  await mkdir(app);
  const tarballs = await packPackages(join(dir, 'tarballs'));
  await installMerchantProject(app, { tarballs, dependencies: ['better-sqlite3'] });
});

after(async () => {
  for (const child of children) if (child.pid && child.exitCode === null) process.kill(-child.pid, 'SIGKILL');
  if (dir) await rm(dir, { recursive: true, force: true });
});

describe('`npx --no-install pay-service` from the packed tarballs', { timeout: 300_000 }, () => {
  it('runs with plain node against the emulator: a session opened with the key, paid, its hosted page and files', async () => {
    assert.ok(!existsSync(join(app, 'node_modules/tsx')), 'tsx is not installed with the packages');
    const port = await freePort();
    const sandbox = await npx(
      'pay-sandbox',
      ['--port', '0'],
      {
        PAY_SANDBOX_WEBHOOK_URL: `http://127.0.0.1:${port}/pay/webhooks`,
        PAY_SANDBOX_WEBHOOK_SECRET: WEBHOOK_SECRET,
      },
      /listening on http:\/\/\S+[\s\S]*webhooks/,
    );
    const emulator = /listening on (http:\/\/\S+)/.exec(sandbox.output())?.[1] ?? '';
    const service = await npx(
      'pay-service',
      [],
      {
        PORT: String(port),
        PAY_API_KEY: SANDBOX_KEY,
        PAY_BASE_URL: emulator,
        PAY_WEBHOOK_SECRET: WEBHOOK_SECRET,
        PAY_TOKEN_SECRET: 'operator-token-secret-of-at-least-32-chars',
        PAY_DB: join(dir, 'service.sqlite'),
        PAY_SERVICE_KEYS: KEY,
        PAY_LOG_FORMAT: 'json',
      },
      /pay-service is running/,
    );
    const base = `http://127.0.0.1:${port}`;
    const api = (path: string, body?: unknown) =>
      fetch(`${base}${path}`, {
        method: body === undefined ? 'GET' : 'POST',
        headers: { authorization: `Bearer ${KEY}`, 'content-type': 'application/json' },
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      });

    assert.equal((await fetch(`${base}/api/sessions/x`)).status, 401);
    const created = await api('/api/sessions', {
      order_id: 'op-1',
      amount: '5000.00',
      currency: 'NGN',
      customer_id: 'cus_ada_okafor',
      order: { title: 'Tote bag' },
    });
    assert.equal(created.status, 201);
    const session = (await created.json()) as {
      id: string;
      url: string;
      account: { account_number: string };
    };
    const page = await fetch(session.url);
    assert.equal(page.status, 200);
    assert.ok((await page.text()).includes(session.account.account_number), 'the account on the hosted page');
    for (const file of ['/hosted/checkout.js', '/hosted/hosted.css', '/cdn/pay-elements-0.1.0.js']) {
      const answer = await fetch(`${base}${file}`);
      assert.equal(answer.status, 200, file);
    }

    await fetch(`${emulator}/_sandbox/transfers`, {
      method: 'POST',
      headers: { 'x-api-key': SANDBOX_KEY, 'content-type': 'application/json' },
      body: JSON.stringify({ account_number: session.account.account_number, amount: 5000 }),
    });
    let status = '';
    for (let i = 0; i < 100 && status !== 'paid'; i++) {
      status = ((await (await api(`/api/sessions/${session.id}`)).json()) as { status: string }).status;
      if (status !== 'paid') await new Promise((resolve) => setTimeout(resolve, 100));
    }
    assert.equal(status, 'paid');

    // SIGTERM to the process group (npx and the service it runs): the service drains and says so; its
    // pipes closed, not only npx exited ('exit' can come before the last line is read)
    const exited = new Promise<void>((resolve) => service.child.once('close', () => resolve()));
    if (service.child.pid) process.kill(-service.child.pid, 'SIGTERM');
    await exited;
    assert.match(service.output(), /"msg":"stopped cleanly in \d+ ms"/, 'a clean stop');
    for (const line of service.output().trim().split('\n')) {
      assert.doesNotThrow(() => JSON.parse(line) as unknown, `a JSON line: ${line}`);
      assert.ok(!line.includes(KEY) && !line.includes(SANDBOX_KEY), 'no key in a line');
    }
  });
});
