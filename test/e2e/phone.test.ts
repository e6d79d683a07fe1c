// The demo as visitors meet it: its pages visited in several orders and across a restart of
// server-example, never stranding anyone (no "Could not start a checkout", no endless "Loading…");
// "Reset the demo" makes every order payable again; and on a 320 px phone the hosted checkout, the
// hosted invoice, the gallery and the reference page scroll only up and down, the checkout naming the
// merchant and the order under one main heading that follows the state. PNGs of each phone page go to
// test-results/screenshots/ (git-ignored) for people to look at.
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium, type Browser, type Page } from 'playwright-core';
import { SandboxControl } from '@pay-elements/sandbox';
import { startApp, type App } from 'server-example/app';
import { readConfig } from 'server-example/config';
import { axeViolations, buildDemo, chromiumArgs, chromiumPath, SECRET_KEY } from './harness.js';
import { invoicePath } from './shopper-flows.js';

const screenshots = fileURLToPath(new URL('../../test-results/screenshots', import.meta.url));
const quiet = { debug() {}, info() {}, warn() {}, error() {} };

/** What a stranded visitor would read. */
const stranded = /Could not start a checkout|We could not load this payment/;

describe('the demo in any order of visits, across a restart, and on a phone', () => {
  let dir: string;
  let app: App;
  let port = 0;
  let browser: Browser;

  /** server-example as `npm start` runs it: the in-process emulator and a SQLite file of sessions. */
  async function start(): Promise<void> {
    const config = readConfig({
      PORT: String(port),
      PAY_SANDBOX_PORT: '0',
      PAY_DB: join(dir, 'pay.sqlite'),
    });
    app = await startApp(config, { logger: quiet });
    port = Number(new URL(app.url).port);
  }

  before(async () => {
    await buildDemo();
    dir = mkdtempSync(join(tmpdir(), 'pay-phone-'));
    mkdirSync(screenshots, { recursive: true });
    await start();
    browser = await chromium.launch({ executablePath: chromiumPath, args: chromiumArgs });
  });
  after(async () => {
    await browser?.close();
    await app?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  async function open(path: string, width = 900): Promise<{ page: Page; close: () => Promise<void> }> {
    const context = await browser.newContext({ viewport: { width, height: 900 }, locale: 'en-GB' });
    const page = await context.newPage();
    await page.goto(`${app.url}${path}`);
    return { page, close: () => context.close() };
  }

  /** Waits until every element has answered (no "Loading…" left) and checks nothing stranded the visitor. */
  async function settled(page: Page, what: string): Promise<void> {
    await page.waitForFunction(
      () => {
        // textContent as well: a shadow root's text, whatever innerText includes
        const texts = [document.body.innerText];
        for (const el of document.querySelectorAll('pay-dynamic-account, pay-invoice-view, pay-link'))
          texts.push(el.shadowRoot?.textContent ?? '');
        return !texts.some((t) => t.includes('Loading') || t.includes('Starting a checkout'));
      },
      undefined,
      { timeout: 10_000 },
    );
    // the page's text, shadow roots included (Chromium's innerText), less the gallery's error example
    // (an unknown session, on purpose)
    const text = await page.evaluate(() => {
      document.querySelector('pay-dynamic-account[session="no-such-session"]')?.closest('figure')?.remove();
      return document.body.innerText;
    });
    assert.doesNotMatch(text, stranded, `${what} stranded its visitor`);
  }

  /**
   * One visit of a demo page: open it, do what a visitor does there (`act`), wait for its checkout
   * (the `checkout` element) to show a state, and check that nothing stranded the visitor.
   */
  function visit(path: string, name: string, checkout: string, act?: (page: Page) => Promise<void>) {
    return async (): Promise<void> => {
      const { page, close } = await open(path);
      await act?.(page);
      await page.locator(checkout).first().getByRole('heading', { level: 2 }).waitFor();
      await settled(page, name);
      await close();
    };
  }
  const startCheckout = (page: Page) => page.getByRole('button', { name: 'Start a checkout' }).click();

  /** Each demo page as a visitor uses it. */
  const visits: Record<string, () => Promise<void>> = {
    gallery: visit('/', 'the gallery', '#live pay-dynamic-account', async (page) => {
      await page
        .locator('#state-paid pay-dynamic-account')
        .getByRole('heading', { name: 'Payment received' })
        .waitFor();
      await page.locator('#order').selectOption('demo-2');
      await page.getByRole('button', { name: 'Start checkout' }).click();
    }),
    react: visit('/react.html', 'the React page', 'pay-dynamic-account', startCheckout),
    vue: visit('/vue.html', 'the Vue page', 'pay-dynamic-account', startCheckout),
    languages: visit('/languages.html', 'the languages page', 'pay-dynamic-account'),
    themes: visit('/themes.html', 'the themes page', 'pay-dynamic-account'),
  };

  /** Pays the shop's three orders through the kit and the emulator, as shoppers would. */
  async function payEveryOrder(): Promise<void> {
    const control = new SandboxControl(app.sandbox?.url ?? '', SECRET_KEY);
    for (const order of ['demo-1', 'demo-2', 'demo-3']) {
      const response = await fetch(`${app.url}/pay/sessions`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ order_id: order }),
      });
      const view = (await response.json()) as {
        status: string;
        amount: string;
        account: { account_number: string };
      };
      if (view.status === 'pending')
        await control.transfer({ account_number: view.account.account_number, amount: Number(view.amount) });
    }
    await app.sandbox?.flushWebhooks();
  }

  /**
   * The order's session as POST /pay/sessions answers it, on a connection of its own: right after a
   * restart, fetch's pool may still hold a keep-alive connection whose FIN from the old server it has
   * not read yet, and sends the request into it (a browser retries such a request; fetch does not).
   */
  function orderStatus(order: string): Promise<{ code: number; status: string }> {
    return new Promise((resolve, reject) => {
      const body = JSON.stringify({ order_id: order });
      const asked = request(
        `${app.url}/pay/sessions`,
        { method: 'POST', agent: false, headers: { 'content-type': 'application/json' } },
        (response) => {
          let text = '';
          response.setEncoding('utf8');
          response.on('data', (chunk: string) => (text += chunk));
          response.on('error', reject);
          response.on('end', () => {
            try {
              const view = JSON.parse(text) as { status: string };
              resolve({ code: response.statusCode ?? 0, status: view.status });
            } catch (error) {
              reject(error instanceof Error ? error : new Error(String(error)));
            }
          });
        },
      );
      asked.on('error', reject);
      asked.end(body);
    });
  }

  it('never strands a visitor, whatever the order of the pages', { timeout: 120_000 }, async () => {
    const orders = [
      ['gallery', 'react', 'languages', 'vue', 'themes'],
      ['languages', 'themes', 'gallery', 'react', 'vue'],
      ['react', 'vue', 'gallery', 'gallery', 'languages'],
    ];
    for (const order of orders) for (const name of order) await visits[name]?.();
    // the pages' own examples left the shop's orders alone: demo-1 was never opened by them
    assert.deepEqual(await orderStatus('demo-1'), { code: 201, status: 'pending' });
  });

  it(
    'pays, restarts with its state kept on both sides, and still never strands a visitor',
    { timeout: 120_000 },
    async () => {
      await payEveryOrder();
      assert.equal((await orderStatus('demo-3')).status, 'paid');
      await app.close();
      await start(); // the same port, the same SQLite file and the emulator's state file beside it
      // the kit and the emulator kept their state together: the paid order is still paid
      assert.deepEqual(await orderStatus('demo-3'), { code: 200, status: 'paid' });
      for (const name of ['react', 'gallery', 'languages', 'vue']) await visits[name]?.();
    },
  );

  it('"Reset the demo" makes every order payable again', { timeout: 60_000 }, async () => {
    await payEveryOrder();
    assert.equal((await orderStatus('demo-1')).status, 'paid');
    const { page, close } = await open('/');
    const reset = page.getByRole('button', { name: 'Reset the demo' });
    await reset.waitFor();
    await Promise.all([page.waitForEvent('load'), reset.click()]);
    await settled(page, 'the gallery after a reset');
    await close();
    for (const order of ['demo-1', 'demo-2', 'demo-3'])
      assert.equal((await orderStatus(order)).status, 'pending', `${order} after the reset`);
    await visits['react']?.();
  });

  /** Sideways scroll of the page: how far its content reaches past the viewport. */
  const sideways = (page: Page) =>
    page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);

  it(
    'shows the hosted checkout on a 320 px phone: who, what, one heading per state, no sideways scroll',
    { timeout: 60_000 },
    async () => {
      const created = await fetch(`${app.url}/pay/sessions`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ order_id: 'demo-2' }),
      });
      const view = (await created.json()) as {
        id: string;
        amount: string;
        account: { account_number: string };
      };
      const { page, close } = await open(`/checkout/${view.id}`, 320);
      const account = page.locator('pay-dynamic-account');
      await account.getByRole('heading', { level: 2, name: 'Pay by bank transfer' }).waitFor();
      assert.equal(await sideways(page), 0, 'no sideways scroll at 320 px');
      assert.deepEqual(await page.locator('h1').allInnerTexts(), ['Pay Acme Stores']);
      await page.getByText('Acme Stores', { exact: true }).waitFor();
      await page.getByText('Handwoven Aso-oke throw').waitFor();
      await page.getByText('· Order #1002').waitFor();
      assert.equal(
        await page.getByRole('link', { name: 'Back to Acme Stores' }).getAttribute('href'),
        `${app.url}/`,
      );
      assert.equal(
        await page.locator('img.hosted-logo').evaluate((img) => (img as HTMLImageElement).naturalWidth > 0),
        true,
      );
      const text = await page.locator('body').innerText();
      assert.equal(
        text.match(/Pay by bank transfer/g)?.length ?? 0,
        0,
        'the page does not repeat the element’s title',
      );
      assert.deepEqual(await axeViolations(page), []);
      await page.screenshot({
        path: join(screenshots, 'e2e-hosted-checkout-320-pending.png'),
        fullPage: true,
      });

      const control = new SandboxControl(app.sandbox?.url ?? '', SECRET_KEY);
      await control.transfer({ account_number: view.account.account_number, amount: Number(view.amount) });
      await app.sandbox?.flushWebhooks();
      await account.getByRole('heading', { level: 2, name: 'Payment received' }).waitFor({ timeout: 15_000 });
      assert.deepEqual(await page.locator('h1').allInnerTexts(), ['Your order is paid']);
      assert.equal(
        await page.getByText('Send the exact amount below').isVisible(),
        false,
        'no instruction to send money once paid',
      );
      // the element thanks the shopper; the page does not say it again
      assert.ok(((await page.locator('body').innerText()).match(/Thank you/g)?.length ?? 0) <= 1);
      assert.equal(await sideways(page), 0);
      assert.deepEqual(await axeViolations(page), []);
      await page.screenshot({ path: join(screenshots, 'e2e-hosted-checkout-320-paid.png'), fullPage: true });
      await close();
    },
  );

  it(
    'fits the hosted invoice, the gallery and the reference page on a 320 px phone',
    { timeout: 60_000 },
    async () => {
      for (const [path, name, ready] of [
        [invoicePath({ app }, 'INV-000101'), 'hosted-invoice', 'pay-invoice-view'],
        ['/', 'gallery', 'pay-invoice-view'],
        ['/reference.html', 'reference', 'h1'],
      ] as const) {
        const { page, close } = await open(path, 320);
        await page.locator(ready).first().waitFor();
        if (ready !== 'h1')
          await page.locator(ready).getByRole('heading', { name: 'Invoice INV-000101' }).first().waitFor();
        assert.equal(await sideways(page), 0, `${path}: no sideways scroll at 320 px`);
        if (name === 'hosted-invoice') {
          assert.deepEqual(await page.locator('h1').allInnerTexts(), ['Pay Acme Stores']);
          assert.deepEqual(await axeViolations(page), []);
        }
        await page.screenshot({ path: join(screenshots, `e2e-${name}-320.png`), fullPage: true });
        await close();
      }
    },
  );
});
