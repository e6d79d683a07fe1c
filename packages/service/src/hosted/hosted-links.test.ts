// The links of the hosted pages: "Back to …" goes to the shop's own site (PAY_SHOP_URL), or is not
// there (the service has no shop page, and the link used to go to its own root, a 404; the receipt has
// it too); every page's icon is served (a browser asked for /favicon.ico, a 404, on every page); and
// a merchant PAY_MERCHANT_NAME does not name is "the shop", never "Pay 127.0.0.1:3000".
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

describe("the hosted pages' icon", () => {
  let s: Started;
  before(async () => {
    s = await startTestService();
  });
  after(() => s.close());

  it('is linked from every hosted page and served, and /favicon.ico is not a 404', async () => {
    for (const url of await hostedPages(s)) {
      const html = await (await fetch(url)).text();
      const href = /<link rel="icon" href="([^"]+)" type="image\/svg\+xml">/.exec(html)?.[1];
      assert.ok(href, `${url} links an icon`);
      const icon = await fetch(new URL(href, url));
      assert.equal(icon.status, 200);
      assert.equal(icon.headers.get('content-type'), 'image/svg+xml');
      assert.match(await icon.text(), /^<svg /);
    }
    const ico = await fetch(`${s.base}/favicon.ico`);
    await ico.body?.cancel();
    assert.equal(ico.status, 200);
  });
});

describe('the hosted pages as the Nu Html Checker reads them', () => {
  let s: Started;
  before(async () => {
    s = await startTestService();
  });
  after(() => s.close());

  // what the checker reported of these pages, and the rules next to it (vnu-jar is not installed here)
  it('give every meta its content (or charset), each id once, a language and a title', async () => {
    for (const url of await hostedPages(s)) {
      const html = await (await fetch(url)).text();
      for (const [meta] of html.matchAll(/<meta\b[^>]*>/g))
        assert.match(meta, /\b(charset|content)=/, `${url}: ${meta}`);
      const ids = [...html.matchAll(/\sid="([^"]+)"/g)].map((m) => m[1]);
      assert.equal(new Set(ids).size, ids.length, `${url}: ids ${ids.join(', ')}`);
      assert.match(html, /^<!doctype html>\n<html lang="[a-z]{2}"/, url);
      assert.match(html, /<title>[^<]+<\/title>/, url);
    }
  });
});

describe('a merchant PAY_MERCHANT_NAME does not name', () => {
  let s: Started;
  before(async () => {
    s = await startTestService({ PAY_MERCHANT_NAME: '' });
  });
  after(() => s.close());

  it('is "the shop" on the pages, never this server\'s host and port', async () => {
    const [checkout, invoice, fund, receipt] = await hostedPages(s);
    const host = new URL(s.base).host;
    for (const url of [checkout, invoice, fund, receipt]) {
      const html = await (await fetch(url ?? '')).text();
      assert.ok(!html.includes(`Pay ${host}`) && !html.includes(`>${host}<`), url);
      assert.match(html, /the shop/, url);
    }
    assert.match(await (await fetch(invoice ?? '')).text(), /<h1[^>]*>Pay the shop<\/h1>/);
  });
});
