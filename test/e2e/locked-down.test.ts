// The elements on locked-down pages, end to end in Chromium through server-example: a CSP that lets
// scripts run only with the answer's nonce ('strict-dynamic', no 'unsafe-inline', no 'unsafe-eval',
// style-src 'self'), Trusted Types required for every script sink with lit-html's policy the only one
// allowed, and cross-origin isolation (COOP same-origin + COEP require-corp). A checkout paid through
// the emulator turns to paid, the invoice view, the bank picker, a payment link and a QR code work,
// and the page records no `securitypolicyviolation` at all. Two counter-checks show the policy bites:
// an inline script without the nonce does not run, and with no Trusted Types policy allowed at all
// lit-html cannot start (so 'lit-html' is the one policy needed, and no more is allowed).
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import type { Page, Response } from 'playwright-core';
import { axeViolations, createSession, cspViolations, startHarness, type Harness } from './harness.js';

const account = (page: Page) => page.locator('pay-dynamic-account');
const heading = (page: Page) => account(page).getByRole('heading', { level: 2 });

/** The nonce the answer's CSP allows, read from the header. */
function nonceOf(response: Response | null): string {
  const csp = response?.headers()['content-security-policy'] ?? '';
  const match = /script-src 'nonce-([A-Za-z0-9+/=]+)' 'strict-dynamic'/.exec(csp);
  assert.ok(match?.[1], `a nonce-based script-src in "${csp}"`);
  return match[1];
}

function assertLockedDownHeaders(response: Response | null): void {
  const headers = response?.headers() ?? {};
  const csp = headers['content-security-policy'] ?? '';
  assert.doesNotMatch(csp, /unsafe-/, 'no unsafe-inline, no unsafe-eval');
  assert.match(csp, /(^|; )script-src 'nonce-[^']+' 'strict-dynamic'(;|$)/);
  assert.match(csp, /(^|; )style-src 'self'(;|$)/);
  assert.match(csp, /(^|; )require-trusted-types-for 'script'(;|$)/);
  assert.match(csp, /(^|; )trusted-types lit-html(;|$)/);
  assert.match(csp, /(^|; )frame-ancestors 'none'(;|$)/);
  assert.equal(headers['cross-origin-opener-policy'], 'same-origin');
  assert.equal(headers['cross-origin-embedder-policy'], 'require-corp');
  assert.equal(headers['x-content-type-options'], 'nosniff');
}

