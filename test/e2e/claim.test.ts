// "I've sent the money", end to end in Chromium, as a shopper meets it at a bank that takes minutes:
// on server-example (npm start: the emulator in process, one clock), the shopper taps the button, sees
// the confirming words in place of the countdown, and a transfer made before the expiry that settles
// two minutes after it turns the page, and the page opened again later, to the receipt; a claimed
// session no money reaches expires once the grace period is over. On pay-service with the emulator in
// a process of its own, the same tap and a transfer the emulator settles after the account's expiry.
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import type { Page } from 'playwright-core';
import { chromium } from 'playwright-core';
import {
  axeViolations,
  chromiumArgs,
  chromiumPath,
  createSession,
  startHarness,
  type Harness,
} from './harness.js';
import { eventually, startStack, type Stack } from './service-harness.js';

const account = (page: Page) => page.locator('pay-dynamic-account');
const heading = (page: Page) => account(page).getByRole('heading', { level: 2 });
const claimButton = (page: Page) => account(page).getByRole('button', { name: 'I’ve sent the money' });
const confirming = (page: Page) => account(page).locator('[part="confirming"]');
const CONFIRMING = 'We’re confirming your transfer — this usually takes a few minutes';

/** The minutes from `now` to the session's expiry. */
function minutesLeft(now: string, expiresAt: string): number {
  return (Date.parse(expiresAt) - Date.parse(now)) / 60_000;
}

describe('"I\'ve sent the money" on server-example (npm start)', () => {
  let h: Harness;
  before(async () => {
    h = await startHarness();
  });
  after(async () => {
    await h?.close();
  });

  it('confirms, then a transfer that settles two minutes past the expiry pays the order', async () => {
    const session = await createSession(h.url, 'demo-1');
    const { page, context } = await h.newPage();
    await page.goto(`${h.url}/checkout/${session.id}`);
    await heading(page).filter({ hasText: 'Pay by bank transfer' }).waitFor();

    await claimButton(page).click();
    await confirming(page).filter({ hasText: CONFIRMING }).waitFor({ timeout: 10_000 });
    assert.equal(await account(page).locator('[part="countdown-text"]').count(), 0, 'no countdown shouting');
    assert.equal(await claimButton(page).count(), 0, 'no second claim');
    assert.deepEqual(await axeViolations(page), [], 'no accessibility violations while confirming');
    const claimed = (await (await fetch(`${h.url}/pay/sessions/${session.id}`)).json()) as {
      status: string;
      claimed_at: string | null;
      server_time: string;
      expires_at: string;
    };
    assert.equal(claimed.status, 'pending');
    assert.ok(claimed.claimed_at, 'the view says when it was claimed');

    // the shopper's bank sends it now; it settles two minutes after the account expires
    const left = minutesLeft(claimed.server_time, claimed.expires_at);
    const settleAfter = Math.round((left + 2) * 60);
    await h.control.transfer({
      account_number: session.account.account_number,
      amount: 5000,
      settle_after_seconds: settleAfter,
    });
    await h.control.advanceClock(Math.ceil(left) + 1); // a minute past the expiry: not yet settled
    const waiting = (await (await fetch(`${h.url}/pay/sessions/${session.id}`)).json()) as { status: string };
    assert.equal(waiting.status, 'pending', 'a claimed session is not expired at expires_at');
    assert.equal(await confirming(page).count(), 1, 'still confirming past the expiry');

    await h.control.advanceClock(2);
    await heading(page).filter({ hasText: 'Payment received' }).waitFor({ timeout: 15_000 });
    await page.getByRole('heading', { level: 1, name: 'Your order is paid' }).waitFor();

    // the page opened again later shows the receipt at once
    const again = await context.newPage();
    await again.goto(`${h.url}/checkout/${session.id}`);
    await heading(again).filter({ hasText: 'Payment received' }).waitFor({ timeout: 10_000 });
    await account(again).getByRole('link', { name: 'View receipt' }).waitFor();
    await context.close();
  });

  it('expires a claimed session no money reaches once the grace period is over', async () => {
    const session = await createSession(h.url, 'demo-2');
    const { page, context } = await h.newPage();
    await page.goto(`${h.url}/checkout/${session.id}`);
    await heading(page).filter({ hasText: 'Pay by bank transfer' }).waitFor();
    await claimButton(page).click();
    await confirming(page).waitFor({ timeout: 10_000 });

    await h.control.advanceClock(31); // past the expiry, within the 30 minutes' grace
    const during = (await (await fetch(`${h.url}/pay/sessions/${session.id}`)).json()) as { status: string };
    assert.equal(during.status, 'pending');

    await h.control.advanceClock(30); // past the grace
    await heading(page).filter({ hasText: 'This account has expired' }).waitFor({ timeout: 15_000 });
    const after = (await (await fetch(`${h.url}/pay/sessions/${session.id}`)).json()) as { status: string };
    assert.equal(after.status, 'expired');
    await context.close();
  });
});

describe('"I\'ve sent the money" on pay-service, the emulator apart', () => {
  let stack: Stack;
  let browser: Awaited<ReturnType<typeof chromium.launch>>;
  before(async () => {
    stack = await startStack();
    browser = await chromium.launch({ executablePath: chromiumPath, args: chromiumArgs });
  });
  after(async () => {
    await browser?.close();
    await stack?.close();
  });

  it('confirms, then pays when the emulator settles the transfer after the expiry', async () => {
    const created = await stack.api('/api/sessions', {
      body: { order_id: 'claim-1', amount: '5000.00', currency: 'NGN', customer_id: 'cus_ada_okafor' },
    });
    assert.equal(created.status, 201);
    const session = (await created.json()) as {
      id: string;
      url: string;
      created_at: string;
      expires_at: string;
      account: { account_number: string };
    };
    const page = await browser.newPage();
    await page.goto(session.url);
    await heading(page).filter({ hasText: 'Pay by bank transfer' }).waitFor({ timeout: 15_000 });
    await claimButton(page).click();
    await confirming(page).filter({ hasText: CONFIRMING }).waitFor({ timeout: 10_000 });
    const claimed = (await (await stack.api(`/api/sessions/${session.id}`)).json()) as {
      claimed_at: string | null;
    };
    assert.ok(claimed.claimed_at, 'the service API says it was claimed');

    // a fresh emulator's clock is the service's: the account's lifespan is what is left of it
    const settleAfter = Math.round((minutesLeft(session.created_at, session.expires_at) + 2) * 60);
    await stack.control.transfer({
      account_number: session.account.account_number,
      amount: 5000,
      settle_after_seconds: settleAfter,
    });
    await stack.control.advanceClock(Math.ceil(settleAfter / 60) + 1);
    await heading(page).filter({ hasText: 'Payment received' }).waitFor({ timeout: 20_000 });
    const paid = await eventually('the service to answer paid', 10_000, async () => {
      const view = (await (await stack.api(`/api/sessions/${session.id}`)).json()) as { status: string };
      return view.status === 'paid' ? view : undefined;
    });
    assert.equal(paid.status, 'paid');
    await page.close();
  });
});
