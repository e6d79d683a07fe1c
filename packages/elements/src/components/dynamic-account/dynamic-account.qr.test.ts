// <pay-dynamic-account show-qr>: <pay-qr> (and its encoder) stay out of the page until a QR code is
// first shown, then it is defined and draws the hosted checkout URL. (Alone in its file: no other
// test of this page may define <pay-qr> first.)
import { expect } from '../../test/testing.js';
import type { PayQr } from '../qr/qr.js';
import { createSession } from '../../test/backend.js';
import { mountAccount, part } from '../../test/account.js';

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
});
