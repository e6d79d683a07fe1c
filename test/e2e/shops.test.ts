// The reference shops of examples/, end to end in Chromium: a shop in Python's standard library and one
// in plain PHP (`php -S`), each with only HTTP and an HMAC, take a payment through pay-service (a
// process, the emulator its provider). The service refuses a call without its key (401); the shop's
// server opens the order's session (the same one when asked again); its page shows the account in
// <pay-dynamic-account> from the service, as the hosted checkout it links to does; the transfer turns
// the page to paid; the shop's endpoint fails the first notification (500) and gets it again with the
// same webhook-id, verifies it and marks its order paid once, and once still when it is sent again; a
// forged notification is refused.
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type Browser } from 'playwright-core';
import { fixtures } from '@pay-elements/sandbox';
import { chromiumArgs, chromiumPath } from './harness.js';
import {
  eventually,
  failingProxy,
  launchProgram,
  NOTIFY_SECRET,
  SERVICE_KEY,
  startStack,
  type FailingProxy,
  type Program,
  type Stack,
} from './service-harness.js';
import { baseEnv, freePort, root } from '../support/processes.js';

interface Order {
  id: string;
  status: string;
  fulfilled: number;
  session: string;
  checkout_url: string;
}

const shops = [
  {
    language: 'Python',
    start: (env: NodeJS.ProcessEnv) =>
      launchProgram('python3', [join(root, 'examples/python-shop/shop.py')], env, /shop on http/),
  },
  {
    language: 'PHP',
    start: (env: NodeJS.ProcessEnv, port: number) =>
      launchProgram(
        'php',
        ['-S', `127.0.0.1:${port}`, 'index.php'],
        env,
        /Development Server .* started/,
        join(root, 'examples/php-shop'),
      ),
  },
];

