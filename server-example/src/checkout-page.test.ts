// The hosted checkout's fills: who asks for the money and what for, from the session view, escaped;
// one heading per state; nothing invented when the view has no display fields. And the page of a
// merchant whose order title holds the page's placeholder names (a seller on a marketplace names the
// item): every value is filled in once, so the title stays the text it is, and the element (its
// payment details) is written once, where the page puts it; the real kit and emulator, the demo's
// own checkout.html (its placeholders as the build keeps them).
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { fileURLToPath } from 'node:url';
import type { SessionView } from '@pay-elements/protocol';
import { createClock } from '@pay-elements/sandbox';
import { MemoryStore } from '@pay-elements/server';
import { startEmulatorAndKit, START, type EmulatorAndKit } from '@pay-elements/testing/emulator-and-kit';
import { builtTemplates, checkoutFills, checkoutPage } from '@pay-elements/service/hosted';

const view: SessionView = {
  id: 'ses_1',
  status: 'pending',
  amount: '5000.00',
  currency: 'NGN',
  account: { account_name: 'Acme', account_number: '0123456789', bank_name: 'Wema Bank' },
  reference: 'DVA-1',
  created_at: '2026-01-01T00:00:00Z',
  expires_at: '2026-01-01T00:30:00Z',
  paid_at: null,
  server_time: '2026-01-01T00:00:00Z',
  merchant: { name: 'Ade & <Sons>', logo_url: 'https://shop.example/logo.svg?a=1&b="2"' },
  order: { title: 'Tote <script>', reference: '#1001' },
  return_url: 'https://shop.example/orders/1001',
};

describe('checkoutFills', () => {
  it('names the merchant and the order, escaped, with the logo and the way back', () => {
    const fills = checkoutFills(view);
    assert.equal(fills['__PAY_HEADING__'], 'Pay Ade &amp; &lt;Sons&gt;');
    assert.equal(
      fills['__PAY_MERCHANT__'],
      '<img class="hosted-logo" src="https://shop.example/logo.svg?a=1&amp;b=&quot;2&quot;" alt="" width="40" height="40">' +
        '<span class="hosted-merchant">Ade &amp; &lt;Sons&gt;</span>',
    );
    assert.equal(fills['__PAY_ORDER__'], 'Tote &lt;script&gt; <span class="muted">· Order #1001</span>');
    assert.equal(
      fills['__PAY_BACK__'],
      '<a href="https://shop.example/orders/1001">Back to Ade &amp; &lt;Sons&gt;</a>',
    );
    assert.equal(fills['__PAY_TITLE__'], 'Pay Ade &amp; &lt;Sons&gt; — Tote &lt;script&gt;');
  });

  it('heads each state once, and the lead follows the state', () => {
    assert.equal(checkoutFills({ ...view, status: 'paid' })['__PAY_HEADING__'], 'Your order is paid');
    assert.equal(checkoutFills({ ...view, status: 'expired' })['__PAY_HEADING__'], 'The time to pay ran out');
    assert.equal(checkoutFills({ ...view, status: 'expired' })['__PAY_STATUS__'], 'expired');
  });

  it('invents nothing without display fields (or without a view)', () => {
    const bare = checkoutFills({ ...view, merchant: undefined, order: undefined, return_url: undefined });
    assert.equal(bare['__PAY_HEADING__'], 'Pay for your order');
    assert.equal(bare['__PAY_MERCHANT__'], '');
    assert.equal(bare['__PAY_ORDER__'], '');
    assert.equal(bare['__PAY_BACK__'], '');
    assert.equal(checkoutFills(null)['__PAY_HEADING__'], 'Pay for your order');
  });
});

const demoSource = fileURLToPath(new URL('../../demo', import.meta.url));
const attack = 'Tote __PAY_ELEMENT__ __PAY_TITLE__ __PAY_DESCRIPTION__ bag';

describe('the hosted checkout of an order titled with placeholder names', () => {
  let world: EmulatorAndKit;
  let sessionId = '';

  before(async () => {
    world = await startEmulatorAndKit({
      clock: createClock({ frozen: true, start: START }),
      kit: ({ customerId }) => ({
        store: new MemoryStore(),
        merchant: { name: 'Acme Stores' },
        resolveOrder: () => ({
          amount: '5000.00',
          currency: 'NGN',
          customer_id: customerId,
          display: { order: { title: attack, reference: '#1001' } },
        }),
      }),
    });
    const created = await world.kit.fetch(
      new Request('http://shop.test/pay/sessions', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ order_id: 'o-1' }),
      }),
    );
    assert.equal(created.status, 201);
    sessionId = ((await created.json()) as { id: string }).id;
  });
  after(() => world.close());

  it('keeps the title as text in <title>, the description and the order line, and writes the element once', async () => {
    const page = await checkoutPage({
      id: sessionId,
      origin: 'http://shop.test',
      pay: world.kit,
      templates: builtTemplates(demoSource),
    });
    assert.equal(page.status, 200);
    const html = await page.text();
    const title = /<title>([^<]*)<\/title>/.exec(html)?.[1];
    assert.equal(title, `Pay Acme Stores — ${attack}`);
    const description = /<meta name="description" content="([^"]*)"/.exec(html)?.[1];
    assert.equal(description, `Acme Stores: ${attack}, paid by bank transfer.`);
    assert.ok(html.includes(`<p class="hosted-order">${attack} <span`), 'the order line');
    assert.equal(html.match(/<pay-dynamic-account\b/g)?.length, 1, 'one element');
    assert.ok(
      html.indexOf('<pay-dynamic-account') > html.indexOf('<div id="checkout"'),
      'the element where the page puts it',
    );
    assert.doesNotMatch(
      html,
      /__PAY_(LANG|DIR|LEAD|STATUS|HEADING|MERCHANT|BACK)\w*__/,
      'every placeholder filled',
    );
  });
});
