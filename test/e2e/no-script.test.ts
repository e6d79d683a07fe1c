// The hosted checkout as a shopper with script off sees it, in Chromium with JavaScript disabled: the
// amount, the account and its expiry as a clock time are in the HTML; "Check again" shows the payment
// once it arrived; an expired account is renewed by the page's form. With script on, the same page
// comes alive where it is: no second request for the session, and no layout shift worth the name
// (CLS under 0.05, measured by the browser's layout-shift entries).
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import type { Page } from 'playwright-core';
import { PayClient } from '@pay-elements/api';
import { axeViolations, SECRET_KEY, startHarness, type Harness } from './harness.js';
import { invoicePath } from './shopper-flows.js';

interface Session {
  id: string;
  expires_at: string;
  account: { account_number: string };
}

/** The order's session (created, or the one it already has). */
async function sessionOf(url: string, orderId: string): Promise<Session> {
  const response = await fetch(`${url}/pay/sessions`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ order_id: orderId }),
  });
  assert.ok(response.ok, `session create answered ${response.status}`);
  return (await response.json()) as Session;
}

const grouped = (number: string) => number.replace(/^(\d{3})(\d{3})(\d{4})$/, '$1 $2 $3');
const fallbackText = async (page: Page) =>
  (await page.locator('.pay-fallback').innerText()).replace(/\s+/g, ' ');

