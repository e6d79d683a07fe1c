// Keys and card data never leave where they belong. Scanned for the secret key (and anything shaped
// like an `sk_` key) and for card numbers (sixteen digits passing Luhn, and the very numbers the
// emulator's /v1/cards/{id}/reveal answers, however grouped):
// - every built asset: demo/dist after `vite build`, and packages/elements/dist when it is built;
// - an end-to-end run in Chromium (gallery, hosted checkout paid, invoice page, locked-down pages,
//   404s): every response's status line, headers and body, and every line the kit logged;
// - server-example run as a process (`node server-example/src/main.ts`), driven through a paid
//   checkout, a forged webhook and a provider outage: all it wrote to stdout and stderr (scanned for
//   the secret that signs its invoice and funding links too).
// Card numbers are revealed first in each run, so that they are in the emulator's hands (and the
// same process's memory) while everything else happens.
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';
import { PayClient } from '@pay-elements/api';
import { fixtures, SandboxControl } from '@pay-elements/sandbox';
import { findLeaks, luhn, scanAll, type Leak } from '../security/leaks.js';
import {
  buildDemo,
  chromiumArgs,
  chromiumPath,
  createSession,
  SECRET_KEY,
  startHarness,
  type Harness,
} from './harness.js';
import { invoicePath } from './shopper-flows.js';

const root = fileURLToPath(new URL('../..', import.meta.url));

/** Every file below `dir`. */
function files(dir: string): string[] {
  const out: string[] = [];
  for (const name of readdirSync(dir)) {
    const full = join(dir, name);
    if (statSync(full).isDirectory()) out.push(...files(full));
    else out.push(full);
  }
  return out;
}

/** Reveals every fixture card and one issued now; answers the numbers, as a provider would give them. */
async function revealCards(sandboxUrl: string): Promise<string[]> {
  const client = new PayClient({ apiKey: SECRET_KEY, baseUrl: sandboxUrl });
  const control = new SandboxControl(sandboxUrl, SECRET_KEY);
  const issued = await control.issueCard({
    customer_id: fixtures.customers.ada.id,
    currency: 'USD',
    balance: 10,
  });
  const ids = [...Object.values(fixtures.cards).map((c) => c.id), issued.card_id];
  const numbers = [];
  for (const id of ids) numbers.push((await client.cards.reveal(id)).number);
  for (const number of numbers) assert.ok(luhn(number), 'a revealed number is one the scan recognises');
  return numbers;
}

const describeLeaks = (leaks: Leak[]) => leaks.map((l) => `${l.kind} ${l.what} in ${l.where}`).join('\n');

