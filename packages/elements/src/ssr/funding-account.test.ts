// The server-written <pay-funding-account>: what a browser with no script shows (each account's
// details, the dollar account's details for transfers from abroad, the deposits with their times in
// the zone given and their totals, "Check again"), in the customer's language, every value escaped,
// accessible, and the view carried as JSON that no value can break out of.
import { expect, fixture, html } from '../test/testing.js';
import '../i18n/fr.js';
import '../i18n/ar.js';
import type { FundingView } from '@pay-elements/protocol';
import { expectAccessible } from '../test/axe.js';
import { fundingAccountFallback, fundingAccountHtml } from './index.js';

const view: FundingView = {
  accounts: [
    {
      currency: 'NGN',
      account_name: 'Acme </script><b>x</b>',
      account_number: '5790373861',
      bank_name: 'Wema Bank',
      bank_code: '035',
    },
    {
      currency: 'USD',
      account_name: 'Acme Stores - Ada Obi',
      account_number: '4247809750',
      bank_name: 'Citibank N.A.',
      bank_code: 'CITIUS33',
      routing: { ach: '021000089', rtp: '021000090', wire: '021000091' },
      swift_code: 'CITIUS33',
      bank_address: '388 Greenwich Street, New York, NY 10013',
    },
  ],
  deposits: [
    {
      id: 'txn_2',
      amount: '120.50',
      currency: 'USD',
      received_at: '2025-01-01T14:10:00.000Z',
      account_number: '4247809750',
    },
    {
      id: 'txn_1',
      amount: '5000.00',
      currency: 'NGN',
      received_at: '2025-01-01T09:05:00.000Z',
      account_number: '5790373861',
    },
  ],
  totals: [
    { currency: 'USD', amount: '120.50' },
    { currency: 'NGN', amount: '5000.00' },
  ],
  server_time: '2025-01-01T14:15:00.000Z',
};

/** The page as a browser with script off reads it. */
function parse(markup: string): Document {
  return new DOMParser().parseFromString(`<!doctype html><body>${markup}`, 'text/html');
}

const squash = (value: string | null | undefined): string => (value ?? '').replace(/\s+/g, ' ').trim();

describe('fundingAccountHtml (server-rendered fallback)', () => {
  it('shows each account, the dollar one’s wire details, the deposits, the totals and "Check again"', () => {
    const doc = parse(
      fundingAccountHtml(view, 'tok.en"<', { checkAgainUrl: '/fund/tok', timeZone: 'Africa/Lagos' }),
    );
    const el = doc.querySelector('pay-funding-account')!;
    expect(el.getAttribute('token')).to.equal('tok.en"<');
    expect(el.getAttribute('endpoint')).to.equal('/pay');
    const fallback = el.querySelector('.pay-fallback')!;
    expect(squash(fallback.querySelector('h2')?.textContent)).to.equal('Your payment accounts');
    const [naira, dollar] = [...fallback.querySelectorAll('section')];
    expect(squash(naira?.querySelector('h3')?.textContent)).to.equal('Nigerian Naira account (NGN)');
    expect([...(naira?.querySelectorAll('dt, dd') ?? [])].map((n) => squash(n.textContent))).to.deep.equal([
      'Account name',
      'Acme </script><b>x</b>',
      'Account number',
      '579 037 3861',
      'Bank',
      'Wema Bank',
      'Bank code',
      '035',
    ]);
    expect(el.querySelector('b')).to.equal(null, 'escaped, shown as text');
    expect(squash(dollar?.querySelector('h4')?.textContent)).to.equal('For transfers from abroad');
    const wire = [...(dollar?.querySelectorAll('h4 + dl dt, h4 + dl dd') ?? [])].map((n) =>
      squash(n.textContent),
    );
    expect(wire).to.deep.equal([
      'ACH routing number',
      '021000089',
      'RTP routing number',
      '021000090',
      'Wire routing number',
      '021000091',
      'SWIFT code',
      'CITIUS33',
      'Bank address',
      '388 Greenwich Street, New York, NY 10013',
    ]);
    // newest first, at the time of the zone given (Lagos: 15:10 and 10:05)
    const lagos = (iso: string): string =>
      squash(
        new Intl.DateTimeFormat('en', {
          dateStyle: 'long',
          timeStyle: 'short',
          timeZone: 'Africa/Lagos',
        }).format(Date.parse(iso)),
      );
    expect(lagos('2025-01-01T14:10:00.000Z')).to.include('3:10');
    expect([...fallback.querySelectorAll('li')].map((li) => squash(li.textContent))).to.deep.equal([
      `$120.50 ${lagos('2025-01-01T14:10:00.000Z')} To 424 780 9750`,
      `NGN 5,000.00 ${lagos('2025-01-01T09:05:00.000Z')} To 579 037 3861`,
    ]);
    expect(fallback.querySelector('li time')?.getAttribute('datetime')).to.equal('2025-01-01T14:10:00.000Z');
    const totals = fallback.querySelector(':scope > h3 + dl')!;
    expect(squash(totals.querySelector('dt')?.textContent)).to.equal('Total received');
    expect([...totals.querySelectorAll('dd')].map((dd) => squash(dd.textContent))).to.deep.equal([
      '$120.50',
      'NGN 5,000.00',
    ]);
    const check = [...el.querySelectorAll('a')].find((a) => a.textContent === 'Check again');
    expect(check?.getAttribute('href')).to.equal('/fund/tok');
    const json = el.querySelector('script[type="application/json"]')!.textContent;
    expect(JSON.parse(json ?? '')).to.deep.equal(view);
  });

  it('says "No deposits yet" when there are none, and speaks the customer’s language', () => {
    const empty = parse(fundingAccountHtml({ ...view, deposits: [], totals: [] }, 't'));
    expect(squash(empty.body.textContent)).to.include('No deposits yet');
    expect(empty.querySelector('li')).to.equal(null);
    const french = parse(fundingAccountHtml(view, 't', { locale: 'fr', checkAgainUrl: '/c' }));
    const text = squash(french.body.textContent);
    expect(text).to.include('Vos comptes de paiement');
    expect(text).to.include('Numéro de routage ACH');
    expect(text).to.include('Vérifier à nouveau');
    expect(text).to.include('5 000,00 NGN');
  });

  it('is accessible as the page shows it with no script, in English and in Arabic', async () => {
    for (const lang of ['en', 'ar']) {
      const wrapper = await fixture<HTMLDivElement>(html`<div lang=${lang}></div>`);
      // the fallback alone: a page with no script shows exactly this
      wrapper.innerHTML = fundingAccountFallback(view, { locale: lang, checkAgainUrl: '/fund/tok' });
      if (lang === 'ar') wrapper.dir = 'rtl';
      await expectAccessible(wrapper);
      const number = wrapper.querySelector('dd[dir="ltr"]')!;
      expect(getComputedStyle(number).direction).to.equal('ltr');
    }
  });
});
