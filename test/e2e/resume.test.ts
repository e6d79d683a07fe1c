// A shopper who leaves and comes back (issue 44, item 2), in Chromium through server-example: the
// hosted checkout opened, reloaded, and opened again through its link on another device (a browser
// context of its own: no storage shared) shows the same account, not a new one; one transfer through
// the emulator turns both pages to paid with their receipt; a page opened after the payment shows the
// receipt at once, and its link opens it. The shopper the order names gets one receipt email in their
// language through a real SMTP server on loopback, within seconds of the payment.
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import type { Page } from 'playwright-core';
import { startSmtp, type TestSmtp } from '@pay-elements/testing/smtp';
import { startHarness, type Harness } from './harness.js';

const SHOPPER = 'shopper@example.com';
const account = (page: Page) => page.locator('pay-dynamic-account');
const heading = (page: Page) => account(page).getByRole('heading', { level: 2 });
const shown = (page: Page) => account(page).locator('[part="base"]').innerText();
const receiptLink = (page: Page) => account(page).getByRole('link', { name: 'View receipt' });

describe('a shopper who comes back', () => {
  let h: Harness;
  let smtp: TestSmtp;
  before(async () => {
    smtp = await startSmtp();
    h = await startHarness({
      PAY_SMTP_URL: smtp.url,
      PAY_MAIL_FROM: 'Acme Stores <receipts@acme.test>',
      PAY_DEMO_SHOPPER_EMAIL: SHOPPER,
    });
  });
  after(async () => {
    await h?.close();
    await smtp?.close();
  });

  it('finds the checkout where it was after a reload and on another device, and both turn to the receipt', async (t) => {
    // the shop opens the order's session for a French-speaking shopper
    const created = await fetch(`${h.url}/pay/sessions`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'accept-language': 'fr-FR,fr;q=0.9' },
      body: JSON.stringify({ order_id: 'demo-1' }),
    });
    assert.equal(created.status, 201);
    const session = (await created.json()) as { id: string; account: { account_number: string } };
    const link = `${h.url}/checkout/${session.id}`;
    const grouped = session.account.account_number.replace(/^(\d{3})(\d{3})(\d{4})$/, '$1 $2 $3');

    const phone = await h.newPage();
    await phone.page.goto(link);
    await heading(phone.page).filter({ hasText: 'Pay by bank transfer' }).waitFor();
    assert.ok((await shown(phone.page)).includes(grouped));
    // back from the bank app: the page reloads where it was, the same account
    await phone.page.reload();
    await heading(phone.page).filter({ hasText: 'Pay by bank transfer' }).waitFor();
    assert.ok((await shown(phone.page)).includes(grouped), 'the same account after a reload');

    // the same link on a laptop: nothing shared with the phone but the link
    const laptop = await h.newPage();
    await laptop.page.goto(link);
    await heading(laptop.page).filter({ hasText: 'Pay by bank transfer' }).waitFor();
    assert.ok((await shown(laptop.page)).includes(grouped), 'the same account on another device');

    const sent = performance.now();
    await h.control.transfer({ account_number: session.account.account_number, amount: 5000 });
    for (const { page } of [phone, laptop]) {
      await heading(page).filter({ hasText: 'Payment received' }).waitFor({ timeout: 10_000 });
      await receiptLink(page).waitFor();
    }

    // one receipt email, in French, within seconds of the payment
    const [mail] = await smtp.until(1, 10_000);
    const seconds = (performance.now() - sent) / 1000;
    t.diagnostic(`the receipt email arrived ${seconds.toFixed(2)} s after the transfer`);
    assert.ok(seconds < 5, `the email arrived ${seconds.toFixed(2)} s after the transfer`);
    assert.equal(mail?.subject, 'Paiement reçu · Acme Stores · #1001');
    assert.ok(mail?.text?.includes('Voir le reçu: '), mail?.text);

    // reloaded after the payment: the receipt, not the account
    await phone.page.reload();
    await heading(phone.page).filter({ hasText: 'Payment received' }).waitFor();
    await receiptLink(phone.page).waitFor();

    // a page opened after the payment (the link again, later): the receipt at once, and it opens
    const later = await h.newPage();
    await later.page.goto(link);
    await heading(later.page).filter({ hasText: 'Payment received' }).waitFor();
    await receiptLink(later.page).click();
    await later.page.waitForURL(/\/receipts\//);
    const receipt = await later.page.locator('.receipt-details').innerText();
    assert.match(receipt, /5,000\.00/);
    assert.match(receipt, /#1001/);
    assert.equal(smtp.received.length, 1, 'still one email');
    for (const { context } of [phone, laptop, later]) await context.close();
  });
});
