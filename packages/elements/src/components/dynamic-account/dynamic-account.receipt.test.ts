// <pay-dynamic-account> links the receipt once paid, when the backend names one (`receipt_url`): a
// link in the same tab, named by its text in the shopper's language, never a script URL. The kit's
// real answers, with the receipt's address added to the paid view on its way to the page.
import { expect } from '../../test/testing.js';
import '../../i18n/ar.js';
import '../../i18n/fr.js';
import '../../i18n/pt.js';
import '../../i18n/sw.js';
import { expectAccessible } from '../../test/axe.js';
import { createSession, endpoint, sendTransfer } from '../../test/backend.js';
import { hasPart, mountAccount, part } from '../../test/account.js';
import { rewriteAnswers } from '../../test/page-fetch.js';

/** The session's answers with `receipt_url` once it is paid. */
function withReceipt(sessionId: string, url: string): { restore(): void } {
  return rewriteAnswers(`${endpoint}/sessions/${sessionId}`, (body) =>
    body.status === 'paid' ? { ...body, receipt_url: url } : body,
  );
}

describe('<pay-dynamic-account> receipt', () => {
  it('links the receipt when the payment arrives: same tab, named by its text, axe clean', async () => {
    const view = await createSession();
    const rewrite = withReceipt(view.id, '/receipts/rct_token-1');
    try {
      const { el, clock, log } = await mountAccount(view.id);
      expect(hasPart(el, 'receipt-link')).to.equal(false);
      await sendTransfer(view.account.account_number, view.amount);
      const paid = log.next('pay-paid');
      await clock.advance(2000);
      await paid;
      await el.updateComplete;
      const link = part<HTMLAnchorElement>(el, 'receipt-link');
      expect(link.localName).to.equal('a');
      expect(link.textContent?.trim()).to.equal('View receipt');
      expect(link.href).to.equal(new URL('/receipts/rct_token-1', document.baseURI).href);
      expect(link.hasAttribute('target')).to.equal(false);
      expect(link.getBoundingClientRect().height).to.be.greaterThan(0);
      await expectAccessible(el);
    } finally {
      rewrite.restore();
    }
  });

  it('says it in the shopper’s language', async () => {
    const view = await createSession();
    await sendTransfer(view.account.account_number, view.amount);
    const rewrite = withReceipt(view.id, 'https://shop.example/receipts/rct_token-2');
    try {
      const words = {
        en: 'View receipt',
        fr: 'Voir le reçu',
        pt: 'Ver recibo',
        sw: 'Tazama risiti',
        ar: 'عرض الإيصال',
      };
      for (const [lang, text] of Object.entries(words)) {
        const { el } = await mountAccount(view.id, { lang });
        const link = part<HTMLAnchorElement>(el, 'receipt-link');
        expect(link.textContent?.trim(), lang).to.equal(text);
        expect(link.href).to.equal('https://shop.example/receipts/rct_token-2');
      }
    } finally {
      rewrite.restore();
    }
  });

  it('shows no link without a receipt, or for a script URL', async () => {
    const view = await createSession();
    await sendTransfer(view.account.account_number, view.amount);
    const plain = await mountAccount(view.id);
    expect(plain.el.status).to.equal('paid');
    expect(hasPart(plain.el, 'receipt-link')).to.equal(false);
    const rewrite = withReceipt(view.id, 'javascript:alert(1)');
    try {
      const { el } = await mountAccount(view.id);
      expect(el.status).to.equal('paid');
      expect(hasPart(el, 'receipt-link')).to.equal(false);
    } finally {
      rewrite.restore();
    }
  });
});
