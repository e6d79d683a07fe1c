// The hosted invoice pay page, end to end in Chromium through server-example: a payer opens
// /invoices/{number}, sees the items, the charges, the totals and where to pay; the page's title and
// description preview the invoice; a note holding markup shows as text and runs nothing; paying the
// invoice through the emulator turns the page to paid. axe-core finds nothing; the CSP is never violated.
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import type { Page } from 'playwright-core';
import { PayClient } from '@pay-elements/api';
import { axeViolations, cspViolations, SECRET_KEY, startHarness, type Harness } from './harness.js';
import { invoicePath } from './shopper-flows.js';

const view = (page: Page) => page.locator('pay-invoice-view');
const hostile = '<img src=x onerror="window.__pwned=1"><script>window.__pwned=2</script> Thanks!';

describe('hosted invoice pay page, end to end', () => {
  let h: Harness;
  let number: string;
  before(async () => {
    h = await startHarness();
    const client = new PayClient({ apiKey: SECRET_KEY, baseUrl: h.app.sandbox?.url ?? '' });
    const invoice = await client.invoices.create({
      email: 'buyer@example.com',
      note: hostile,
      items: [
        { name: 'Logo design', unit_price: 120000, quantity: 1, currency: 'NGN', total: 120000 },
        { name: 'Business cards (box)', unit_price: 7500.5, quantity: 4, currency: 'NGN', total: 30002 },
      ],
      charges: {
        discount: { amount: '10', type: 'percentage', enabled: true },
        tax: { amount: '7.5', type: 'percentage', enabled: true },
        shipping: { amount: '2500', type: 'flat', enabled: true },
        fee: { amount: '100', type: 'flat', enabled: false },
      },
      payment_schedule: { type: 'one_time', due_date: new Date(Date.now() + 7 * 86_400_000).toISOString() },
    });
    number = invoice.invoice_number;
  });
  after(async () => {
    await h?.close();
  });

  it('shows the invoice with a preview title, its note as text, and turns to paid once paid', async () => {
    const { page, context } = await h.newPage();
    const response = await page.goto(`${h.url}${invoicePath(h, number)}`);
    assert.equal(response?.status(), 200);
    assert.match(await page.title(), new RegExp(`^Invoice ${number} — NGN\\s?[\\d,]+\\.\\d\\d$`));
    const description = await page.locator('meta[name="description"]').getAttribute('content');
    assert.match(description ?? '', new RegExp(`Invoice ${number} from Acme Stores: NGN`));

    // the element's own heading and table, once it runs: the server's fallback inside it (for a
    // browser without script) has a heading "Invoice … · Awaiting payment" and a table with no parts
    await view(page)
      .getByRole('heading', { name: `Invoice ${number}`, exact: true })
      .waitFor();
    const table = view(page).locator('table[part="items"]');
    await table.waitFor();
    assert.equal(await table.locator('tbody tr[part~="item-row"]').count(), 2);
    const tableText = await table.innerText();
    assert.match(tableText, /Logo design/);
    assert.match(tableText, /NGN\s?120,000\.00/);
    assert.match(tableText, /Business cards \(box\)/);
    assert.match(tableText, /Subtotal\s+NGN\s?150,002\.00/);
    assert.match(tableText, /Discount \(10%\)\s+-NGN\s?15,000\.20/);
    assert.match(tableText, /Shipping\s+NGN\s?2,500\.00/);
    assert.doesNotMatch(tableText, /Fee/);
    const text = await view(page).locator('[part="base"]').innerText();
    assert.match(text, /Payment details/);
    assert.match(text, /SWIFT code/);

    const note = view(page).locator('[part="note"]');
    assert.equal(await note.innerText(), hostile);
    assert.equal(await note.locator('img, script').count(), 0);
    assert.equal(await page.evaluate(() => (window as unknown as { __pwned?: number }).__pwned), undefined);
    assert.deepEqual(await axeViolations(page), [], 'no accessibility violations while pending');

    await h.control.payInvoice(number);
    await view(page).locator('[part="status-badge"]', { hasText: 'Paid' }).waitFor({ timeout: 15_000 });
    await page.getByRole('heading', { level: 1, name: 'This invoice is paid' }).waitFor();
    assert.deepEqual(await axeViolations(page), [], 'no accessibility violations once paid');
    assert.deepEqual(await cspViolations(page), []);
    await context.close();
  });

  it('answers a proper page for an unknown invoice', async () => {
    const { page, context } = await h.newPage();
    const response = await page.goto(`${h.url}${invoicePath(h, 'INV-does-not-exist')}`);
    assert.equal(response?.status(), 404);
    await page.getByRole('heading', { name: 'Invoice not found' }).waitFor();
    assert.match(response?.headers()['content-security-policy'] ?? '', /frame-ancestors 'none'/);
    assert.deepEqual(await axeViolations(page), []);
    await context.close();
  });
});