for (const shopKind of shops) {
  describe(
    `the ${shopKind.language} shop of examples/, paid through pay-service`,
    { timeout: 180_000 },
    () => {
      let stack: Stack;
      let proxy: FailingProxy;
      let shop: Program;
      let shopUrl = '';
      let browser: Browser;
      let folder = '';

      before(async () => {
        const shopPort = await freePort();
        shopUrl = `http://127.0.0.1:${shopPort}`;
        proxy = await failingProxy(() => `${shopUrl}/hooks/pay`);
        stack = await startStack({
          PAY_NOTIFY_URL: proxy.url,
          PAY_NOTIFY_SECRET: NOTIFY_SECRET,
          PAY_NOTIFY_RETRY_MS: '500,1000',
          PAY_ALLOWED_ORIGINS: shopUrl,
        });
        folder = mkdtempSync(join(tmpdir(), 'pay-shop-'));
        shop = await shopKind.start(
          {
            ...baseEnv(),
            PAY_SERVICE_URL: stack.url,
            PAY_SERVICE_KEY: SERVICE_KEY,
            PAY_NOTIFY_SECRET: NOTIFY_SECRET,
            SHOP_CUSTOMER_ID: fixtures.customers.ada.id,
            SHOP_PORT: String(shopPort),
            SHOP_DATA: join(folder, 'orders.json'),
          },
          shopPort,
        );
        browser = await chromium.launch({ executablePath: chromiumPath, args: chromiumArgs });
      });
      after(async () => {
        await browser?.close();
        await shop?.kill();
        await stack?.close();
        await proxy?.close();
        if (folder) rmSync(folder, { recursive: true, force: true });
      });

      it('takes a payment: 401 without the key, one session per order, the account on its page and the hosted one, paid once after a 500', async () => {
        const unauthorised = await stack.api('/api/sessions', {
          body: { order_id: 'x', amount: '1.00', currency: 'NGN', customer_id: 'c' },
          key: null,
        });
        assert.equal(unauthorised.status, 401);

        const context = await browser.newContext({ locale: 'en-GB' });
        const page = await context.newPage();
        const errors: string[] = [];
        page.on('pageerror', (error) => errors.push(error.message));
        await page.goto(`${shopUrl}/`);
        await page.getByRole('button', { name: 'Buy' }).click();
        await page.waitForURL(/\/orders\/[\w-]+$/);
        const orderId = new URL(page.url()).pathname.split('/').at(-1) ?? '';
        const order = (await (await fetch(`${shopUrl}/orders/${orderId}.json`)).json()) as Order;

        // the order's one session: asked again by the merchant's server, the same one
        const again = await stack.api('/api/sessions', {
          body: {
            order_id: orderId,
            amount: '5000.00',
            currency: 'NGN',
            customer_id: fixtures.customers.ada.id,
          },
        });
        assert.equal(again.status, 200);
        const session = (await again.json()) as { id: string; account: { account_number: string } };
        assert.equal(session.id, order.session);
        const grouped = session.account.account_number.replace(/^(\d{3})(\d{3})(\d{4})$/, '$1 $2 $3');

        // the element from the service, on the shop's own page (another origin: CORS)
        const element = page.locator('pay-dynamic-account');
        await element
          .getByRole('heading', { level: 2, name: 'Pay by bank transfer' })
          .waitFor({ timeout: 15_000 });
        assert.ok(
          (await element.locator('[part="base"]').innerText()).includes(grouped),
          'the account on the page',
        );

        // the hosted checkout it links to shows the same account, with no script at all
        const hostedLink = page.getByRole('link', { name: 'Pay on the hosted checkout page instead' });
        assert.equal(await hostedLink.getAttribute('href'), `${stack.url}/checkout/${session.id}`);
        const hosted = await browser.newContext({ javaScriptEnabled: false });
        const hostedPage = await hosted.newPage();
        await hostedPage.goto(`${stack.url}/checkout/${session.id}`);
        assert.ok(
          (await hostedPage.locator('body').innerText()).includes(grouped),
          'the account on the hosted page',
        );
        await hosted.close();

        // the shopper pays; the shop's endpoint fails the first notification
        proxy.failNext.push(500);
        await stack.control.transfer({ account_number: session.account.account_number, amount: 5000 });
        await element
          .getByRole('heading', { level: 2, name: 'Payment received' })
          .waitFor({ timeout: 15_000 });
        const paid = await eventually('the shop to mark its order paid', 15_000, async () => {
          const now = (await (await fetch(`${shopUrl}/orders/${orderId}.json`)).json()) as Order;
          return now.status === 'paid' ? now : undefined;
        });
        assert.equal(paid.fulfilled, 1);
        const notification = `session.paid.${session.id}`;
        assert.deepEqual(
          proxy.seen.filter((s) => s.id === notification).map((s) => s.status),
          [500, 200],
          'a 500, then the same webhook-id again, verified and taken',
        );

        // sent again: the shop takes it and changes nothing
        assert.equal(
          (await stack.api(`/api/notifications/${notification}/resend`, { method: 'POST' })).status,
          202,
        );
        await eventually('the notification sent again', 10_000, () =>
          Promise.resolve(proxy.seen.filter((s) => s.id === notification).length === 3 ? true : undefined),
        );
        const after = (await (await fetch(`${shopUrl}/orders/${orderId}.json`)).json()) as Order;
        assert.deepEqual([after.status, after.fulfilled], ['paid', 1], 'paid once');
        await page.reload();
        await page.getByRole('heading', { level: 1, name: `Thank you: order ${orderId} is paid` }).waitFor();
        assert.deepEqual(errors, []);
        await context.close();
      });

      it('refuses a notification whose signature does not hold', async () => {
        const body = JSON.stringify({
          type: 'session.paid',
          timestamp: new Date().toISOString(),
          data: { order_id: 'x' },
        });
        const answer = await fetch(`${shopUrl}/hooks/pay`, {
          method: 'POST',
          headers: {
            'content-type': 'application/json',
            'webhook-id': 'forged',
            'webhook-timestamp': String(Math.floor(Date.now() / 1000)),
            'webhook-signature': `v1,${Buffer.alloc(32).toString('base64')}`,
          },
          body,
        });
        assert.equal(answer.status, 400);
      });
    },
  );
}