describe('keys and card numbers', () => {
  it('are in no built asset', async () => {
    await buildDemo();
    const dirs = [join(root, 'demo/dist'), join(root, 'packages/elements/dist')].filter((d) => existsSync(d));
    const scanned = dirs.flatMap(files);
    assert.ok(
      scanned.some((f) => /locked-down-[\w-]+\.js$/.test(f)),
      'the scan covers the freshly built demo',
    );
    assert.ok(scanned.length >= 10, `${scanned.length} files scanned`);
    const cards = Object.values(fixtures.cards).map((c) => c.number);
    const leaks = scanAll(
      scanned.map((file) => ({ where: file.slice(root.length), text: readFileSync(file, 'latin1') })),
      { cards },
    );
    assert.deepEqual(leaks, [], describeLeaks(leaks));
  });

  describe('in an end-to-end run', () => {
    let h: Harness;
    let cards: string[];
    before(async () => {
      h = await startHarness();
      cards = await revealCards(h.app.sandbox?.url ?? '');
    });
    after(async () => {
      await h?.close();
    });

    it('are in no response (headers or body) and no log line', async () => {
      const { page, context } = await h.newPage();

      await page.goto(h.url);
      await page.locator('pay-invoice-view').getByRole('heading', { name: 'Invoice INV-000101' }).waitFor();
      await page.locator('pay-bank-picker').getByRole('combobox').click();
      await page.keyboard.type('zen');
      await page.getByRole('option', { name: /Zenith/ }).waitFor();

      const session = await createSession(h.url, 'demo-1');
      await page.goto(`${h.url}/checkout/${session.id}`);
      const heading = page.locator('pay-dynamic-account').getByRole('heading', { level: 2 });
      await heading.filter({ hasText: 'Pay by bank transfer' }).waitFor();
      await h.control.transfer({ account_number: session.account.account_number, amount: 5000 });
      await heading.filter({ hasText: 'Payment received' }).waitFor({ timeout: 10_000 });

      // a provider outage while a checkout polls: the kit logs the failure, with its detail
      const failing = await createSession(h.url, 'demo-3');
      await h.control.injectFault({ path_prefix: '/v1/transactions', status: 500 });
      // waited for from before the page asks (with the status stream open, it may not poll again)
      const asked = page.waitForResponse((r) => r.url().includes(`/pay/sessions/${failing.id}`));
      await page.goto(`${h.url}/locked-down/checkout/${failing.id}`);
      await heading.filter({ hasText: 'Pay by bank transfer' }).waitFor();
      await asked;
      await h.control.clearFaults();

      await page.goto(`${h.url}${invoicePath(h, 'INV-000101')}`);
      await page.locator('pay-invoice-view').getByRole('heading', { name: 'Invoice INV-000101' }).waitFor();
      await page.goto(`${h.url}/locked-down/gallery`);
      await page.locator('pay-link').getByText('Active').waitFor();
      await page.goto(`${h.url}/checkout/ses_nope`);
      await page.goto(`${h.url}/nowhere`);
      await context.close();

      const forged = await fetch(`${h.url}/pay/webhooks`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'pay-signature': `t=1,v1=${'0'.repeat(64)}` },
        body: JSON.stringify({ id: 'evt_forged', type: 'invoice.paid', created_at: '', data: {} }),
      });
      assert.equal(forged.status, 400);

      assert.ok(h.bodies.length > 30, `the run saw ${h.bodies.length} responses`);
      assert.ok(
        h.bodies.some((r) => r.url.includes('/pay/sessions/') && r.body.includes('"status":"paid"')),
        'the recorded answers include the paid session',
      );
      assert.ok(
        h.logs.some((line) => line.includes('webhook refused')),
        'the logs were recorded',
      );
      const leaks = scanAll(
        [
          ...h.bodies.map((r) => ({
            where: r.url,
            text: `${r.status} ${JSON.stringify(r.headers)}\n${r.body}`,
          })),
          ...h.logs.map((line) => ({ where: 'kit log', text: line })),
        ],
        { cards },
      );
      assert.deepEqual(leaks, [], describeLeaks(leaks));
    });
  });

  describe('in the output of server-example run as a process', () => {
    let child: ChildProcess;
    let stdout = '';
    let stderr = '';
    let url = '';
    let sandboxUrl = '';
    const tokenSecret = `token-secret-${randomBytes(24).toString('hex')}`;
    before(async () => {
      await buildDemo();
      const env: NodeJS.ProcessEnv = {
        ...process.env,
        PORT: '0',
        PAY_SANDBOX_PORT: '0',
        PAY_DB: ':memory:',
        HOST: '127.0.0.1',
        PAY_TOKEN_SECRET: tokenSecret,
      };
      for (const name of ['PAY_API_KEY', 'PAY_BASE_URL', 'PUBLIC_URL', 'PAY_DEMO_CUSTOMER_ID'])
        delete env[name];
      child = spawn(process.execPath, ['--import', 'tsx', 'server-example/src/main.ts'], {
        cwd: root,
        env,
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      child.stdout?.on('data', (chunk: Buffer) => (stdout += chunk.toString('utf8')));
      child.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString('utf8')));
      await new Promise<void>((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error(`no banner: ${stdout}${stderr}`)), 30_000);
        const check = () => {
          const app = /demo and widget gallery\s+(http:\/\/\S+)\//.exec(stdout);
          const emulator = /emulator \(provider API\)\s+(http:\/\/\S+)\/v1/.exec(stdout);
          if (app?.[1] && emulator?.[1]) {
            url = app[1];
            sandboxUrl = emulator[1];
            clearTimeout(timer);
            resolve();
          }
        };
        child.stdout?.on('data', check);
        child.once('exit', (code) => reject(new Error(`exited ${code}: ${stderr}`)));
      });
    });
    after(async () => {
      if (child && child.exitCode === null) {
        child.kill('SIGKILL');
        await new Promise((resolve) => child.once('exit', resolve));
      }
    });

    it('prints no key and no card number, whatever happens', async () => {
      const cards = await revealCards(sandboxUrl);
      // a key in the query string, as a careless client would send it
      const byQuery = await fetch(
        `${sandboxUrl}/v1/cards/${fixtures.cards.emilyUsd.id}/reveal?api-key=${SECRET_KEY}`,
      );
      assert.equal(byQuery.status, 200);

      const browser = await chromium.launch({ executablePath: chromiumPath, args: chromiumArgs });
      try {
        const page = await browser.newPage();
        const session = await createSession(url, 'demo-1');
        await page.goto(`${url}/checkout/${session.id}`);
        const heading = page.locator('pay-dynamic-account').getByRole('heading', { level: 2 });
        await heading.filter({ hasText: 'Pay by bank transfer' }).waitFor();
        const sent = await fetch(`${url}/demo-api/sessions/${session.id}/transfer`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: '{}',
        });
        assert.equal(sent.status, 200);
        await heading.filter({ hasText: 'Payment received' }).waitFor({ timeout: 10_000 });
      } finally {
        await browser.close();
      }

      const control = new SandboxControl(sandboxUrl, SECRET_KEY);
      await control.injectFault({ path_prefix: '/v1', status: 500 });
      const down = await fetch(`${url}/pay/sessions`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ order_id: 'demo-3' }),
      });
      assert.ok(down.status >= 500, `creating a session with the provider down answers ${down.status}`);
      await control.clearFaults();
      const forged = await fetch(`${url}/pay/webhooks`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'pay-signature': `t=1,v1=${'0'.repeat(64)}` },
        body: '{}',
      });
      assert.equal(forged.status, 400);

      child.kill('SIGTERM');
      const code = await new Promise((resolve) => child.once('exit', resolve));
      assert.equal(code, 0, `a clean stop; stderr: ${stderr}`);
      assert.match(stdout, /order demo-1 paid/, 'stdout was captured');
      assert.match(stderr, /webhook refused/, 'stderr was captured');
      assert.match(stderr, /payment provider/, 'the outage was logged');
      const leaks = [
        ...findLeaks(stdout, 'server-example stdout', { cards, secrets: [tokenSecret] }),
        ...findLeaks(stderr, 'server-example stderr', { cards, secrets: [tokenSecret] }),
      ];
      assert.deepEqual(leaks, [], describeLeaks(leaks));
    });
  });
});
