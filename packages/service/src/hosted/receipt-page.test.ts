// The hosted receipt as the server writes it, from the kit's receipt view: every detail a shopper keeps
// (merchant, what for, amount and currency, when, the transfer's reference, the bank and account, the
// receipt's number) in the HTML with no script, in each of the five languages with Intl's money and
// dates, values escaped; the kit's 404 (a tampered link) the not-found page in the shopper's language.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import type { ReceiptView } from '@pay-elements/protocol';
import { hostedLanguages } from './hosted-render.js';
import { receiptHtml, receiptPage } from './receipt-page.js';
import { receiptTerms } from './receipt-terms.js';

const view: ReceiptView = {
  number: 'R-000042',
  kind: 'session',
  merchant: { name: 'Ade & <Sons>' },
  title: 'Ankara tote <bag>',
  reference: '#1001',
  amount: '18500.50',
  currency: 'NGN',
  paid_at: '2026-03-04T09:05:00Z',
  transfer_reference: 'txn_abc123',
  account: { account_name: 'Acme Stores - Ada', account_number: '0123456789', bank_name: 'Wema Bank' },
  issued_at: '2026-03-04T09:05:02Z',
};
const merchant = { name: 'Fallback Shop' };

describe('the receipt page', () => {
  it('carries every detail in its HTML, escaped, with no script needed and no inline script or style', () => {
    const html = receiptHtml(view, receiptTerms.en, 'en', merchant);
    for (const text of [
      'R-000042',
      'Ade &amp; &lt;Sons&gt;',
      'Ankara tote &lt;bag&gt;',
      '#1001',
      'NGN', // the currency, by Intl (₦ or NGN as the locale writes it)
      '18,500.50',
      'March 4, 2026',
      'txn_abc123',
      'Wema Bank',
      'Acme Stores - Ada',
      '0123456789',
      'Order reference',
    ])
      assert.ok(html.includes(text) || (text === 'NGN' && html.includes('₦')), text);
    assert.doesNotMatch(html, /<script>|<script [^>]*>[^<]|style=|<style/, 'no inline script or style');
    assert.match(html, /<button type="button" id="print" hidden>Print or save as PDF<\/button>/);
    assert.match(html, /<time datetime="2026-03-04T09:05:00Z">/);
    assert.ok(
      receiptHtml({ ...view, merchant: undefined }, receiptTerms.en, 'en', merchant).includes(
        'Fallback Shop',
      ),
    );
    assert.ok(
      receiptHtml({ ...view, kind: 'invoice' }, receiptTerms.en, 'en', merchant).includes('Invoice number'),
    );
  });

  it('speaks each of the five languages, money and dates by Intl, Arabic right to left', () => {
    const expected = {
      en: 'Payment received',
      fr: 'Paiement reçu',
      pt: 'Pagamento recebido',
      sw: 'Malipo yamepokelewa',
      ar: 'تم استلام الدفعة',
    };
    for (const language of hostedLanguages) {
      const html = receiptHtml(view, receiptTerms[language], language, merchant);
      assert.match(html, new RegExp(`<html lang="${language}" dir="${language === 'ar' ? 'rtl' : 'ltr'}">`));
      assert.ok(html.includes(`<h1>${expected[language]}</h1>`), language);
      const amount = new Intl.NumberFormat(language, { style: 'currency', currency: 'NGN' }).format(
        '18500.50',
      );
      assert.ok(html.includes(amount), `${language}: ${amount}`);
    }
  });

  it("shows the kit's 404 (a tampered or made-up link) as the not-found page, in the shopper's language", async () => {
    const asked: string[] = [];
    const kit = (status: number, body: unknown) => ({
      fetch: (request: Request) => {
        asked.push(new URL(request.url).pathname);
        return Promise.resolve(new Response(JSON.stringify(body), { status }));
      },
    });
    const options = { origin: 'http://kit', templates: { home: null }, merchant, shopUrl: null };
    const missing = await receiptPage({
      ...options,
      token: 'tampered',
      pay: kit(404, { error: {} }),
      acceptLanguage: 'fr-FR,fr;q=0.9',
    });
    assert.equal(missing.status, 404);
    assert.equal(missing.headers.get('cache-control'), 'no-store');
    const text = await missing.text();
    assert.match(text, /<html lang="fr" dir="ltr">/);
    assert.ok(text.includes('Reçu introuvable'));
    assert.deepEqual(asked, ['/pay/receipts/tampered'], 'the kit asked, in process (it asks no provider)');
    const broken = await receiptPage({ ...options, token: 't', pay: kit(200, { number: 1 }) });
    assert.equal(broken.status, 503);
    const shown = await receiptPage({ ...options, token: 't', pay: kit(200, view), acceptLanguage: 'sw' });
    assert.equal(shown.status, 200);
    assert.ok((await shown.text()).includes('Malipo yamepokelewa'));
  });
});
