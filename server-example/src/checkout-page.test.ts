// The hosted checkout's fills: who asks for the money and what for, from the session view, escaped;
// one heading per state; nothing invented when the view has no display fields.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import type { SessionView } from '@pay-elements/protocol';
import { checkoutFills } from './checkout-page.js';

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
