// <pay-dynamic-account show-qr>: <pay-qr> (and its encoder) stay out of the page until a QR code is
// first shown, then it is defined and draws the hosted checkout URL, or without one (a backend that
// hosts no checkout) the transfer details as text. (Alone in its file: no other test of this page
// may define <pay-qr> first.)
import { expect } from '../../test/testing.js';
import type { PayQr } from '../qr/qr.js';
import '../../i18n/fr.js';
import { expectAccessible } from '../../test/axe.js';
import { createSession, endpoint } from '../../test/backend.js';
import { mountAccount, part, partText } from '../../test/account.js';
import { rewriteAnswers } from '../../test/page-fetch.js';

describe('<pay-dynamic-account> QR code', () => {
  it('defines <pay-qr> only once it shows a QR code, which then draws the checkout URL', async () => {
    const view = await createSession();
    const { el } = await mountAccount(view.id);
    expect(customElements.get('pay-qr')).to.equal(undefined);

    el.showQr = true;
    await el.updateComplete;
    await customElements.whenDefined('pay-qr');
    const qr = part<PayQr>(el, 'qr');
    await qr.updateComplete;
    expect(qr.getAttribute('value')).to.equal(view.checkout_url);
    expect(qr.moduleCount).to.be.greaterThan(20);
    const svg = qr.shadowRoot?.querySelector('[part="svg"]');
    expect(svg?.getBoundingClientRect().width).to.be.greaterThan(100);
  });

  it('draws the transfer details as text when the session has no checkout URL, in the shopper’s language', async () => {
    const view = await createSession();
    const rewrite = rewriteAnswers(`${endpoint}/sessions/${view.id}`, (body) => {
      const { checkout_url: _, ...rest } = body;
      return rest;
    });
    try {
      const { el } = await mountAccount(view.id, { showQr: true });
      await customElements.whenDefined('pay-qr');
      const qr = part<PayQr>(el, 'qr');
      await qr.updateComplete;
      const number = view.account.account_number;
      expect(qr.getAttribute('value')).to.equal(
        [
          'Amount: NGN\u00a05,000.00',
          `Bank: ${view.account.bank_name}`,
          `Account name: ${view.account.account_name}`,
          `Account number: ${number}`,
        ].join('\n'),
      );
      expect(qr.getAttribute('label')).to.equal('QR code of the transfer details');
      expect(partText(el, 'qr-caption')).to.equal('Scan to take these details to your phone');
      expect(qr.moduleCount).to.be.greaterThan(20);
      await expectAccessible(el);

      const french = await mountAccount(view.id, { showQr: true, lang: 'fr' });
      const frenchQr = part<PayQr>(french.el, 'qr');
      expect(frenchQr.getAttribute('value')?.split('\n')[3]).to.equal(`Numéro de compte\u00a0: ${number}`);
      expect(partText(french.el, 'qr-caption')).to.equal(
        'Scannez pour retrouver ces coordonnées sur votre téléphone',
      );
    } finally {
      rewrite.restore();
    }
  });
});
