// The demo gallery as a visitor uses it: the page passes axe with every element on it, a payout form
// is filled by keyboard alone through <pay-bank-picker> (country, account number, bank by type-ahead)
// and submits the bank code like any other field; the payment links show their status in words.
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { axeViolations, cspViolations, startHarness, type Harness } from './harness.js';

describe('demo gallery, end to end', () => {
  let h: Harness;
  before(async () => {
    h = await startHarness();
  });
  after(async () => {
    await h?.close();
  });

  it('passes axe with every element on the page and breaks no CSP rule', async () => {
    const { page, context } = await h.newPage();
    await page.goto(h.url);
    await page.locator('pay-invoice-view').getByRole('heading', { name: 'Invoice INV-000101' }).waitFor();
    await page.locator('pay-link').first().getByText('Active').waitFor();
    await page.locator('pay-dynamic-account').first().getByRole('heading', { level: 2 }).first().waitFor();
    await page
      .locator('pay-funding-account')
      .getByRole('heading', { name: 'Nigerian Naira account' })
      .waitFor();
    assert.deepEqual(await axeViolations(page), []);
    assert.deepEqual(await cspViolations(page), []);
    await context.close();
  });

  it('pays into the demo customer’s own account from the sandbox button, and lists the deposit', async () => {
    const { page, context } = await h.newPage();
    await page.goto(h.url);
    const funding = page.locator('pay-funding-account');
    await funding.getByRole('heading', { name: 'US Dollar account' }).waitFor();
    await page.getByRole('button', { name: 'Send $150 to the dollar account' }).click();
    await funding.locator('[part="deposit-list"]').filter({ hasText: '$150.00' }).waitFor({ timeout: 3000 });
    await page.locator('#deposit-status').filter({ hasText: 'Sent 150 USD' }).waitFor();
    await context.close();
  });

  it('chooses a bank by keyboard alone and submits its code with the form', async () => {
    const { page, context } = await h.newPage();
    await page.goto(h.url);
    await page.locator('#country').focus();
    await page.keyboard.press('Tab'); // account number
    await page.keyboard.type('0123456789');
    await page.keyboard.press('Tab'); // the bank picker's combobox
    const combobox = page.getByRole('combobox', { name: 'Bank' });
    assert.equal(await combobox.evaluate((el) => el.matches(':focus')), true, 'the combobox has focus');
    await page.keyboard.type('guar');
    // the bank suggested for the account number may be listed too, above the typed match, when its
    // answer comes first: either way the first option named so is that bank
    await page
      .getByRole('option', { name: /Guaranty Trust Bank/ })
      .first()
      .waitFor();
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('Enter');
    assert.equal(await combobox.inputValue(), 'Guaranty Trust Bank');
    await page.keyboard.press('Tab'); // submit
    await page.keyboard.press('Enter');
    await page.getByText(/Would pay out to bank 058 in NG\./).waitFor();
    await context.close();
  });

  it('refuses to submit the payout form without a bank, saying why', async () => {
    const { page, context } = await h.newPage();
    await page.goto(h.url);
    await page.getByRole('button', { name: 'Submit' }).click();
    const message = await page
      .locator('pay-bank-picker')
      .evaluate((el) => (el as HTMLElement & { validationMessage: string }).validationMessage);
    assert.ok(message.length > 0, 'the picker reports a validation message');
    assert.equal(await page.locator('#payout-result').innerText(), '');
    await context.close();
  });
});
