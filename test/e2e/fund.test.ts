// A customer's own accounts on the hosted page, in Chromium as the customer sees it: /demo/fund leads to
// the demo customer's signed page; with script on it comes alive where it is (no request for what the
// HTML carried, a layout shift under 0.05) and each transfer from the emulator shows on the open page
// within 3 s, its onDeposit run once; with script off the accounts, the dollar account's wire details
// and the deposits are readable, "Check again" shows a new one, and axe finds nothing; a tampered token
// shows the not-found page and no account.
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import type { Page } from 'playwright-core';
import { FundingView } from '@pay-elements/protocol';
import { axeViolations, startHarness, type Harness } from './harness.js';

const grouped = (number: string) => number.replace(/^(\d{3})(\d{3})(\d{4})$/, '$1 $2 $3');
const collapse = (text: string) => text.replace(/\s+/g, ' ');

/** A fresh amount each time (the demo customer's deposits add up across the tests). */
let cents = 0;
const nextAmount = (whole: number) => whole + ++cents / 100;

describe('the hosted page of a customer’s own accounts', () => {
  let h: Harness;
  let token = '';
  let view: FundingView;
  before(async () => {
    h = await startHarness();
    token = ((await (await fetch(`${h.url}/demo-config.json`)).json()) as { fundingToken: string })
      .fundingToken;
    view = FundingView.parse(await (await fetch(`${h.url}/pay/funding/${token}`)).json());
  });
  after(async () => {
    await h?.close();
  });

  const accountIn = (currency: string) => {
    const account = view.accounts.find((a) => a.currency === currency);
    assert.ok(account, `a ${currency} account`);
    return account;
  };
  const credited = (amount: number, currency: string) =>
    h.logs.filter((line) => line.includes(`credited ${amount.toFixed(2)} ${currency}`)).length;

  it('comes alive at /demo/fund where it is, and shows each transfer within 3 s, onDeposit once', async (t) => {
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
    const viewRequests: string[] = [];
    page.on('request', (request) => {
      if (/^\/pay\/funding\/[^/]+$/.test(new URL(request.url()).pathname)) viewRequests.push(request.url());
    });
    // the page's token is signed as /demo/fund answers (its own expiry): any customer's stream
    const streamOpened = page.waitForResponse((response) =>
      /^\/pay\/funding\/[^/]+\/events$/.test(new URL(response.url()).pathname),
    );
    await page.goto(`${h.url}/demo/fund`);
    assert.match(new URL(page.url()).pathname, /^\/fund\/[\w.-]+$/, 'redirected to the signed page');
    const element = page.locator('pay-funding-account');
    await element.locator('[part="title"]').filter({ hasText: 'Your payment accounts' }).waitFor();
    await streamOpened;
    const shown = collapse(await element.locator('[part="accounts"]').innerText());
    for (const currency of ['NGN', 'USD'])
      assert.ok(
        shown.includes(grouped(accountIn(currency).account_number)),
        `the ${currency} account in "${shown}"`,
      );
    await new Promise((resolve) => setTimeout(resolve, 300));
    const cls = await page.evaluate(() =>
      (window as unknown as { __layoutShifts: number[] }).__layoutShifts.reduce((a, b) => a + b, 0),
    );
    t.diagnostic(`cumulative layout shift ${cls.toFixed(4)}`);
    assert.ok(cls < 0.05, `cumulative layout shift ${cls.toFixed(3)}`);
    assert.deepEqual(viewRequests, [], 'the page carried the view: no request for it');

    const deposits = element.locator('[part="deposit-list"]');
    for (const [currency, amount, pattern] of [
      [
        'NGN',
        nextAmount(25_000),
        (a: number) => new RegExp(`NGN\\s?${a.toLocaleString('en', { minimumFractionDigits: 2 })}`),
      ],
      ['USD', nextAmount(150), (a: number) => new RegExp(`\\$${a.toFixed(2)}`)],
    ] as const) {
      const sent = Date.now();
      await h.control.transfer({ account_number: accountIn(currency).account_number, amount });
      await deposits.filter({ hasText: pattern(amount) }).waitFor({ timeout: 3000 });
      t.diagnostic(`${currency} ${amount} on the page ${Date.now() - sent} ms after the transfer`);
    }
    const amounts = collapse(await deposits.innerText());
    assert.equal(credited(25_000 + 1 / 100, 'NGN'), 1, amounts);
    assert.equal(credited(150 + 2 / 100, 'USD'), 1, amounts);
    await context.close();
  });

  it('shows the accounts, the wire details and the deposits with JavaScript disabled; "Check again" shows a new one', async () => {
    const context = await h.browser.newContext({ javaScriptEnabled: false, locale: 'en-GB' });
    const page = await context.newPage();
    const response = await page.goto(`${h.url}/fund/${token}`);
    assert.equal(response?.status(), 200);
    const fallback = async (p: Page) =>
      collapse(await p.locator('pay-funding-account .pay-fallback').innerText());
    const text = await fallback(page);
    const usd = accountIn('USD');
    for (const currency of ['NGN', 'USD'])
      assert.ok(
        text.includes(grouped(accountIn(currency).account_number)),
        `the ${currency} account in "${text}"`,
      );
    for (const detail of [usd.routing?.ach, usd.routing?.wire, usd.swift_code])
      assert.ok(detail && text.includes(detail), `${detail} in "${text}"`);

    const amount = nextAmount(7_000);
    await h.control.transfer({ account_number: accountIn('NGN').account_number, amount });
    const expected = `NGN ${amount.toLocaleString('en', { minimumFractionDigits: 2 })}`;
    for (let attempt = 0; attempt < 20 && !(await fallback(page)).includes(expected); attempt++) {
      await page.getByRole('link', { name: 'Check again' }).click();
      await page.waitForLoadState('domcontentloaded');
    }
    assert.ok((await fallback(page)).includes(expected), `${expected} in "${await fallback(page)}"`);
    await context.close();

    // axe as a browser with no script shows the page (axe runs as script: the page's own is refused)
    const axeContext = await h.browser.newContext({ locale: 'en-GB' });
    const axePage = await axeContext.newPage();
    await axePage.route(/\.js($|\?)/, (route) => route.abort());
    await axePage.goto(`${h.url}/fund/${token}`);
    assert.deepEqual(await axeViolations(axePage), []);
    await axeContext.close();
  });

  it('shows a tampered link as not valid, with no account on it', async () => {
    const { page, context } = await h.newPage();
    // the first character: all six of its bits are the token's (the last one's lowest may be padding)
    const tampered = `${token.startsWith('A') ? 'B' : 'A'}${token.slice(1)}`;
    const response = await page.goto(`${h.url}/fund/${tampered}`);
    assert.equal(response?.status(), 404);
    const text = collapse(await page.locator('body').innerText());
    assert.match(text, /This link has expired or is not valid/);
    for (const account of view.accounts) assert.ok(!text.includes(grouped(account.account_number)));
    await context.close();
  });
});
