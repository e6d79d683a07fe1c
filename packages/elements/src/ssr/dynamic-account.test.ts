// The server-written <pay-dynamic-account>: what a browser with no script shows (amount, bank, name,
// grouped account number, the expiry as a clock time, "Check again"), in the shopper's language, every
// value escaped, and the view carried as JSON that no value can break out of.
import { expect } from '../test/testing.js';
import '../i18n/fr.js';
import type { SessionView } from '@pay-elements/protocol';
import { dynamicAccountHtml } from './index.js';

const view: SessionView = {
  id: 'ses_1',
  status: 'pending',
  amount: '5000.00',
  currency: 'NGN',
  account: { account_name: 'Acme </script><b>x</b>', account_number: '1234567890', bank_name: 'Wema Bank' },
  reference: 'ref_1',
  created_at: '2025-01-01T14:05:00.000Z',
  expires_at: '2025-01-01T14:35:00.000Z',
  paid_at: null,
  server_time: '2025-01-01T14:05:00.000Z',
};

/** The page as a browser with script off reads it. */
function parse(html: string): Document {
  return new DOMParser().parseFromString(`<!doctype html><body>${html}`, 'text/html');
}

describe('dynamicAccountHtml (server-rendered fallback)', () => {
  it('shows the amount, the bank, the name, the grouped number, the expiry time and "Check again"', () => {
    const doc = parse(
      dynamicAccountHtml(view, {
        locale: 'en-GB',
        checkAgainUrl: '/checkout/ses_1',
        attributes: { 'show-qr': true },
      }),
    );
    const el = doc.querySelector('pay-dynamic-account')!;
    expect(el.getAttribute('session')).to.equal('ses_1');
    expect(el.getAttribute('endpoint')).to.equal('/pay');
    expect(el.hasAttribute('show-qr')).to.equal(true);
    const text = el.querySelector('.pay-fallback')!.textContent.replace(/\s+/g, ' ');
    expect(text).to.include('Transfer exactly NGN');
    expect(text).to.match(/NGN\s5,000\.00/);
    expect(text).to.include('Wema Bank');
    expect(text).to.include('Acme </script><b>x</b>', 'escaped, shown as text');
    expect(el.querySelector('b')).to.equal(null);
    expect(text).to.include('123 456 7890');
    expect(text).to.include('Expires at 14:35 UTC');
    const check = [...el.querySelectorAll('a')].find((a) => a.textContent === 'Check again');
    expect(check?.getAttribute('href')).to.equal('/checkout/ses_1');
    const json = el.querySelector('script[type="application/json"]')!.textContent;
    expect(JSON.parse(json)).to.deep.equal(view);
  });

  it("speaks the shopper's language", () => {
    const doc = parse(dynamicAccountHtml(view, { locale: 'fr', checkAgainUrl: '/c' }));
    const text = doc.body.textContent.replace(/\s+/g, ' ');
    expect(text).to.include('Virez exactement');
    expect(text).to.include('Numéro de compte');
    expect(text).to.include('Vérifier à nouveau');
  });

  it('offers a new account by a form once expired, and says paid once paid', () => {
    const expired = parse(
      dynamicAccountHtml({ ...view, status: 'expired' }, { renewUrl: '/checkout/ses_1/renew' }),
    );
    const form = expired.querySelector('form')!;
    expect(form.getAttribute('method')).to.equal('post');
    expect(form.getAttribute('action')).to.equal('/checkout/ses_1/renew');
    expect(form.textContent).to.include('Get a new account');
    expect(expired.body.textContent).not.to.include('123 456 7890');
    const paid = parse(dynamicAccountHtml({ ...view, status: 'paid', paid_at: '2025-01-01T14:10:00.000Z' }));
    expect(paid.body.textContent).to.include('Payment received');
    expect(paid.body.textContent).not.to.include('123 456 7890');
    expect(paid.querySelector('a')).to.equal(null, 'no receipt named, no link');
  });

  it('offers "I\'ve sent the money" by a form while pending, then says it is confirming instead of the expiry', () => {
    const pending = parse(dynamicAccountHtml(view, { claimUrl: '/checkout/ses_1/claim' }));
    const form = pending.querySelector('form')!;
    expect(form.getAttribute('method')).to.equal('post');
    expect(form.getAttribute('action')).to.equal('/checkout/ses_1/claim');
    expect(form.textContent).to.equal("I've sent the money");
    expect(parse(dynamicAccountHtml(view)).querySelector('form')).to.equal(null, 'no URL, no form');
    const claimed = parse(
      dynamicAccountHtml(
        { ...view, claimed_at: '2025-01-01T14:20:00.000Z' },
        { claimUrl: '/checkout/ses_1/claim', locale: 'fr' },
      ),
    );
    const text = claimed.body.textContent.replace(/\s+/g, ' ');
    expect(text).to.include('Nous confirmons votre virement — cela prend généralement quelques minutes');
    expect(text).not.to.include('Expire à');
    expect(text).to.include('123 456 7890', 'the details stay');
    expect(claimed.querySelector('form')).to.equal(null);
    expect(claimed.querySelector('.pay-fallback-confirming')!.getAttribute('role')).to.equal('status');
  });

  it('links the receipt once paid when the view names one, never a script URL', () => {
    const paid = { ...view, status: 'paid', paid_at: '2025-01-01T14:10:00.000Z' } as const;
    const doc = parse(dynamicAccountHtml({ ...paid, receipt_url: '/receipts/rct_1' }, { locale: 'fr' }));
    const link = doc.querySelector('a')!;
    expect(link.textContent).to.equal('Voir le reçu');
    expect(link.getAttribute('href')).to.equal('/receipts/rct_1');
    expect(link.hasAttribute('target')).to.equal(false);
    const script = parse(dynamicAccountHtml({ ...paid, receipt_url: 'javascript:alert(1)' }));
    expect(script.querySelector('a')).to.equal(null);
  });
});
