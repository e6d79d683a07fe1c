// The React 19 and Vue 3 pages (demo/react.html, demo/vue.html), end to end in Chromium through
// server-example: each passes axe under the site's CSP (no 'unsafe-inline', no 'unsafe-eval'), sets
// properties on the elements (a bank list the picker offers without fetching one, a payment link
// object) and receives their events (the page's event log and counter, the paid message, the chosen
// bank's code from the picker's native change event).
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import * as z from 'zod';
import { axeViolations, cspViolations, startHarness, type Harness } from './harness.js';

const pages = [
  {
    name: 'React 19',
    path: '/react.html',
    brand: 'React',
    code: 'REA',
    // the paid time as an en-GB visitor reads it ("1 Dec 2026, 23:52"), not the ISO string
    paidText: /^Paid at \d{1,2} [A-Z][a-z]{2} \d{4}, \d{2}:\d{2}\. Thank you!$/,
  },
  {
    name: 'Vue 3',
    path: '/vue.html',
    brand: 'Vue',
    code: 'VUE',
    paidText: /^Paid: the transfer has arrived/,
  },
] as const;

const SessionView = z.object({ amount: z.string(), account: z.object({ account_number: z.string() }) });

describe('framework pages, end to end', () => {
  let h: Harness;
  before(async () => {
    h = await startHarness();
  });
  after(async () => {
    await h?.close();
  });

  for (const framework of pages) {
    it(`${framework.name}: passes axe, and sets the bank list as a property (no fetch)`, async () => {
      const { page, context } = await h.newPage();
      const errors: string[] = [];
      page.on('pageerror', (error) => errors.push(error.message));
      await page.goto(`${h.url}${framework.path}`);
      // the link object given as a property, shown as given
      await page.locator('pay-link').getByText(`${framework.brand} sticker pack`).waitFor();
      await page.locator('pay-link').getByText('Active').waitFor();
      assert.deepEqual(await axeViolations(page), []);

      const combobox = page.getByRole('combobox', { name: 'Bank' });
      await combobox.focus();
      await page.keyboard.press('ArrowDown');
      const options = page.locator('pay-bank-picker').getByRole('option');
      await options.first().waitFor();
      // the page's three banks, in the picker's alphabetical order
      assert.deepEqual(await options.allInnerTexts(), [
        `First ${framework.brand} Trust`,
        `${framework.brand} Cooperative Bank`,
        `${framework.brand} Savings Bank`,
      ]);
      await page.getByRole('option', { name: `${framework.brand} Cooperative Bank` }).click();
      await page.getByText(`Chosen bank code: ${framework.code}02`).waitFor();
      assert.equal(
        h.bodies.some((r) => new URL(r.url).pathname.startsWith('/pay/banks')),
        false,
        'the picker fetched no bank list',
      );
      assert.deepEqual(await cspViolations(page), []);
      assert.deepEqual(errors, []);
      await context.close();
    });

    it(`${framework.name}: receives the checkout's events, pending then paid`, async () => {
      const { page, context } = await h.newPage();
      await page.goto(`${h.url}${framework.path}`);
      await page.getByRole('button', { name: 'Start a checkout' }).click();
      const account = page.locator('pay-dynamic-account');
      await account.getByRole('heading', { level: 2, name: 'Pay by bank transfer' }).waitFor();
      await page.locator('.event-log').getByText('pay-status-change: none → pending').waitFor();
      assert.equal(await page.locator('#event-count').innerText(), '1');
      assert.deepEqual(await axeViolations(page), [], 'no violations while pending');

      // the session id was set as a property: the element has no `session` attribute
      assert.equal(await account.getAttribute('session'), null);
      const id = await account.evaluate((el) => ('session' in el ? String(el.session) : ''));
      const session = SessionView.parse(await (await fetch(`${h.url}/pay/sessions/${id}`)).json());
      await h.control.transfer({
        account_number: session.account.account_number,
        amount: Number(session.amount),
      });

      await account.getByRole('heading', { level: 2, name: 'Payment received' }).waitFor({ timeout: 10_000 });
      await page.getByRole('status').filter({ hasText: framework.paidText }).waitFor();
      const log = page.locator('.event-log');
      await log.getByText(`pay-paid: session ${id} paid`).waitFor();
      await log.getByText('pay-status-change: pending → paid').waitFor();
      assert.equal(await page.locator('#event-count').innerText(), '3');
      assert.deepEqual(await axeViolations(page), [], 'no violations once paid');
      assert.deepEqual(await cspViolations(page), []);
      await context.close();
    });
  }
});
