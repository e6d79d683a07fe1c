// <pay-funding-account> against the real kit and emulator: a customer's accounts as they see them, and
// what they can copy. (Deposits arriving, the stream, polling and failures: funding-account.live.test.ts.)
import { expect } from '../../test/testing.js';
import { expectAccessible } from '../../test/axe.js';
import { hasPart, liveText, part, partText, setPageVisibility, shadow } from '../../test/account.js';
import { expectCopyReset, recordClipboard, refuseClipboard } from '../../test/clipboard.js';
import { accountIn, fundingToken, kitFunding, mountFunding } from '../../test/funding.js';
import { PayCopyEvent } from '../../events/pay-copy.js';
import type { PayQr } from '../qr/qr.js';
import { holdRequests } from '../../test/page-fetch.js';

/** The card of the account in `currency`. */
function card(el: Element, currency: string): HTMLElement {
  const found = shadow(el).querySelector<HTMLElement>(`[part~="account"][data-currency="${currency}"]`);
  if (!found) throw new Error(`no ${currency} card`);
  return found;
}

/** The text of `name` inside a card, runs of markup whitespace collapsed. */
function cardText(scope: Element, name: string): string {
  const found = scope.querySelector(`[part~="${name}"]`);
  if (!found) throw new Error(`no part "${name}"`);
  return (found.textContent ?? '').replace(/[ \t\n\r]+/g, ' ').trim();
}

function button(scope: Element, name: string): HTMLButtonElement {
  const found = scope.querySelector<HTMLButtonElement>(`[part~="${name}"]`);
  if (!found) throw new Error(`no button "${name}"`);
  return found;
}

