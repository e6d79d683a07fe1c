// <pay-invoice-view> links the receipt once the invoice is paid, when the backend names one
// (`receipt_url`): in the same tab, named by its text, left off the printed page. The kit's real
// answers, with the receipt's address added to the paid view on its way to the page.
import { expect } from '../../test/testing.js';
import '../../i18n/fr.js';
import { expectAccessible } from '../../test/axe.js';
import { endpoint } from '../../test/backend.js';
import { hasPart, part } from '../../test/account.js';
import { createInvoice, invoiceRef, knowInvoice, mountInvoice, payInvoice } from '../../test/invoice.js';
import { emulateMedia } from '../../test/media.js';
import { rewriteAnswers } from '../../test/page-fetch.js';

describe('<pay-invoice-view> receipt', () => {
  it('links the receipt once paid: same tab, named by its text, axe clean, not printed', async () => {
    const number = await createInvoice();
    await knowInvoice(number);
    const rewrite = rewriteAnswers(`${endpoint}/invoices/${invoiceRef(number)}`, (body) =>
      body.status === 'paid' ? { ...body, receipt_url: '/receipts/rct_invoice-1' } : body,
    );
    try {
      const { el, clock, events } = await mountInvoice(number);
      expect(hasPart(el, 'receipt-link')).to.equal(false, 'not while it is to be paid');
      await payInvoice(number);
      const paid = events.next('pay-invoice-paid');
      await clock.advance(5000);
      await paid;
      await el.updateComplete;
      const link = part<HTMLAnchorElement>(el, 'receipt-link');
      expect(link.textContent?.trim()).to.equal('View receipt');
      expect(link.href).to.equal(new URL('/receipts/rct_invoice-1', document.baseURI).href);
      expect(link.hasAttribute('target')).to.equal(false);
      await expectAccessible(el);
      const french = await mountInvoice(number, { lang: 'fr' });
      expect(part(french.el, 'receipt-link').textContent?.trim()).to.equal('Voir le reçu');
      await emulateMedia({ media: 'print' });
      try {
        expect(getComputedStyle(link).display).to.equal('none');
      } finally {
        await emulateMedia({});
      }
    } finally {
      rewrite.restore();
    }
  });
});