describe('locked-down pages, end to end', () => {
  let h: Harness;
  before(async () => {
    h = await startHarness();
  });
  after(async () => {
    await h?.close();
  });

  it('runs the checkout under a nonce CSP with Trusted Types, isolated, and turns to paid', async () => {
    const session = await createSession(h.url, 'demo-1');
    const { page, context } = await h.newPage();
    const response = await page.goto(`${h.url}/locked-down/checkout/${session.id}`);
    assert.equal(response?.status(), 200);
    assertLockedDownHeaders(response);
    const nonce = nonceOf(response);
    const html = (await response?.text()) ?? '';
    const scriptTags = html.match(/<script\b[^>]*>|<link\b[^>]*modulepreload[^>]*>/g) ?? [];
    assert.ok(scriptTags.length > 1, 'the page has a script and its preloads');
    for (const tag of scriptTags) assert.ok(tag.includes(`nonce="${nonce}"`), `${tag} carries the nonce`);
    assert.ok(!html.includes('__PAY_NONCE__'), 'no placeholder is left');

    await heading(page).filter({ hasText: 'Pay by bank transfer' }).waitFor();
    assert.equal(await page.evaluate(() => crossOriginIsolated), true);
    assert.equal(await page.evaluate(() => window.isSecureContext), true);
    assert.deepEqual(await axeViolations(page), [], 'no accessibility violations while pending');

    await h.control.transfer({ account_number: session.account.account_number, amount: 5000 });
    await heading(page).filter({ hasText: 'Payment received' }).waitFor({ timeout: 10_000 });
    await page.getByText('Thank you: your payment has arrived.').waitFor();
    assert.deepEqual(await cspViolations(page), []);
    await context.close();
  });

  it('gives every answer a nonce of its own', async () => {
    const nonces = new Set<string>();
    for (let i = 0; i < 3; i++) {
      const response = await fetch(`${h.url}/locked-down/gallery`);
      const csp = response.headers.get('content-security-policy') ?? '';
      const nonce = /'nonce-([^']+)'/.exec(csp)?.[1] ?? '';
      assert.ok(Buffer.from(nonce, 'base64').length >= 16, 'at least 128 bits');
      assert.ok((await response.text()).includes(`<meta property="csp-nonce" nonce="${nonce}"`));
      nonces.add(nonce);
    }
    assert.equal(nonces.size, 3);
  });

  it('renders the invoice view, the bank picker, a link and a QR code, with no violation', async () => {
    const { page, context } = await h.newPage();
    const response = await page.goto(`${h.url}/locked-down/gallery`);
    assert.equal(response?.status(), 200);
    assertLockedDownHeaders(response);
    await page
      .locator('pay-invoice-view')
      .getByRole('heading', { name: 'Invoice INV-000101', exact: true })
      .waitFor();
    assert.match(await page.locator('pay-invoice-view').getByRole('table').innerText(), /NGN\s?[\d,]+\.\d\d/);
    await page.locator('pay-link').getByText('Active').waitFor();
    const qr = page.getByRole('img', { name: 'QR code of a checkout link' });
    assert.match((await qr.locator('path[part="modules"]').getAttribute('d')) ?? '', /^M\d/);
    assert.equal(await page.evaluate(() => crossOriginIsolated), true);

    const combobox = page.getByRole('combobox', { name: 'Bank' });
    await combobox.click();
    await page.keyboard.type('guar');
    await page.getByRole('option', { name: /Guaranty Trust Bank/ }).waitFor();
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('Enter');
    assert.equal(await combobox.inputValue(), 'Guaranty Trust Bank');
    await page.getByRole('button', { name: 'Submit' }).click();
    await page.getByText('Would pay out to bank 058.').waitFor();

    assert.deepEqual(await axeViolations(page), []);
    assert.deepEqual(await cspViolations(page), []);
    await context.close();
  });

  it('refuses an inline script without the nonce, and reports it', async () => {
    const { page, context } = await h.newPage();
    await page.route('**/locked-down/gallery', async (route) => {
      const original = await route.fetch();
      const body = (await original.text()).replace(
        '</body>',
        '<script>window.__injected = true</script></body>',
      );
      await route.fulfill({ response: original, body });
    });
    await page.goto(`${h.url}/locked-down/gallery`);
    await page
      .locator('pay-invoice-view')
      .getByRole('heading', { name: 'Invoice INV-000101', exact: true })
      .waitFor();
    assert.equal(await page.evaluate(() => 'injected' in window || '__injected' in window), false);
    const violations = await cspViolations(page);
    assert.equal(violations.length, 1, violations.join('\n'));
    assert.match(violations[0] ?? '', /^script-src-elem inline$/);
    await context.close();
  });

  it('needs the lit-html policy: with no Trusted Types policy allowed, the elements cannot start', async () => {
    const { page, context } = await h.newPage();
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    await page.route('**/locked-down/gallery', async (route) => {
      const original = await route.fetch();
      const headers = original.headers();
      headers['content-security-policy'] = (headers['content-security-policy'] ?? '').replace(
        'trusted-types lit-html',
        "trusted-types 'none'",
      );
      await route.fulfill({ response: original, headers });
    });
    await page.goto(`${h.url}/locked-down/gallery`);
    await page.waitForFunction(
      () => ((window as unknown as { __cspViolations?: string[] }).__cspViolations ?? []).length > 0,
    );
    assert.deepEqual(await cspViolations(page), ['trusted-types trusted-types-policy']);
    assert.ok(
      errors.some((e) => e.includes('Policy "lit-html" disallowed')),
      `lit-html's policy was refused: ${errors.join('; ')}`,
    );
    assert.equal(await page.locator('pay-invoice-view').getByRole('heading').count(), 0);
    await context.close();
  });

  it('answers a proper page for an unknown locked-down checkout', async () => {
    const { page, context } = await h.newPage();
    const response = await page.goto(`${h.url}/locked-down/checkout/ses_does_not_exist`);
    assert.equal(response?.status(), 404);
    await page.getByRole('heading', { name: 'Checkout not found' }).waitFor();
    assert.deepEqual(await cspViolations(page), []);
    await context.close();
  });
});