describe('<pay-funding-account>', () => {
  afterEach(() => setPageVisibility('visible'));

  it('is accessible while loading, with the accounts, and in error', async () => {
    const token = await fundingToken();
    const held = holdRequests();
    try {
      const { el } = await mountFunding(token, { wait: false });
      await el.updateComplete;
      expect(el.matches(':state(loading)')).to.equal(true);
      expect(partText(el, 'title')).to.equal('Loading your accounts…');
      await expectAccessible(el);
      held.release();
      await new Promise<void>((resolve) => {
        const check = (): void => (el.funding ? resolve() : void setTimeout(check, 10));
        check();
      });
      await el.updateComplete;
      expect(el.matches(':state(ready)')).to.equal(true);
      expect(el.matches(':state(loading)')).to.equal(false);
      setPageVisibility('hidden');
      await expectAccessible(el);
    } finally {
      held.restore();
    }
    const missing = await mountFunding(`${token}x`);
    expect(missing.el.matches(':state(error)')).to.equal(true);
    await expectAccessible(missing.el);
  });

  it('can be on a page twice (a theme gallery) with no landmark repeated: its cards are groups', async () => {
    const token = await fundingToken();
    const [first, second] = [await mountFunding(token), await mountFunding(token)];
    expect(shadow(first.el).querySelectorAll('[role="group"][part~="account"]').length).to.equal(2);
    expect(shadow(second.el).querySelector('[role="group"][part~="deposits"]')).to.not.equal(null);
    await expectAccessible(document.body);
  });

  it('shows each account as a card: currency, name, grouped number, bank and code; the USD one its wire details', async () => {
    const token = await fundingToken();
    const { el } = await mountFunding(token);
    setPageVisibility('hidden');
    const view = await kitFunding(token);
    const ngn = accountIn(view, 'NGN');
    const usd = accountIn(view, 'USD');
    expect(partText(el, 'title')).to.equal('Your payment accounts');
    expect(partText(el, 'intro')).to.equal(
      'Send any amount, at any time, to one of these accounts. Each deposit shows below as it arrives.',
    );
    const cards = [...shadow(el).querySelectorAll('[part~="account"]')];
    expect(cards.map((c) => c.getAttribute('data-currency'))).to.deep.equal(['NGN', 'USD']);

    const naira = card(el, 'NGN');
    expect(cardText(naira, 'account-title')).to.equal('Nigerian Naira account');
    expect(cardText(naira, 'currency')).to.equal('NGN');
    expect(cardText(naira, 'account-name')).to.equal(ngn.account_name);
    expect(cardText(naira, 'account-number')).to.equal(
      `${ngn.account_number.slice(0, 3)} ${ngn.account_number.slice(3, 6)} ${ngn.account_number.slice(6)}`,
    );
    const spoken = naira.querySelector('[part="account-number"] + .visually-hidden')?.textContent;
    expect(spoken).to.equal([...ngn.account_number].join(' ').replace(/^(.{5}) (.{5}) /, '$1, $2, '));
    expect(cardText(naira, 'bank-name')).to.equal('Wema Bank');
    expect(cardText(naira, 'bank-code')).to.equal('035');
    expect(naira.querySelector('[part~="wire"]')).to.equal(null, 'no wire details on a naira account');
    // the labels the values stand under
    expect([...naira.querySelectorAll('dt')].map((dt) => dt.textContent?.trim())).to.deep.equal([
      'Account name',
      'Account number',
      'Bank',
      'Bank code',
    ]);

    const dollar = card(el, 'USD');
    expect(cardText(dollar, 'account-title')).to.equal('US Dollar account');
    expect(cardText(dollar, 'bank-name')).to.equal(usd.bank_name);
    expect(cardText(dollar, 'routing-ach')).to.equal(usd.routing?.ach);
    expect(cardText(dollar, 'routing-rtp')).to.equal(usd.routing?.rtp);
    expect(cardText(dollar, 'routing-wire')).to.equal(usd.routing?.wire);
    expect(cardText(dollar, 'swift-code')).to.equal(usd.swift_code);
    expect(cardText(dollar, 'bank-address')).to.equal(usd.bank_address);
    expect(cardText(dollar, 'wire')).to.include('For transfers from abroad');
    expect(dollar.querySelector('[part~="qr"]')).to.equal(null, 'no QR code of a dollar account');

    // a copy button for every field: four on the naira card, nine on the dollar one, and the whole
    expect(naira.querySelectorAll('[part~="copy-button"]')).to.have.length(4);
    expect(dollar.querySelectorAll('[part~="copy-button"]')).to.have.length(9);
    expect(button(dollar, 'copy-wire-button').textContent?.trim()).to.equal('Copy wire instructions');

    expect(partText(el, 'no-deposits')).to.equal('No deposits yet');
    expect(hasPart(el, 'totals')).to.equal(false);
  });

  it('puts a QR code of the naira account’s details on its card, with no amount', async () => {
    const token = await fundingToken();
    const { el } = await mountFunding(token);
    setPageVisibility('hidden');
    const ngn = accountIn(await kitFunding(token), 'NGN');
    const qr = card(el, 'NGN').querySelector<PayQr>('[part~="qr"]');
    if (!qr) throw new Error('no QR code');
    expect(qr.localName).to.equal('pay-qr');
    await customElements.whenDefined('pay-qr');
    await qr.updateComplete;
    expect(qr.value).to.equal(
      [
        `Account name: ${ngn.account_name}`,
        `Account number: ${ngn.account_number}`,
        'Bank: Wema Bank',
        'Bank code: 035',
        'Currency: NGN',
      ].join('\n'),
    );
    expect(qr.moduleCount).to.be.greaterThan(0, 'it is drawn');
    expect(qr.getAttribute('label')).to.equal('QR code of the Nigerian Naira account details');
    expect(cardText(card(el, 'NGN'), 'qr-caption')).to.equal('Scan to take these details to your phone');
  });

  it('copies each field’s exact value, and says so in words', async () => {
    const clipboard = recordClipboard();
    try {
      const token = await fundingToken();
      const { el, clock, events } = await mountFunding(token);
      setPageVisibility('hidden');
      const view = await kitFunding(token);
      const ngn = accountIn(view, 'NGN');
      const usd = accountIn(view, 'USD');
      const naira = card(el, 'NGN');
      const number = button(naira, 'copy-account-number');
      expect(number.getAttribute('aria-label')).to.equal('Copy Account number');
      let copying = events.next('pay-copy');
      number.click();
      expect(await copying).to.be.instanceOf(PayCopyEvent);
      await el.updateComplete;
      expect(clipboard.written).to.deep.equal([ngn.account_number]);
      expect(events.of('pay-copy')[0]?.detail).to.deep.equal({
        field: 'account-number',
        value: ngn.account_number,
      });
      expect(number.textContent?.trim()).to.equal('Copied');
      expect(number.getAttribute('aria-label')).to.equal('Account number copied');
      expect(liveText(el)).to.equal('Account number copied');
      // the dollar card's number button is another one: it still says "Copy"
      expect(button(card(el, 'USD'), 'copy-account-number').textContent?.trim()).to.equal('Copy');

      const fields = [
        ['NGN', 'account-name', ngn.account_name, 'Account name copied'],
        ['NGN', 'bank-name', 'Wema Bank', 'Bank copied'],
        ['NGN', 'bank-code', '035', 'Bank code copied'],
        ['USD', 'account-number', usd.account_number, 'Account number copied'],
        ['USD', 'routing-ach', usd.routing?.ach, 'ACH routing number copied'],
        ['USD', 'routing-rtp', usd.routing?.rtp, 'RTP routing number copied'],
        ['USD', 'routing-wire', usd.routing?.wire, 'Wire routing number copied'],
        ['USD', 'swift-code', usd.swift_code, 'SWIFT code copied'],
        ['USD', 'bank-address', usd.bank_address, 'Bank address copied'],
      ] as const;
      for (const [currency, field, value, said] of fields) {
        copying = events.next('pay-copy');
        button(card(el, currency), `copy-${field}`).click();
        await copying;
        await el.updateComplete;
        expect(clipboard.written.at(-1), field).to.equal(value);
        expect(events.of('pay-copy').at(-1)?.detail, field).to.deep.equal({ field, value });
        expect(liveText(el), field).to.equal(said);
      }
      await expectCopyReset(el, clock, 'copy-bank-address', 'Copy Bank address');
    } finally {
      clipboard.restore();
    }
  });

  it('copies the whole wire instructions of the dollar account as one text', async () => {
    const clipboard = recordClipboard();
    try {
      const token = await fundingToken();
      const { el, clock, events } = await mountFunding(token);
      setPageVisibility('hidden');
      const usd = accountIn(await kitFunding(token), 'USD');
      const wire = button(card(el, 'USD'), 'copy-wire-button');
      const copying = events.next('pay-copy');
      wire.click();
      await copying;
      await el.updateComplete;
      const instructions = [
        `Beneficiary: ${usd.account_name}`,
        `Account number: ${usd.account_number}`,
        `Bank: ${usd.bank_name}`,
        `Bank address: ${usd.bank_address ?? ''}`,
        `ACH routing number: ${usd.routing?.ach ?? ''}`,
        `RTP routing number: ${usd.routing?.rtp ?? ''}`,
        `Wire routing number: ${usd.routing?.wire ?? ''}`,
        `SWIFT code: ${usd.swift_code ?? ''}`,
      ].join('\n');
      expect(clipboard.written).to.deep.equal([instructions]);
      expect(events.of('pay-copy')[0]?.detail).to.deep.equal({
        field: 'wire-instructions',
        value: instructions,
      });
      expect(wire.textContent?.trim()).to.equal('Wire instructions copied');
      expect(liveText(el)).to.equal('Wire instructions copied');
      await clock.advance(3000);
      await el.updateComplete;
      expect(wire.textContent?.trim()).to.equal('Copy wire instructions');
    } finally {
      clipboard.restore();
    }
  });

  it('says so when the clipboard refuses, and fires no pay-copy', async () => {
    const clipboard = refuseClipboard();
    try {
      const { el, events } = await mountFunding(await fundingToken());
      setPageVisibility('hidden');
      button(card(el, 'NGN'), 'copy-account-number').click();
      await new Promise((resolve) => setTimeout(resolve, 0));
      await el.updateComplete;
      expect(liveText(el)).to.equal('Could not copy. Select the text and copy it instead.');
      expect(events.of('pay-copy')).to.have.length(0);
      expect(partText(el, 'copy-account-number')).to.equal('Copy');
    } finally {
      clipboard.restore();
    }
  });

  it('shows the error state, with no retry, for a tampered token, and fires pay-error', async () => {
    const token = await fundingToken();
    const { el, events } = await mountFunding(`${token.slice(0, -2)}xx`);
    expect(el.matches(':state(error)')).to.equal(true);
    expect(partText(el, 'title')).to.equal('We could not load your accounts');
    expect(partText(el, 'message')).to.equal('This link has expired or is not valid. Ask for a new one.');
    expect(hasPart(el, 'retry-button')).to.equal(false);
    expect(el.funding).to.equal(null);
    const [error] = events.of('pay-error');
    expect(error?.detail).to.include({ code: 'not_found', status: 404, operation: 'load' });
    expect(liveText(el)).to.equal('This link has expired or is not valid. Ask for a new one.');
    expect(part(el, 'base').getAttribute('aria-labelledby')).to.equal('title');
  });
});