/** Follows "Check again" until the page says `text` (the kit may need a moment to learn it). */
async function checkAgainUntil(page: Page, text: string): Promise<void> {
  for (let attempt = 0; attempt < 30; attempt++) {
    if ((await fallbackText(page)).includes(text)) return;
    await page.getByRole('link', { name: 'Check again' }).click();
    await page.waitForLoadState('domcontentloaded');
    if ((await fallbackText(page)).includes(text)) return;
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  assert.fail(`the page never said "${text}"`);
}

describe('hosted pages with script off, and coming alive with script on', () => {
  let h: Harness;
  before(async () => {
    h = await startHarness();
  });
  after(async () => {
    await h?.close();
  });

  /** axe-core on a page as a browser with no script shows it (axe runs as script: the page's own is refused). */
  async function fallbackViolations(path: string): Promise<string[]> {
    const context = await h.browser.newContext({ locale: 'en-GB' });
    const page = await context.newPage();
    await page.route(/\.js($|\?)/, (route) => route.abort());
    await page.goto(`${h.url}${path}`);
    assert.equal(await page.evaluate(() => customElements.get('pay-dynamic-account')), undefined);
    const violations = await axeViolations(page);
    await context.close();
    return violations;
  }

  it('shows the amount, the account and the expiry with JavaScript disabled, and "Check again" shows it paid', async () => {
    const session = await sessionOf(h.url, 'demo-1');
    const context = await h.browser.newContext({ javaScriptEnabled: false, locale: 'en-GB' });
    const page = await context.newPage();
    const response = await page.goto(`${h.url}/checkout/${session.id}`);
    assert.equal(response?.status(), 200);
    const text = await fallbackText(page);
    assert.match(text, /Transfer exactly NGN\s?5,000\.00 to this account/);
    assert.match(text, /Wema Bank/);
    assert.match(text, /Acme Stores - Ada Okafor/);
    assert.ok(text.includes(grouped(session.account.account_number)), 'the account number, grouped');
    const expiry = new Intl.DateTimeFormat('en', {
      hour: '2-digit',
      minute: '2-digit',
      timeZone: 'UTC',
      timeZoneName: 'short',
    }).format(new Date(session.expires_at));
    assert.ok(text.includes(`Expires at ${expiry}`), `"Expires at ${expiry}" in "${text}"`);
    assert.deepEqual(
      await fallbackViolations(`/checkout/${session.id}`),
      [],
      'no accessibility violations with script off',
    );

    await h.control.transfer({ account_number: session.account.account_number, amount: 5000 });
    await checkAgainUntil(page, 'Payment received');
    assert.match(await fallbackText(page), /Thank you\. Your transfer has arrived\./);
    await page.getByRole('heading', { level: 1, name: 'Your order is paid' }).waitFor();
    await context.close();
  });

  it('renews an expired account by the page form with JavaScript disabled', async () => {
    const session = await sessionOf(h.url, 'demo-2');
    const context = await h.browser.newContext({ javaScriptEnabled: false, locale: 'en-GB' });
    const page = await context.newPage();
    await page.goto(`${h.url}/checkout/${session.id}`);
    await h.control.advanceClock(31);
    await checkAgainUntil(page, 'This account has expired');
    await page.getByRole('button', { name: 'Get a new account' }).click();
    await page.waitForURL(`${h.url}/checkout/${session.id}`);
    const text = await fallbackText(page);
    assert.match(text, /Pay by bank transfer/);
    assert.ok(!text.includes(grouped(session.account.account_number)), 'a new account number');
    await context.close();
  });

  it('comes alive with script on with no second request for the session and a CLS under 0.05', async (t) => {
    const session = await sessionOf(h.url, 'demo-3');
    const { page, context } = await h.newPage();
    await page.addInitScript({
      content: `(() => {
        const shifts = [];
        Object.defineProperty(window, '__layoutShifts', { value: shifts });
        new PerformanceObserver((list) => {
          for (const entry of list.getEntries()) if (!entry.hadRecentInput) shifts.push(entry.value);
        }).observe({ type: 'layout-shift', buffered: true });
      })();`,
    });
    const sessionRequests: string[] = [];
    page.on('request', (request) => {
      if (new URL(request.url()).pathname === `/pay/sessions/${session.id}`)
        sessionRequests.push(request.url());
    });
    await page.goto(`${h.url}/checkout/${session.id}`);
    const account = page.locator('pay-dynamic-account');
    await account.locator('[part="title"]').filter({ hasText: 'Pay by bank transfer' }).waitFor();
    await account.locator('pay-qr').locator('svg, canvas, img').first().waitFor();
    // the countdown ticks: the page is alive
    const first = await account.locator('[part="countdown-text"]').innerText();
    await page.waitForFunction(
      (before) =>
        document.querySelector('pay-dynamic-account')?.shadowRoot?.querySelector('[part="countdown-text"]')
          ?.textContent !== before,
      first,
    );
    await new Promise((resolve) => setTimeout(resolve, 500));
    const cls = await page.evaluate(() =>
      (window as unknown as { __layoutShifts: number[] }).__layoutShifts.reduce((a, b) => a + b, 0),
    );
    t.diagnostic(`cumulative layout shift ${cls.toFixed(4)}`);
    assert.ok(cls < 0.05, `cumulative layout shift ${cls.toFixed(3)}`);
    assert.deepEqual(sessionRequests, [], 'the page carried the session: no request for it');
    await context.close();
  });

  it('shows the invoice, its items, total and account with JavaScript disabled, and "Check again" shows it paid', async () => {
    const client = new PayClient({ apiKey: SECRET_KEY, baseUrl: h.app.sandbox?.url ?? '' });
    const invoice = await client.invoices.create({
      email: 'buyer@example.com',
      note: 'Thanks!',
      items: [{ name: 'Logo design', unit_price: 120000, quantity: 1, currency: 'NGN', total: 120000 }],
      charges: { tax: { amount: '7.5', type: 'percentage', enabled: true } },
      payment_schedule: { type: 'one_time', due_date: new Date(Date.now() + 7 * 86_400_000).toISOString() },
    });
    const number = invoice.invoice_number;
    const view = (await (await fetch(`${h.url}/pay${invoicePath(h, number)}`)).json()) as {
      payment_details: { account_number: string };
    };
    const context = await h.browser.newContext({ javaScriptEnabled: false, locale: 'en-GB' });
    const page = await context.newPage();
    const response = await page.goto(`${h.url}${invoicePath(h, number)}`);
    assert.equal(response?.status(), 200);
    const text = await fallbackText(page);
    assert.ok(text.includes(`Invoice ${number}`), text);
    assert.match(text, /Logo design/);
    assert.match(text, /Tax \(7\.5%\)/);
    assert.match(text, /Total NGN\s?129,000\.00/);
    assert.match(text, /Transfer NGN\s?129,000\.00 to this account/);
    assert.ok(text.includes(grouped(view.payment_details.account_number)), 'the account number, grouped');
    assert.deepEqual(await fallbackViolations(invoicePath(h, number)), [], 'no accessibility violations');

    await h.control.payInvoice(number);
    await checkAgainUntil(page, 'Paid');
    await page.getByRole('heading', { level: 1, name: 'This invoice is paid' }).waitFor();
    assert.doesNotMatch(await fallbackText(page), /Check again/, 'nothing more to wait for');
    await context.close();
  });

  it('shows an open invoice page "paid" within a second of the payment, pushed by the stream', async (t) => {
    const client = new PayClient({ apiKey: SECRET_KEY, baseUrl: h.app.sandbox?.url ?? '' });
    const invoice = await client.invoices.create({
      email: 'buyer@example.com',
      note: '',
      items: [{ name: 'Consulting', unit_price: 5000, quantity: 1, currency: 'NGN', total: 5000 }],
      charges: {},
      payment_schedule: { type: 'one_time', due_date: new Date(Date.now() + 7 * 86_400_000).toISOString() },
    });
    const number = invoice.invoice_number;
    const { page, context } = await h.newPage();
    const requests: string[] = [];
    page.on('request', (request) => requests.push(new URL(request.url()).pathname));
    // listened for before the page loads: the stream may open before the first render is seen
    const streamPath = `/pay${invoicePath(h, number)}/events`;
    const streamOpened = page.waitForResponse((response) => new URL(response.url()).pathname === streamPath);
    await page.goto(`${h.url}${invoicePath(h, number)}`);
    const element = page.locator('pay-invoice-view');
    await element.locator('[part="status-badge"]').filter({ hasText: 'Awaiting payment' }).waitFor();
    await streamOpened;
    assert.ok(
      !requests.includes(`/pay${invoicePath(h, number)}`),
      'the page carried the invoice: no request for it',
    );

    const paidAt = Date.now();
    await h.control.payInvoice(number);
    await element.locator('[part="status-badge"]').filter({ hasText: 'Paid' }).waitFor({ timeout: 5_000 });
    const elapsed = Date.now() - paidAt;
    t.diagnostic(`"paid" on screen ${elapsed} ms after the payment`);
    await page.getByRole('heading', { level: 1, name: 'This invoice is paid' }).waitFor();
    assert.ok(elapsed < 1_000, `"paid" came ${elapsed} ms after the payment`);
    assert.ok(!requests.includes(`/pay${invoicePath(h, number)}`), 'no poll: the stream brought it');
    await context.close();
  });

  it('gives the locked-down checkout the hosted header: the merchant and its logo', async () => {
    const session = await sessionOf(h.url, 'demo-3');
    const { page, context } = await h.newPage();
    await page.goto(`${h.url}/locked-down/checkout/${session.id}`);
    const header = page.locator('header.hosted-header');
    assert.equal((await header.innerText()).trim(), 'Acme Stores');
    assert.equal(await header.locator('img.hosted-logo').getAttribute('src'), `${h.url}/logo.svg`);
    await page.goto(`${h.url}/locked-down/gallery`);
    assert.equal(await page.locator('header.hosted-header').isVisible(), false, 'no header on the gallery');
    await context.close();
  });
});
