// The plain script-tag page (demo/public/script-tag.html), end to end in Chromium through
// server-example: it runs from the elements' built CDN files alone (served under /cdn/ with their SRI
// hashes), starts a checkout that turns to paid when the transfer arrives, lists the events and shows a
// link given as a property; loading the bundle a second time, in either form, breaks nothing. axe-core
// finds nothing and the page's CSP is never violated.
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import type { Page } from 'playwright-core';
import * as z from 'zod';
import { axeViolations, createSession, cspViolations, startHarness, type Harness } from './harness.js';

const cdnDir = new URL('../../packages/elements/dist/cdn/', import.meta.url);
const CdnManifest = z.record(z.string(), z.object({ integrity: z.string() }));
const manifest = () => CdnManifest.parse(JSON.parse(readFileSync(new URL('manifest.json', cdnDir), 'utf8')));
const iife = 'pay-elements-0.1.0.iife.js';
const esm = 'pay-elements-0.1.0.js';

const account = (page: Page) => page.locator('pay-dynamic-account');
const accountHeading = (page: Page, name: string) =>
  account(page).getByRole('heading', { level: 2, name }).waitFor({ timeout: 10_000 });

/** The shop's orders' amounts (server-example/src/orders.ts), in naira. */
const amountOf = (order: string) => ({ 'demo-1': 5000, 'demo-2': 18500.5, 'demo-3': 125000 })[order] ?? 0;

/** The order's session as the kit answers it (201 new, 200 the existing one). */
let postSession: (order: string) => Promise<Response> = () => Promise.reject(new Error('no harness'));

/** The page's errors (uncaught exceptions and console errors), collected from now on. */
function errorsOf(page: Page): string[] {
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  return errors;
}

