// The hosted pages in the shopper's language on pay-service, over HTTP against the emulator: `?lang=`
// first, then Accept-Language by weight, then English; `<html lang dir>` (rtl for Arabic), the title,
// the heading, the lead and the element's own words in it, the links between the pages keeping a
// language the query chose, and `Vary: Accept-Language` on every page so written.
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { fixtures } from '@pay-elements/sandbox';
import { startTestService, type Started } from '../testing/service.js';
import { pageLanguage, pickLanguage } from './language.js';

describe('the language of a hosted page', () => {
  it('takes ?lang= first, then Accept-Language by weight, then English', () => {
    assert.equal(pageLanguage({ lang: 'ar', acceptLanguage: 'fr' }).code, 'ar');
    assert.equal(pageLanguage({ lang: 'fr-CI', acceptLanguage: 'ar' }).code, 'fr');
    assert.equal(pageLanguage({ lang: 'FR' }).query, '?lang=fr', 'a chosen language is kept on links');
    assert.equal(pageLanguage({ lang: 'de', acceptLanguage: 'de, pt-BR;q=0.8' }).code, 'pt');
    assert.equal(pageLanguage({ lang: 'de', acceptLanguage: 'de, pt-BR;q=0.8' }).query, '');
    assert.equal(pageLanguage({ lang: '<x>' }).code, 'en');
    assert.equal(pageLanguage({ acceptLanguage: 'en;q=0.2, sw;q=0.9' }).code, 'sw');
    assert.equal(pageLanguage({}).code, 'en');
    assert.equal(pickLanguage('fr;q=0, de'), 'en', 'q=0 is not wanted');
    assert.deepEqual(
      ['en', 'fr', 'pt', 'sw', 'ar'].map((lang) => pageLanguage({ lang }).dir),
      ['ltr', 'ltr', 'ltr', 'ltr', 'rtl'],
    );
  });
});

