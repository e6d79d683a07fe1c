// pay-service's hosted pages in Chromium, the service a process with the emulator as its provider, the
// merchant's endpoint recording what it is told: an invoice link opens the invoice's page, which turns
// paid when the invoice is paid, and `invoice.paid` reaches the merchant; a funding link opens the
// customer's accounts, a transfer shows on the page and `deposit.received` reaches the merchant; a paid
// checkout links its receipt, which is readable with script off, prints without its button, speaks the
// shopper's language, and a tampered link is the not-found page. axe finds nothing on any page.
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { chromium, type Browser, type Page } from 'playwright-core';
import { FundingView } from '@pay-elements/protocol';
import { fixtures } from '@pay-elements/sandbox';
import { axeViolations, chromiumArgs, chromiumPath, cspViolations } from './harness.js';
import { eventually, NOTIFY_SECRET, startStack, type Stack } from './service-harness.js';

interface Told {
  id: string;
  type: string;
  data: Record<string, string | null>;
}

describe('pay-service’s hosted pages, end to end', { timeout: 240_000 }, () => {
  let stack: Stack;
  let browser: Browser;
  let merchant: Server;
  const told: Told[] = [];

  before(async () => {
    merchant = createServer((req, res) => {
      let body = '';
      req.on('data', (chunk: Buffer) => (body += chunk.toString()));
      req.on('end', () => {
        const event = JSON.parse(body) as { type: string; data: Record<string, string | null> };
        told.push({ id: String(req.headers['webhook-id']), ...event });
        res.writeHead(204).end();
      });
    });
    await new Promise<void>((resolve) => merchant.listen(0, '127.0.0.1', resolve));
    const { port } = merchant.address() as AddressInfo;
    stack = await startStack({
      PAY_NOTIFY_URL: `http://127.0.0.1:${port}/hooks`,
      PAY_NOTIFY_SECRET: NOTIFY_SECRET,
    });
    browser = await chromium.launch({ executablePath: chromiumPath, args: chromiumArgs });
  });
  after(async () => {
    await browser?.close();
    await stack?.close();
    await new Promise<void>((resolve) => merchant.close(() => resolve()));
  });

  const newPage = async (options: { locale?: string; javaScriptEnabled?: boolean } = {}) => {
    const context = await browser.newContext({
      locale: options.locale ?? 'en-GB',
      javaScriptEnabled: options.javaScriptEnabled ?? true,
    });
    const page = await context.newPage();
    await page.addInitScript(() => {
      const seen: string[] = [];
      Object.defineProperty(window, '__cspViolations', { value: seen });
      document.addEventListener('securitypolicyviolation', (event) =>
        seen.push(`${event.violatedDirective} ${event.blockedURI}`),
      );
    });
    return { page, context };
  };
  const toldOf = (type: string, match: (data: Told['data']) => boolean) =>
    eventually(`${type} told to the merchant`, 20_000, () =>
      Promise.resolve(told.find((t) => t.type === type && match(t.data))),
    );

  it('opens an invoice link’s page, which turns paid, and tells the merchant invoice.paid', async () => {
    const number = 'INV-000103';
    const link = (await (
      await stack.api('/api/invoice-links', { body: { invoice_number: number } })
    ).json()) as { url: string };
    const { page, context } = await newPage();
    assert.equal((await page.goto(link.url))?.status(), 200);
    const view = page.locator('pay-invoice-view');
    // the element's heading (exact), not the fallback's "Invoice … · Awaiting payment" before it runs
    await view.getByRole('heading', { name: `Invoice ${number}`, exact: true }).waitFor({ timeout: 15_000 });
    assert.deepEqual(await axeViolations(page), [], 'axe, pending');
    await stack.control.payInvoice(number);
    await page.getByRole('heading', { level: 1, name: 'This invoice is paid' }).waitFor({ timeout: 15_000 });
    assert.deepEqual(await axeViolations(page), [], 'axe, paid');
    assert.deepEqual(await cspViolations(page), []);
    const event = await toldOf('invoice.paid', (data) => data['invoice_number'] === number);
    assert.equal(event.id, `invoice.paid.${number}`);
    await context.close();
  });

  it('opens a funding link’s page with the customer’s accounts, shows a deposit, and tells the merchant deposit.received', async () => {
    const customer = fixtures.customers.ada.id;
    const link = (await (
      await stack.api('/api/funding-links', { body: { customer_id: customer, id_number: '22212345678' } })
    ).json()) as { url: string; token: string };
    const view = FundingView.parse(await (await fetch(`${stack.url}/pay/funding/${link.token}`)).json());
    const naira = view.accounts.find((a) => a.currency === 'NGN');
    assert.ok(naira);
    const { page, context } = await newPage();
    assert.equal((await page.goto(link.url))?.status(), 200);
    const element = page.locator('pay-funding-account');
    const grouped = naira.account_number.replace(/^(\d{3})(\d{3})(\d{4})$/, '$1 $2 $3');
    await element.locator('[part="accounts"]').filter({ hasText: grouped }).waitFor({ timeout: 15_000 });
    assert.deepEqual(await axeViolations(page), []);
    await stack.control.transfer({ account_number: naira.account_number, amount: 4321 });
    await element
      .locator('[part="deposit-list"]')
      .filter({ hasText: /4,321\.00/ })
      .waitFor({ timeout: 15_000 });
    const event = await toldOf('deposit.received', (data) => data['amount'] === '4321.00');
    assert.equal(event.data['customer_id'], customer);
    assert.equal(event.data['account_number'], naira.account_number);
    assert.deepEqual(await cspViolations(page), []);
    await context.close();
  });

  describe('a paid checkout’s receipt', () => {
    let receiptUrl = '';
    before(async () => {
      const created = (await (
        await stack.api('/api/sessions', {
          body: {
            order_id: 'receipt-1',
            amount: '18500.50',
            currency: 'NGN',
            customer_id: fixtures.customers.ada.id,
            order: { title: 'Handwoven Aso-oke throw', reference: '#1002' },
          },
        })
      ).json()) as { id: string; url: string; account: { account_number: string } };
      const { page, context } = await newPage();
      await page.goto(created.url);
      const element = page.locator('pay-dynamic-account');
      await element
        .getByRole('heading', { level: 2, name: 'Pay by bank transfer' })
        .waitFor({ timeout: 15_000 });
      await stack.control.transfer({ account_number: created.account.account_number, amount: 18500.5 });
      await page.getByRole('heading', { level: 1, name: 'Your order is paid' }).waitFor({ timeout: 15_000 });
      const session = (await (await stack.api(`/api/sessions/${created.id}`)).json()) as {
        receipt_url?: string;
      };
      assert.ok(session.receipt_url, 'the paid session has a receipt');
      receiptUrl = session.receipt_url;
      await context.close();
    });

    const details = (page: Page) => page.locator('.receipt-details').innerText();

    it('is readable with script off: every detail a shopper keeps', async () => {
      const { page, context } = await newPage({ javaScriptEnabled: false });
      assert.equal((await page.goto(receiptUrl))?.status(), 200);
      await page.getByRole('heading', { level: 1, name: 'Payment received' }).waitFor();
      const text = await details(page);
      for (const expected of [
        /R-\d{6}/,
        /Acme Stores/,
        /Handwoven Aso-oke throw/,
        /#1002/,
        /NGN\s?18,500\.50|₦18,500\.50/,
        /Wema Bank/,
        /TRF-[0-9A-F]+/, // the transfer by its reference (the transaction’s ref)
      ])
        assert.match(text, expected);
      assert.equal(await page.locator('#print').isVisible(), false, 'no Print button without script');
      await context.close();
    });

    it('offers Print with script, is clean for axe, and prints black on white without its button', async () => {
      const { page, context } = await newPage();
      await page.goto(receiptUrl);
      const print = page.getByRole('button', { name: 'Print or save as PDF' });
      await print.waitFor();
      assert.deepEqual(await axeViolations(page), []);
      assert.deepEqual(await cspViolations(page), []);
      await page.emulateMedia({ media: 'print', colorScheme: 'dark' });
      assert.equal(await print.isVisible(), false, 'the button is not printed');
      const colours = await page.evaluate(() => {
        const body = getComputedStyle(document.body);
        return [body.backgroundColor, body.color];
      });
      assert.deepEqual(colours, ['rgb(255, 255, 255)', 'rgb(0, 0, 0)']);
      assert.match(await details(page), /Transfer reference/);
      const pdf = await page.pdf({ format: 'A4' });
      assert.ok(pdf.byteLength > 1000, `a PDF of ${pdf.byteLength} bytes`);
      await context.close();
    });

    it('speaks the shopper’s language, and shows a tampered link as the not-found page', async () => {
      const { page, context } = await newPage({ locale: 'fr-FR' });
      await page.goto(receiptUrl);
      await page.getByRole('heading', { level: 1, name: 'Paiement reçu' }).waitFor();
      assert.match(await details(page), /Référence du virement/);
      const token = receiptUrl.split('/').at(-1) ?? '';
      const tampered = `${receiptUrl.slice(0, -token.length)}${token.slice(0, -2)}${token.endsWith('AA') ? 'BB' : 'AA'}`;
      assert.equal((await page.goto(tampered))?.status(), 404);
      await page.getByRole('heading', { level: 1, name: 'Reçu introuvable' }).waitFor();
      assert.deepEqual(await axeViolations(page), []);
      await context.close();
    });
  });
});
