// The emulator's dashboard at /_sandbox/, driven in Chromium as a developer would: enter the key,
// see a single-use account, pay it with the exact amount and see it paid, try a wrong amount, move
// the clock, inject a fault, redeliver a webhook (a real receiver counts the deliveries), reset; axe
// finds nothing and the strict CSP reports no violation.
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { createServer, type IncomingHttpHeaders } from 'node:http';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { after, before, describe, it } from 'node:test';
import { chromium, type Browser, type Page } from 'playwright-core';
import { createClock, fixtures, startSandbox, type Sandbox } from '@pay-elements/sandbox';
import { webhookSecretFor } from '../support/webhook-secret.js';
import { axeViolations, chromiumArgs, chromiumPath, cspViolations, SECRET_KEY } from './harness.js';

const buildScript = fileURLToPath(
  new URL('../../packages/sandbox/scripts/build-dashboard.mjs', import.meta.url),
);
const START = Date.UTC(2025, 0, 15, 10, 0, 0);

describe('sandbox dashboard', () => {
  const received: IncomingHttpHeaders[] = [];
  const receiver = createServer((req, res) => {
    req.resume();
    req.on('end', () => {
      received.push(req.headers);
      res.end();
    });
  });
  let sandbox: Sandbox;
  let browser: Browser;
  let page: Page;

  before(async () => {
    await promisify(execFile)(process.execPath, [buildScript, '--quiet']);
    await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
    const address = receiver.address();
    assert.ok(address && typeof address === 'object');
    sandbox = await startSandbox({
      clock: createClock({ frozen: true, start: START }),
      webhookUrl: `http://127.0.0.1:${address.port}/hooks`,
      webhookSecret: webhookSecretFor('dashboard'),
    });
    browser = await chromium.launch({ executablePath: chromiumPath, args: chromiumArgs });
    const context = await browser.newContext({ locale: 'en-GB', viewport: { width: 1200, height: 1000 } });
    page = await context.newPage();
    await page.addInitScript(() => {
      const seen: string[] = [];
      Object.defineProperty(window, '__cspViolations', { value: seen });
      document.addEventListener('securitypolicyviolation', (e) =>
        seen.push(`${e.violatedDirective} ${e.blockedURI}`),
      );
    });
  });
  after(async () => {
    await browser?.close();
    await sandbox?.close();
    receiver.closeAllConnections();
    receiver.close();
  });

  /** A single-use account made through /v1, as a merchant's backend would. */
  async function openAccount(amount: number): Promise<string> {
    const response = await fetch(`${sandbox.url}/v1/virtual-accounts/dynamic`, {
      method: 'POST',
      headers: { 'x-api-key': SECRET_KEY, 'content-type': 'application/json' },
      body: JSON.stringify({ customer_id: fixtures.customers.ada.id, amount, lifespan_minutes: 60 }),
    });
    const body = (await response.json()) as { data: { account_no: string } };
    return body.data.account_no;
  }

  const row = (accountNumber: string) => page.locator(`tr[data-account="${accountNumber}"]`);
  const status = () => page.getByRole('status');

  it('asks for the key once, keeps it for the tab only, and refuses a wrong one', async () => {
    const response = await page.goto(`${sandbox.url}/_sandbox/`);
    const csp = response?.headers()['content-security-policy'] ?? '';
    assert.match(csp, /script-src 'self'/);
    assert.match(csp, /style-src 'self'/);
    assert.doesNotMatch(csp, /unsafe-inline|unsafe-eval/);
    await page.getByLabel('API key').waitFor();
    assert.deepEqual(await axeViolations(page), [], 'the key form');

    await page.getByLabel('API key').fill('sk_wrong');
    await page.getByRole('button', { name: 'Open the dashboard' }).click();
    await status().filter({ hasText: 'That key was refused: unauthorized access.' }).waitFor();

    await page.getByLabel('API key').fill(SECRET_KEY);
    await page.getByRole('button', { name: 'Open the dashboard' }).click();
    await page.getByRole('table', { name: 'Virtual accounts' }).waitFor();
    assert.equal(await page.evaluate(() => sessionStorage.getItem('pay-sandbox-key')), SECRET_KEY);
    assert.equal(await page.evaluate(() => localStorage.length), 0, 'nothing kept beyond the tab');
    assert.ok(!page.url().includes(SECRET_KEY));

    await page.reload();
    await page.getByRole('table', { name: 'Virtual accounts' }).waitFor();
    assert.equal(await page.getByLabel('API key').count(), 0, 'a reload in the same tab does not ask again');
    const other = await page.context().newPage();
    await other.goto(`${sandbox.url}/_sandbox/`);
    await other.getByLabel('API key').waitFor();
    await other.close();
  });

  it('shows a new single-use account, pays it with the exact amount and shows it paid', async () => {
    const account = await openAccount(5000);
    await page.getByRole('button', { name: 'Refresh' }).click();
    await row(account).filter({ hasText: 'open' }).waitFor();
    assert.match(await row(account).innerText(), /NGN\s5,000\.00/);
    assert.match(await row(account).innerText(), /Ada Okafor/);

    await page.getByRole('button', { name: `Send the exact amount to ${account}` }).click();
    await status()
      .filter({ hasText: `Send exactly NGN 5,000.00 to ${account}: done.` })
      .waitFor();
    await row(account).filter({ hasText: 'paid' }).waitFor();
    await page
      .getByRole('table', { name: 'Transactions (latest 20)' })
      .getByRole('row')
      .filter({ hasText: 'NGN 5,000.00' })
      .first()
      .waitFor();
  });

  it('refuses a wrong amount, in words', async () => {
    const account = await openAccount(1200);
    await page.getByRole('button', { name: 'Refresh' }).click();
    await page.getByLabel('To account').selectOption(account);
    assert.equal(
      await page.getByLabel('Amount', { exact: true }).inputValue(),
      '1200.00',
      'the exact amount is proposed',
    );
    await page.getByLabel('Amount', { exact: true }).fill('1199.99');
    await page.getByRole('button', { name: 'Send transfer' }).click();
    await status()
      .filter({ hasText: 'refused (amount does not match the account: it accepts exactly 1200.00)' })
      .waitFor();
    await row(account).filter({ hasText: 'open' }).waitFor();
  });

  it('redelivers a webhook with the same id', async () => {
    await sandbox.flushWebhooks();
    const before = received.length;
    const delivery = page
      .locator('tr[data-delivery]')
      .filter({ hasText: 'virtual_account.credited' })
      .first();
    await delivery.filter({ hasText: 'delivered' }).waitFor();
    const id = await delivery.getAttribute('data-delivery');
    assert.ok(id);
    await page.getByRole('button', { name: `Redeliver virtual_account.credited ${id}` }).click();
    await status()
      .filter({ hasText: `Redeliver virtual_account.credited ${id}: done.` })
      .waitFor();
    await sandbox.flushWebhooks();
    assert.equal(received.length, before + 1);
    assert.equal(received.at(-1)?.['webhook-id'], id);
    await page.getByRole('button', { name: 'Refresh' }).click();
    await page.locator(`tr[data-delivery="${id}"] td:nth-child(2)`).filter({ hasText: '2' }).waitFor();
  });

  it('moves the clock and injects a fault', async () => {
    const before = sandbox.clock.now();
    await page.getByLabel('Minutes forward').fill('90');
    await page.getByRole('button', { name: 'Move the clock' }).click();
    await status().filter({ hasText: 'Move the clock 90 minutes: done.' }).waitFor();
    assert.equal(sandbox.clock.now() - before, 90 * 60_000);
    assert.match(await page.locator('header').innerText(), /15 Jan 2025, 1[12]:\d\d:\d\d/);

    await page.getByLabel('Path prefix').fill('/v1/wallets');
    await page.getByLabel('Status').fill('503');
    await page.getByRole('button', { name: 'Inject fault' }).click();
    await status().filter({ hasText: 'Answer 503 on /v1/wallets: done.' }).waitFor();
    await page
      .getByRole('list', { name: 'Faults in force' })
      .filter({ hasText: 'any /v1/wallets → 503' })
      .waitFor();
    const wallets = await fetch(`${sandbox.url}/v1/wallets`, { headers: { 'x-api-key': SECRET_KEY } });
    assert.equal(wallets.status, 503);
    await page.getByRole('button', { name: 'Clear faults' }).click();
    await status().filter({ hasText: 'Clear faults: done.' }).waitFor();
    assert.equal(await page.getByRole('list', { name: 'Faults in force' }).count(), 0);
  });

  it("limits the provider's rate (the rate_limit scenario)", async () => {
    await page.getByLabel('Requests a second per key').fill('1');
    await page.getByRole('button', { name: 'Limit the rate' }).click();
    await status().filter({ hasText: 'Limit /v1 to 1 requests a second for 10 minutes: done.' }).waitFor();
    const answers = await Promise.all(
      Array.from({ length: 5 }, () =>
        fetch(`${sandbox.url}/v1/wallets`, { headers: { 'x-api-key': SECRET_KEY } }),
      ),
    );
    const limited = answers.filter((a) => a.status === 429);
    assert.ok(limited.length >= 3, `${limited.length} of 5 answered 429`);
    assert.match(limited[0]?.headers.get('retry-after') ?? '', /^[1-9]\d*$/);
    // the limit ends with its 10 minutes of emulator time
    sandbox.clock.advance(10 * 60_000);
    await page.getByRole('button', { name: 'Refresh' }).click();
    await status().filter({ hasText: 'Refreshed.' }).waitFor();
    const wallets = await fetch(`${sandbox.url}/v1/wallets`, { headers: { 'x-api-key': SECRET_KEY } });
    assert.equal(wallets.status, 200);
  });

  it('has no accessibility violation and no CSP violation with everything shown', async () => {
    assert.deepEqual(await axeViolations(page), []);
    await page.emulateMedia({ colorScheme: 'dark' });
    assert.deepEqual(await axeViolations(page), [], 'dark');
    await page.emulateMedia({ colorScheme: 'light' });
    assert.deepEqual(await cspViolations(page), []);
  });

  it('resets to the seed', async () => {
    const accounts = page.locator('tr[data-account]');
    const withPaid = await accounts.count();
    await page.getByRole('button', { name: 'Reset' }).click();
    await status().filter({ hasText: 'Reset to the seed: done.' }).waitFor();
    await page.getByText('No events yet').waitFor();
    assert.ok((await accounts.count()) < withPaid);
    assert.equal(await accounts.filter({ hasText: 'single-use' }).count(), 0);
    assert.deepEqual(await cspViolations(page), []);
  });
});
