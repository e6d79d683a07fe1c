// A shopper's checkout, end to end, in Chromium through server-example: the hosted checkout page
// shows the amount, the account and a countdown; a transfer sent through the emulator turns it to
// "paid"; moving the emulator's clock past expiry turns it to "expired" and a new account can be had;
// a visitor whose clock is ten minutes off still sees the right countdown. axe-core finds nothing in
// any state, the page's CSP is never violated, and the secret key is in no response and no log line.
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import type { Page } from 'playwright-core';
import {
  axeViolations,
  createSession,
  cspViolations,
  SECRET_KEY,
  startHarness,
  type Harness,
} from './harness.js';
import { findLeaks, scanAll } from '../security/leaks.js';

const account = (page: Page) => page.locator('pay-dynamic-account');
const heading = (page: Page) => account(page).getByRole('heading', { level: 2 });
/** What the element shows, as a visitor reads it (its shadow root's text). */
const shown = (page: Page) => account(page).locator('[part="base"]').innerText();

/** The countdown's minutes, read from "Expires in MM:SS". */
async function countdownMinutes(page: Page): Promise<number> {
  const text = await account(page).locator('[part="countdown-text"]').innerText();
  const match = /(\d+):(\d\d)/.exec(text);
  assert.ok(match, `no clock face in "${text}"`);
  return Number(match[1]) + Number(match[2]) / 60;
}

describe('hosted checkout, end to end', () => {
  let h: Harness;
  before(async () => {
    h = await startHarness();
  });
  after(async () => {
    await h?.close();
  });

  it('shows the amount, the account and a countdown, then turns to paid when the exact transfer arrives', async () => {
    const session = await createSession(h.url, 'demo-1');
    const { page, context } = await h.newPage();
    const response = await page.goto(`${h.url}/checkout/${session.id}`);
    assert.equal(response?.status(), 200);

    await heading(page).filter({ hasText: 'Pay by bank transfer' }).waitFor();
    const text = await shown(page);
    assert.match(text, /Transfer exactly NGN\s?5,000\.00 to this account/);
    assert.match(text, /Wema Bank/);
    assert.match(text, /Acme Stores - Ada Okafor/);
    const grouped = session.account.account_number.replace(/^(\d{3})(\d{3})(\d{4})$/, '$1 $2 $3');
    assert.ok(text.includes(grouped), `the account number is shown grouped as ${grouped}`);
    const minutes = await countdownMinutes(page);
    assert.ok(minutes > 29 && minutes <= 30, `countdown shows ${minutes} minutes`);
    assert.deepEqual(await axeViolations(page), [], 'no accessibility violations while pending');

    await h.control.transfer({ account_number: session.account.account_number, amount: 5000 });
    await heading(page).filter({ hasText: 'Payment received' }).waitFor({ timeout: 10_000 });
    await page.getByRole('heading', { level: 1, name: 'Your order is paid' }).waitFor();
    assert.deepEqual(await axeViolations(page), [], 'no accessibility violations once paid');
    assert.deepEqual(await cspViolations(page), []);
    await context.close();
  });

  it('expires when the clock passes the expiry, and offers a new account that works', async () => {
    const session = await createSession(h.url, 'demo-2');
    const { page, context } = await h.newPage();
    await page.goto(`${h.url}/checkout/${session.id}`);
    await heading(page).filter({ hasText: 'Pay by bank transfer' }).waitFor();

    await h.control.advanceClock(31);
    await heading(page).filter({ hasText: 'This account has expired' }).waitFor({ timeout: 15_000 });
    assert.match(await shown(page), /Do not send money to this account any more/);
    assert.deepEqual(await axeViolations(page), [], 'no accessibility violations once expired');

    await account(page).getByRole('button', { name: 'Get a new account' }).click();
    await heading(page).filter({ hasText: 'Pay by bank transfer' }).waitFor({ timeout: 10_000 });
    const renewed = (await (await fetch(`${h.url}/pay/sessions/${session.id}`)).json()) as {
      status: string;
      account: { account_number: string };
    };
    assert.equal(renewed.status, 'pending');
    assert.notEqual(renewed.account.account_number, session.account.account_number);
    const grouped = renewed.account.account_number.replace(/^(\d{3})(\d{3})(\d{4})$/, '$1 $2 $3');
    assert.ok((await shown(page)).includes(grouped), 'the new account is on screen');

    await h.control.transfer({ account_number: renewed.account.account_number, amount: 18500.5 });
    await heading(page).filter({ hasText: 'Payment received' }).waitFor({ timeout: 10_000 });
    assert.deepEqual(await cspViolations(page), []);
    await context.close();
  });

  it('counts down from the server time when the visitor clock is ten minutes off', async () => {
    const session = await createSession(h.url, 'demo-3');
    for (const offsetMinutes of [10, -10]) {
      const { page, context } = await h.newPage();
      await page.clock.install({ time: new Date(Date.now() + offsetMinutes * 60_000) });
      await page.goto(`${h.url}/checkout/${session.id}`);
      await heading(page).filter({ hasText: 'Pay by bank transfer' }).waitFor();
      const minutes = await countdownMinutes(page);
      assert.ok(
        minutes > 29 && minutes <= 30,
        `with the clock ${offsetMinutes} min off, countdown shows ${minutes}`,
      );
      await context.close();
    }
  });

  it('answers a proper page for an unknown checkout, with the security headers', async () => {
    const { page, context } = await h.newPage();
    const response = await page.goto(`${h.url}/checkout/ses_does_not_exist`);
    assert.equal(response?.status(), 404);
    await page.getByRole('heading', { name: 'Checkout not found' }).waitFor();
    const headers = response?.headers() ?? {};
    assert.match(headers['content-security-policy'] ?? '', /frame-ancestors 'none'/);
    assert.doesNotMatch(headers['content-security-policy'] ?? '', /unsafe-inline/);
    assert.equal(headers['x-content-type-options'], 'nosniff');
    assert.equal(headers['referrer-policy'], 'no-referrer');
    assert.deepEqual(await axeViolations(page), []);
    await context.close();
  });

  it('never sends the secret key to the browser or writes it to a log', () => {
    assert.ok(h.bodies.length > 10, `the run saw ${h.bodies.length} responses`);
    for (const { url, headers, body } of h.bodies) {
      assert.ok(!body.includes(SECRET_KEY), `the key is in the response of ${url}`);
      assert.ok(!JSON.stringify(headers).includes(SECRET_KEY), `the key is in a header of ${url}`);
      assert.deepEqual(findLeaks(`${JSON.stringify(headers)}\n${body}`, url), []);
    }
    for (const line of h.logs) assert.ok(!line.includes(SECRET_KEY), `the key is in a log line: ${line}`);
    assert.deepEqual(scanAll(h.logs.map((text) => ({ where: 'kit log', text }))), []);
  });
});