/** What a shopper notices of a page: its status, `<html lang dir>`, title, main heading, lead. */
async function shown(url: string, acceptLanguage?: string) {
  const answer = await fetch(url, acceptLanguage ? { headers: { 'accept-language': acceptLanguage } } : {});
  const html = await answer.text();
  const html$ = /<html lang="([^"]*)" dir="([^"]*)">/.exec(html);
  const text = (pattern: RegExp) =>
    pattern
      .exec(html)?.[1]
      ?.replace(/<[^>]*>/g, '')
      .trim();
  return {
    status: answer.status,
    vary: answer.headers.get('vary') ?? '',
    lang: html$?.[1],
    dir: html$?.[2],
    title: text(/<title>([^<]*)<\/title>/),
    heading: text(/<h1[^>]*>([\s\S]*?)<\/h1>/),
    lead: text(/<p id="lead"[^>]*>([^<]*)<\/p>/),
    html,
  };
}

describe('pay-service’s hosted pages in the shopper’s language', () => {
  let s: Started;
  let checkout = '';
  let invoice = '';
  let fund = '';
  let receipt = '';
  let paidCheckout = '';

  before(async () => {
    s = await startTestService();
    const session = async (order: string) =>
      (await (
        await s.api('/api/sessions', {
          body: {
            order_id: order,
            amount: '5000.00',
            currency: 'NGN',
            customer_id: fixtures.customers.ada.id,
          },
        })
      ).json()) as { id: string; url: string; account: { account_number: string } };
    checkout = (await session('lang-1')).url;
    const paid = await session('lang-2');
    paidCheckout = paid.url;
    await s.control.transfer({ account_number: paid.account.account_number, amount: 5000 });
    await s.service.sandbox?.flushWebhooks();
    receipt = ((await (await s.api(`/api/sessions/${paid.id}`)).json()) as { receipt_url: string })
      .receipt_url;
    invoice = (
      (await (await s.api('/api/invoice-links', { body: { invoice_number: 'INV-000101' } })).json()) as {
        url: string;
      }
    ).url;
    fund = (
      (await (
        await s.api('/api/funding-links', {
          body: { customer_id: fixtures.customers.ada.id, id_number: '22212345678' },
        })
      ).json()) as { url: string }
    ).url;
  });
  after(() => s.close());

  it('writes a French shopper’s checkout in French, the element and its no-script details too', async () => {
    const page = await shown(checkout, 'fr-CI,fr;q=0.9,en;q=0.5');
    assert.equal(page.status, 200);
    assert.deepEqual([page.lang, page.dir], ['fr', 'ltr']);
    assert.equal(page.heading, 'Payer Acme Stores');
    assert.equal(page.title, 'Payer Acme Stores');
    assert.equal(page.lead, 'Envoyez le montant exact ci-dessous depuis votre application bancaire.');
    assert.match(page.html, /<div id="checkout" lang="fr"[ >]/);
    assert.match(page.html, /Payer par virement bancaire/, 'the element’s own heading, with no script');
    assert.match(page.html, /Vérifier à nouveau/, 'its no-script "Check again"');
    assert.match(page.vary, /accept-language/i);
    assert.doesNotMatch(page.html, /__PAY_\w+__/, 'every placeholder filled');
  });

  it('writes an Arabic checkout right to left, ?lang= before Accept-Language, its links keeping it', async () => {
    const page = await shown(`${checkout}?lang=ar`, 'fr');
    assert.equal(page.status, 200);
    assert.deepEqual([page.lang, page.dir], ['ar', 'rtl']);
    assert.equal(page.heading, 'الدفع إلى Acme Stores');
    assert.equal(page.lead, 'أرسل المبلغ المحدد أدناه بالضبط من تطبيق البنك الخاص بك.');
    assert.match(page.html, /<div id="checkout" lang="ar"[ >]/);
    const path = new URL(checkout).pathname;
    assert.ok(page.html.includes(`href="${path}?lang=ar"`), '"Check again" keeps the language');
    // the renew form (script off) comes back to the page in the language it was sent from
    const renewed = await fetch(`${checkout}/renew?lang=ar`, { method: 'POST', redirect: 'manual' });
    assert.equal(renewed.status, 303);
    assert.equal(renewed.headers.get('location'), `${path}?lang=ar`);
  });

  it('keeps a language ?lang= chose on a paid checkout’s receipt link, and none the browser chose', async () => {
    const page = await shown(`${paidCheckout}?lang=ar`, 'fr');
    assert.equal(page.heading, 'تم دفع طلبك');
    const link = /<a href="([^"]*\/receipts\/[^"]*)"/.exec(page.html)?.[1]?.replaceAll('&amp;', '&');
    assert.ok(link, 'the receipt linked');
    assert.equal(link, `${receipt}?lang=ar`);
    const opened = await shown(link, 'fr');
    assert.deepEqual([opened.status, opened.lang, opened.dir], [200, 'ar', 'rtl']);
    // a language the browser chose needs no keeping: it asks the receipt for it again
    assert.ok((await shown(paidCheckout, 'ar')).html.includes(`<a href="${receipt}">`));
  });

  it('falls back from a language the pages do not speak to Accept-Language, then English', async () => {
    const portuguese = await shown(`${checkout}?lang=de`, 'de-DE, pt-BR;q=0.8');
    assert.deepEqual([portuguese.lang, portuguese.heading], ['pt', 'Pagar a Acme Stores']);
    assert.ok(!portuguese.html.includes('?lang='), 'a language the browser chose is not put on links');
    const english = await shown(`${checkout}?lang=xx`, 'de-DE');
    assert.deepEqual([english.status, english.lang, english.dir], [200, 'en', 'ltr']);
    assert.equal(english.heading, 'Pay Acme Stores');
    assert.equal(english.lead, 'Send the exact amount below from your bank app.');
  });

  it('writes the invoice, accounts and receipt pages in French and in Arabic', async () => {
    const expected = [
      [invoice, 'fr', 'ltr', 'Payer Acme Stores', /^Facture INV-000101 — [\d\s]+,\d\d\sNGN$/],
      [invoice, 'ar', 'rtl', 'الدفع إلى Acme Stores', /^الفاتورة INV-000101 — /],
      [fund, 'fr', 'ltr', 'Alimentez votre solde chez Acme Stores', /^Vos comptes chez Acme Stores$/],
      [fund, 'ar', 'rtl', 'اشحن رصيدك لدى Acme Stores', /^حساباتك لدى Acme Stores$/],
      [receipt, 'fr', 'ltr', 'Paiement reçu', /^Reçu /],
      [receipt, 'ar', 'rtl', 'تم استلام الدفعة', /^إيصال /],
    ] as const;
    for (const [url, lang, dir, heading, title] of expected) {
      const page = await shown(url, lang);
      assert.equal(page.status, 200, url);
      assert.deepEqual([page.lang, page.dir, page.heading], [lang, dir, heading], `${lang} ${url}`);
      assert.match(page.title ?? '', title, `${lang} ${url}`);
      assert.match(page.vary, /accept-language/i, url);
    }
  });

  it('writes the pages shown instead (not found) in the shopper’s language', async () => {
    const expected = [
      [`${s.base}/checkout/ses_unknown`, 'Paiement introuvable', 'صفحة الدفع غير موجودة'],
      [`${s.base}/invoices/not-a-token`, 'Facture introuvable', 'الفاتورة غير موجودة'],
      [`${s.base}/fund/not-a-token`, 'Lien non valide', 'الرابط غير صالح'],
      [`${s.base}/receipts/not-a-token`, 'Reçu introuvable', 'الإيصال غير موجود'],
      [`${s.base}/no-such-page`, 'Page introuvable', 'الصفحة غير موجودة'],
    ] as const;
    for (const [url, french, arabic] of expected) {
      const fr = await shown(url, 'fr');
      assert.deepEqual(
        [fr.status, fr.lang, fr.dir, fr.title, fr.heading],
        [404, 'fr', 'ltr', french, french],
      );
      const ar = await shown(`${url}?lang=ar`, 'fr');
      assert.deepEqual([ar.status, ar.lang, ar.dir, ar.heading], [404, 'ar', 'rtl', arabic], url);
      assert.match(ar.vary, /accept-language/i, url);
    }
  });
});
