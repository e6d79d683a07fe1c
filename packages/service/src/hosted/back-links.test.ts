// "Back to …" on the hosted pages goes to the shop's own site (PAY_SHOP_URL), or is not there: the
// service has no shop page, and the link used to go to its own root, a 404. The receipt has it too.
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { fixtures } from '@pay-elements/sandbox';
import { startTestService, type Started } from '../testing/service.js';

const SHOP = 'https://shop.example/';
let orders = 0;

/** Every hosted page a shopper can land on: the four pages and their not-found pages. */
async function hostedPages(s: Started): Promise<string[]> {
  const created = (await (
    await s.api('/api/sessions', {
      body: {
        order_id: `back-${++orders}`,
        amount: '5000.00',
        currency: 'NGN',
        customer_id: fixtures.customers.ada.id,
      },
    })
  ).json()) as { id: string; url: string; account: { account_number: string } };
  await s.control.transfer({ account_number: created.account.account_number, amount: 5000 });
  await s.service.sandbox?.flushWebhooks();
  const paid = (await (await s.api(`/api/sessions/${created.id}`)).json()) as { receipt_url?: string };
  assert.ok(paid.receipt_url, 'the paid session has a receipt');
  const invoice = (await (
    await s.api('/api/invoice-links', { body: { invoice_number: 'INV-000101' } })
  ).json()) as { url: string };
  const fund = (await (
    await s.api('/api/funding-links', {
      body: { customer_id: fixtures.customers.ada.id, id_number: '22212345678' },
    })
  ).json()) as { url: string };
  return [
    created.url,
    invoice.url,
    fund.url,
    paid.receipt_url,
    `${s.base}/checkout/ses_unknown`,
    `${s.base}/invoices/not-a-token`,
    `${s.base}/fund/not-a-token`,
    `${s.base}/receipts/not-a-token`,
    `${s.base}/no-such-page`,
  ];
}

/** The "Back to …" links of a page (any language's wording starts the link text so in English). */
function backLinks(html: string): string[] {
  return [
    ...html.matchAll(/<a href="([^"]*)">(?:Back to|Retour à|Voltar a|Rudi kwa|العودة إلى) [^<]*<\/a>/g),
  ].map((m) => (m[1] ?? '').replaceAll('&amp;', '&'));
}

describe('"Back to …" on the hosted pages without PAY_SHOP_URL', () => {
  let s: Started;
  before(async () => {
    s = await startTestService();
  });
  after(() => s.close());

  it('no "Back to" link on any hosted page answers 404', async () => {
    for (const url of await hostedPages(s)) {
      const page = await fetch(url);
      for (const href of backLinks(await page.text())) {
        const target = new URL(href, url);
        const answer = await fetch(target);
        await answer.body?.cancel();
        assert.notEqual(answer.status, 404, `${url} links "Back to" ${target.href}, a 404`);
      }
    }
  });

  it('shows none on the invoice, accounts and receipt pages, there being no shop to go back to', async () => {
    const [, invoice, fund, receipt] = await hostedPages(s);
    for (const url of [invoice, fund, receipt]) {
      assert.deepEqual(backLinks(await (await fetch(url ?? '')).text()), [], url);
    }
  });
});

describe('"Back to …" with PAY_SHOP_URL', () => {
  let s: Started;
  before(async () => {
    s = await startTestService({ PAY_SHOP_URL: SHOP });
  });
  after(() => s.close());

  it('goes to the shop from the invoice, accounts and receipt pages and the not-found pages', async () => {
    const [, invoice, fund, receipt, , missingInvoice, , missingReceipt] = await hostedPages(s);
    for (const url of [invoice, fund, receipt]) {
      const html = await (await fetch(url ?? '')).text();
      assert.deepEqual(backLinks(html), [SHOP], url);
      assert.match(html, /Back to Acme Stores/);
    }
    for (const url of [missingInvoice, missingReceipt]) {
      const html = await (await fetch(url ?? '')).text();
      assert.ok(html.includes(`<a href="${SHOP}">Back to the shop</a>`), url);
    }
  });
});