describe('script-tag page, end to end', () => {
  let h: Harness;
  before(async () => {
    h = await startHarness();
    postSession = (order) =>
      fetch(`${h.url}/pay/sessions`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ order_id: order }),
      });
  });
  after(async () => {
    await h?.close();
  });

  it('lists the CDN files at /cdn/, each with its SRI hash', async () => {
    const response = await fetch(`${h.url}/cdn/`);
    assert.equal(response.status, 200);
    const index = await response.text();
    for (const [name, { integrity }] of Object.entries(manifest()))
      assert.ok(index.includes(`/cdn/${name}`) && index.includes(integrity), `${name} in\n${index}`);
  });

  it("opens a checkout of each page's own: script-tag, React and Vue still pending once the gallery's orders are paid", async () => {
    // the gallery's checkout offers the shop's orders: pay each, as a visitor there would
    for (const order of ['demo-1', 'demo-2', 'demo-3']) {
      const session = await createSession(h.url, order);
      await h.control.transfer({ account_number: session.account.account_number, amount: amountOf(order) });
    }
    for (const order of ['demo-1', 'demo-2', 'demo-3']) {
      const view = z.object({ status: z.string() }).parse(await (await postSession(order)).json());
      assert.equal(view.status, 'paid', `${order} paid in the gallery`);
    }
    for (const path of ['/script-tag.html', '/react.html', '/vue.html']) {
      const { page, context } = await h.newPage();
      await page.goto(`${h.url}${path}`);
      await page.getByRole('button', { name: 'Start a checkout' }).click();
      await account(page).getByRole('heading', { level: 2 }).waitFor({ timeout: 10_000 });
      assert.deepEqual(
        await account(page).getByRole('heading', { level: 2 }).allInnerTexts(),
        ['Pay by bank transfer'],
        `${path}: its own checkout, not one the gallery paid`,
      );
      await context.close();
    }
  });

  it('passes axe, runs from the CDN files alone, and takes a checkout from pending to paid', async () => {
    const { page, context } = await h.newPage();
    const errors = errorsOf(page);
    const scripts: string[] = [];
    page.on('request', (request) => {
      if (request.resourceType() === 'script') scripts.push(new URL(request.url()).pathname);
    });
    await page.goto(`${h.url}/script-tag.html`);
    await page.locator('pay-link').getByText('Script-tag T-shirt').waitFor();
    assert.deepEqual(await axeViolations(page), []);

    // the classic bundle with the manifest's SRI hash, the QR chunk it loads next to itself (for the
    // link's QR code), and the page's own script: nothing else
    assert.equal(
      await page.locator(`script[src="/cdn/${iife}"]`).getAttribute('integrity'),
      manifest()[iife]?.integrity,
    );
    const qrChunk = Object.keys(manifest()).find((name) => name.startsWith('qr-'));
    assert.deepEqual(scripts.sort(), [`/cdn/${iife}`, `/cdn/${qrChunk}`, '/script-tag-demo.js']);
    assert.equal(await page.evaluate(() => typeof Reflect.get(window, 'PayElements')), 'object');

    await page.getByRole('button', { name: 'Start a checkout' }).click();
    await accountHeading(page, 'Pay by bank transfer');
    assert.match(await account(page).locator('[part="base"]').innerText(), /NGN\s?5,000\.00/);
    await account(page).locator('pay-qr svg').waitFor(); // show-qr
    await page.locator('#event-log').getByText('pay-status-change: none → pending').waitFor();
    assert.deepEqual(await axeViolations(page), [], 'no violations while pending');

    const id = await account(page).evaluate((el) => ('session' in el ? String(el.session) : ''));
    const session = z
      .object({ account: z.object({ account_number: z.string() }) })
      .parse(await (await fetch(`${h.url}/pay/sessions/${id}`)).json());
    await h.control.transfer({ account_number: session.account.account_number, amount: 5000 });

    await accountHeading(page, 'Payment received');
    await page.getByText('Paid: the transfer has arrived. Thank you!').waitFor();
    const log = await page.locator('#event-log').innerText();
    assert.match(log, /pay-status-change: pending → paid/);
    assert.match(log, new RegExp(`pay-paid: session ${id}, paid at \\d{4}-`));
    assert.equal(await page.locator('#event-count').innerText(), '3');
    assert.deepEqual(await axeViolations(page), [], 'no violations once paid');
    assert.deepEqual(await cspViolations(page), []);
    assert.deepEqual(errors, []);
    await context.close();
  });

  it('loads the bundle twice, classic and module, with no error, and the elements still work', async () => {
    const { page, context } = await h.newPage();
    const errors = errorsOf(page);
    await page.goto(`${h.url}/script-tag.html`);
    await page.locator('pay-link').getByText('Script-tag T-shirt').waitFor();
    const before = await page.evaluate(() => {
      const first = customElements.get('pay-dynamic-account');
      Reflect.set(window, '__firstAccountClass', first);
      return typeof first;
    });
    assert.equal(before, 'function');

    await page.addScriptTag({ url: `/cdn/${iife}` });
    await page.addScriptTag({ url: `/cdn/${esm}`, type: 'module' });
    await page.waitForFunction(() => document.querySelectorAll('script[src^="/cdn/"]').length === 3);
    // no tag was defined twice (that throws): the first definitions stay
    assert.equal(
      await page.evaluate(
        () => customElements.get('pay-dynamic-account') === Reflect.get(window, '__firstAccountClass'),
      ),
      true,
    );

    // a new element made now still works, and so does a checkout
    await page.evaluate(() => {
      const link = document.createElement('pay-link');
      link.id = 'second-link';
      link.link = {
        id: 'lnk_after_reload',
        title: 'Made after the second load',
        description: 'A second element.',
        amount: '100.00',
        currency: 'NGN',
        url: 'https://example.com/pay/after',
        status: 'inactive',
        expires_at: null,
        created_at: '2025-01-01T00:00:00Z',
      };
      document.querySelector('main')?.append(link);
    });
    await page.locator('#second-link').getByText('Made after the second load').waitFor();
    await page.locator('#second-link').getByText('Inactive').waitFor();
    // the kit answers the order's existing session: paid by the test above, or new when run alone
    await page.getByRole('button', { name: 'Start a checkout' }).click();
    await account(page)
      .getByRole('heading', { level: 2, name: /^(Pay by bank transfer|Payment received)$/ })
      .waitFor();
    assert.deepEqual(errors, []);
    assert.deepEqual(await cspViolations(page), []);
    await context.close();
  });

  it('serves the CDN files as a CDN would: immutable, CORS-readable, matching their SRI hashes', async () => {
    const files = manifest();
    const page = await (await fetch(`${h.url}/script-tag.html`)).text();
    for (const [name, { integrity }] of Object.entries(files)) {
      const response = await fetch(`${h.url}/cdn/${name}`);
      assert.equal(response.status, 200, name);
      assert.equal(response.headers.get('cache-control'), 'public, max-age=31536000, immutable');
      assert.equal(response.headers.get('access-control-allow-origin'), '*');
      assert.match(response.headers.get('content-type') ?? '', /^text\/javascript/);
      const body = Buffer.from(await response.arrayBuffer());
      assert.equal(`sha384-${createHash('sha384').update(body).digest('base64')}`, integrity, name);
    }
    assert.ok(page.includes(`integrity="${files[iife]?.integrity}"`), 'the page carries the hash');
    assert.equal((await fetch(`${h.url}/cdn/manifest.json`)).headers.get('cache-control'), 'no-cache');
    assert.equal((await fetch(`${h.url}/cdn/pay-elements-9.9.9.js`)).status, 404);
    assert.equal((await fetch(`${h.url}/cdn/%2e%2e/%2e%2e/package.json`)).status, 404);
  });
});
