// server-example's hosted pages in the shopper's language, on the demo's own shells (demo/*.html, their
// placeholders as the build keeps them) with the in-process emulator: `<html lang dir>` (rtl for
// Arabic), title, heading and lead from the elements' tables, `?lang=` before Accept-Language, a
// language the pages do not speak falling back, `Vary: Accept-Language`; the site's own 404 page too.
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { fileURLToPath } from 'node:url';
import { startApp, type App } from './app.js';
import { readConfig } from './config.js';

const demoSource = fileURLToPath(new URL('../../demo', import.meta.url));
const silent = { debug: () => {}, info: () => {}, warn: () => {}, error: () => {} };

/** What a shopper notices of a page: its status, `<html lang dir>`, title, main heading, lead. */
async function shown(url: string, acceptLanguage?: string) {
  const answer = await fetch(url, acceptLanguage ? { headers: { 'accept-language': acceptLanguage } } : {});
  const html = await answer.text();
  const root = /<html lang="([^"]*)" dir="([^"]*)">/.exec(html);
  const text = (pattern: RegExp) =>
    pattern
      .exec(html)?.[1]
      ?.replace(/<[^>]*>/g, '')
      .trim();
  return {
    status: answer.status,
    vary: answer.headers.get('vary') ?? '',
    lang: root?.[1],
    dir: root?.[2],
    title: text(/<title>([^<]*)<\/title>/),
    heading: text(/<h1[^>]*>([\s\S]*?)<\/h1>/),
    lead: text(/<p id="lead"[^>]*>([^<]*)<\/p>/),
    html,
  };
}

describe('server-example’s hosted pages in the shopper’s language', () => {
  let app: App;
  let base = '';
  let checkout = '';

  before(async () => {
    app = await startApp(readConfig({ PORT: '0', PAY_SANDBOX_PORT: '0', PAY_DB: ':memory:' }), {
      staticRoot: demoSource,
      logger: silent,
    });
    const address = app.server.address();
    if (address === null || typeof address === 'string') throw new Error('not listening');
    base = `http://127.0.0.1:${address.port}`;
    const created = await fetch(`${base}/pay/sessions`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ order_id: 'demo-1' }),
    });
    assert.equal(created.status, 201);
    checkout = `${base}/checkout/${((await created.json()) as { id: string }).id}`;
  });
  after(() => app.close());

  it('writes a French shopper’s checkout in French', async () => {
    const page = await shown(checkout, 'fr-FR,fr;q=0.9');
    assert.equal(page.status, 200);
    assert.deepEqual([page.lang, page.dir], ['fr', 'ltr']);
    assert.equal(page.heading, 'Payer Acme Stores');
    assert.equal(page.title, 'Payer Acme Stores — Ankara tote bag');
    assert.equal(page.lead, 'Envoyez le montant exact ci-dessous depuis votre application bancaire.');
    assert.match(page.html, /· Commande #1001/);
    assert.match(page.html, /<a href="[^"]*">Retour à Acme Stores<\/a>/);
    assert.match(page.html, /<div id="checkout" lang="fr"[ >]/);
    assert.match(page.vary, /accept-language/i);
    assert.doesNotMatch(page.html, /__PAY_\w+__/, 'every placeholder filled');
  });

  it('writes an Arabic checkout right to left, ?lang= before Accept-Language', async () => {
    const page = await shown(`${checkout}?lang=ar`, 'fr');
    assert.deepEqual([page.status, page.lang, page.dir], [200, 'ar', 'rtl']);
    assert.equal(page.heading, 'الدفع إلى Acme Stores');
    assert.equal(page.title, 'الدفع إلى Acme Stores — Ankara tote bag');
    assert.equal(page.lead, 'أرسل المبلغ المحدد أدناه بالضبط من تطبيق البنك الخاص بك.');
    assert.ok(page.html.includes(`href="${new URL(checkout).pathname}?lang=ar"`), '"Check again" keeps it');
  });

  it('falls back from a language the pages do not speak to Accept-Language, then English', async () => {
    const swahili = await shown(`${checkout}?lang=de`, 'de, sw;q=0.5');
    assert.deepEqual([swahili.lang, swahili.heading], ['sw', 'Lipa Acme Stores']);
    const english = await shown(`${checkout}?lang=zz`);
    assert.deepEqual([english.status, english.lang, english.dir], [200, 'en', 'ltr']);
    assert.equal(english.heading, 'Pay Acme Stores');
  });

  it('writes the invoice and accounts pages, and the site’s own 404, in French and in Arabic', async () => {
    const invoice = (await fetch(`${base}/demo/invoice`, { redirect: 'manual' })).headers.get('location');
    const fund = (await fetch(`${base}/demo/fund`, { redirect: 'manual' })).headers.get('location');
    assert.ok(invoice && fund);
    const expected = [
      [`${base}${invoice}`, 'fr', 200, 'ltr', 'Payer Acme Stores'],
      [`${base}${invoice}`, 'ar', 200, 'rtl', 'الدفع إلى Acme Stores'],
      [`${base}${fund}`, 'fr', 200, 'ltr', 'Alimentez votre solde chez Acme Stores'],
      [`${base}${fund}`, 'ar', 200, 'rtl', 'اشحن رصيدك لدى Acme Stores'],
      [`${base}/no-such-page`, 'fr', 404, 'ltr', 'Page introuvable'],
      [`${base}/no-such-page`, 'ar', 404, 'rtl', 'الصفحة غير موجودة'],
      [`${base}/checkout/ses_unknown`, 'ar', 404, 'rtl', 'صفحة الدفع غير موجودة'],
    ] as const;
    for (const [url, lang, status, dir, heading] of expected) {
      const page = await shown(url, lang);
      assert.deepEqual([page.status, page.lang, page.dir, page.heading], [status, lang, dir, heading], url);
      assert.match(page.vary, /accept-language/i, url);
    }
  });
});
