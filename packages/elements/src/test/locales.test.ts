// Every element in each of the five languages (English built in; French, Portuguese, Swahili and
// Arabic registered by importing their modules), against the real kit and emulator: its own words,
// money and dates formatted by Intl for the page's full tag, and Arabic laid out right to left.
import { expect, fixture, html } from './testing.js';
import '../i18n/fr.js';
import '../i18n/pt.js';
import '../i18n/sw.js';
import '../i18n/ar.js';
import '../define/pay-qr.js';
import type { PayQr } from '../components/qr/qr.js';
import { expectAccessible } from './axe.js';
import { mountAccount, part, partText, setPageVisibility, shadow } from './account.js';
import { createSession } from './backend.js';
import { input, mountPicker } from './banks.js';
import { mountInvoice, mountLink } from './invoice.js';
import { accountIn, fundingToken, kitFunding, mountFunding } from './funding.js';
import { sendTransfer } from './backend.js';
import { money, type ElementFixture, type LanguageCode } from './fixture.js';
import { fixtures } from './fixtures.generated.js';

const invoiceNumber = 'INV-000101';

/** Every declared element's fixture, with its tag. */
const every: [string, ElementFixture][] = Object.entries(fixtures);

/** The tag the test page asks for in each language: a region's where Intl formats it its own way. */
const tags: Record<LanguageCode, string> = { en: 'en', fr: 'fr', pt: 'pt-AO', sw: 'sw-KE', ar: 'ar-EG' };

/** The box of characters `start`..`end` of the first text node under `element`. */
function textBox(element: Element, start = 0, end?: number): DOMRect {
  const walker = document.createTreeWalker(element, NodeFilter.SHOW_TEXT, {
    acceptNode: (node) => (node.textContent?.trim() ? NodeFilter.FILTER_ACCEPT : NodeFilter.FILTER_SKIP),
  });
  const text = walker.nextNode();
  if (!text) throw new Error(`no text in <${element.localName}>`);
  const content = text.textContent ?? '';
  const lead = content.length - content.trimStart().length;
  const range = document.createRange();
  range.setStart(text, lead + start);
  range.setEnd(text, end === undefined ? content.trimEnd().length : lead + end);
  return range.getBoundingClientRect();
}

/** Lets the MutationObserver and the elements react to a change of `lang` or `dir`. */
async function settle(...elements: { updateComplete: Promise<boolean> }[]): Promise<void> {
  await new Promise((resolve) => setTimeout(resolve, 0));
  for (const el of elements) await el.updateComplete;
}

describe('five languages', () => {
  afterEach(() => setPageVisibility('visible'));

  it('is accessible in Arabic, right to left', async () => {
    for (const [, fixture] of every) {
      const el = await fixture.mount('ar');
      setPageVisibility('hidden');
      await expectAccessible(el);
    }
  });

  for (const [code, tag] of Object.entries(tags) as [LanguageCode, string][]) {
    it(`shows every element in ${code} (lang="${tag}"), with Intl formatting for that tag`, async () => {
      for (const [name, fixture] of every) {
        const el = await fixture.mount(tag, true);
        setPageVisibility('hidden');
        expect(await fixture.read(el), name).to.deep.equal(await fixture.expected(code, tag));
      }
    });
  }

  it('passes the full tag to Intl: pt-AO, ar-EG and fr format as their own, in Latin digits', async () => {
    // preconditions: these tags do format differently from their bare language in this browser
    expect(money(287625, 'NGN', 'pt-AO')).not.to.equal(money(287625, 'NGN', 'pt'));
    const { el: angola } = await mountInvoice(invoiceNumber, { lang: 'pt-AO' });
    setPageVisibility('hidden');
    expect(partText(angola, 'total')).to.equal(money(287625, 'NGN', 'pt-AO'));
    expect(partText(angola, 'total')).not.to.equal(money(287625, 'NGN', 'pt'));

    const { el: egypt } = await mountInvoice(invoiceNumber, { lang: 'ar-EG' });
    expect(partText(egypt, 'total')).to.equal(money(287625, 'NGN', 'ar-EG'));
    // the elements decide the digits: Latin, where today's CLDR would write Egypt's Arabic-Indic
    expect(new Intl.NumberFormat('ar-EG').resolvedOptions().numberingSystem).to.equal('arab');
    expect(partText(egypt, 'total')).to.match(/^287,625\.00\sNGN$/);

    const { el: france } = await mountInvoice(invoiceNumber, { lang: 'fr' });
    expect(partText(france, 'total')).to.equal('287\u202f625,00\u00a0NGN');
  });

  it('falls back to English, with English formatting, for a language it has no table for', async () => {
    const view = await createSession();
    const { el } = await mountAccount(view.id, { lang: 'de-DE' });
    expect(partText(el, 'title')).to.equal('Pay by bank transfer');
    // "Transfer exactly NGN 5,000.00", not "NGN 5.000,00" inside an English sentence
    expect(partText(el, 'amount')).to.equal(money(5000, 'NGN', 'en'));
    expect(el.hasAttribute('dir')).to.equal(false);
  });
});

describe('right to left', () => {
  afterEach(() => setPageVisibility('visible'));

  it('lays <pay-dynamic-account> out right to left: labels on the right, the account number still left to right', async () => {
    const view = await createSession();
    const { el } = await mountAccount(view.id, { lang: 'ar' });
    el.parentElement?.setAttribute('dir', 'rtl'); // as an Arabic page says
    await settle(el);
    expect(getComputedStyle(el).direction).to.equal('rtl');
    // the context has a dir: the element leaves its own alone
    expect(el.hasAttribute('dir')).to.equal(false);

    // the title is start-aligned: on the right
    const base = part(el, 'base').getBoundingClientRect();
    const title = textBox(part(el, 'title'));
    expect(base.right - title.right).to.be.lessThan(20);
    expect(title.left).to.be.greaterThan(base.left + base.width / 2);

    const label = shadow(el).querySelector('dt');
    const value = part(el, 'amount');
    if (!label) throw new Error('no dt');
    expect(label.getBoundingClientRect().left).to.be.greaterThan(value.getBoundingClientRect().right);

    // "991 234 5678": the first group stays on the left of the last, as on the bank's paper
    const number = part(el, 'account-number');
    const text = number.textContent ?? '';
    const first = textBox(number, 0, 3);
    const last = textBox(number, text.trim().length - 4);
    expect(getComputedStyle(number).direction).to.equal('ltr');
    expect(first.right).to.be.lessThan(last.left);

    // the progress bar shrinks towards the right (its start side)
    const indicator = part(el, 'progress-indicator');
    const originX = Number.parseFloat(getComputedStyle(indicator).transformOrigin.split(' ')[0] ?? '');
    expect(originX).to.be.closeTo(indicator.offsetWidth, 1);
  });

  it('takes dir="rtl" from its language when nothing around it says, and gives way to the page', async () => {
    const view = await createSession();
    const { el } = await mountAccount(view.id, { lang: 'ar' });
    const wrapper = el.parentElement;
    if (!wrapper) throw new Error('no wrapper');
    expect(el.getAttribute('dir')).to.equal('rtl');
    expect(getComputedStyle(el).direction).to.equal('rtl');

    wrapper.setAttribute('dir', 'ltr'); // the page's choice wins
    await settle(el);
    expect(el.hasAttribute('dir')).to.equal(false);
    expect(getComputedStyle(el).direction).to.equal('ltr');

    wrapper.removeAttribute('dir');
    wrapper.setAttribute('lang', 'sw');
    await settle(el);
    expect(el.hasAttribute('dir')).to.equal(false);
    expect(partText(el, 'title')).to.equal('Lipa kwa uhamisho wa benki');
  });

  it('aligns <pay-bank-picker> to the right: its label, its list and the toggle at the end', async () => {
    const { el } = await mountPicker((el) => (el.country = 'NG'), { lang: 'ar' });
    expect(getComputedStyle(el).direction).to.equal('rtl');
    const control = part(el, 'control').getBoundingClientRect();
    const label = textBox(part(el, 'label'));
    expect(label.right).to.be.closeTo(control.right, 2);
    expect(part(el, 'toggle').getBoundingClientRect().left).to.be.closeTo(control.left + 1, 2);

    part(el, 'toggle').click();
    await el.updateComplete;
    const listbox = part(el, 'listbox').getBoundingClientRect();
    const option = shadow(el).querySelector('[role="option"]');
    if (!option) throw new Error('no option');
    const name = textBox(option);
    expect(listbox.right - name.right).to.be.lessThan(48);
    expect(name.left - listbox.left).to.be.greaterThan(listbox.right - name.right);
    input(el).blur();
  });

  it('lays <pay-funding-account> out right to left: labels on the right, numbers and amounts left to right', async () => {
    const token = await fundingToken();
    const ngn = accountIn(await kitFunding(token), 'NGN');
    await sendTransfer(ngn.account_number, '5000');
    const { el } = await mountFunding(token, { lang: 'ar' });
    setPageVisibility('hidden');
    expect(el.getAttribute('dir')).to.equal('rtl');
    expect(getComputedStyle(el).direction).to.equal('rtl');
    const base = part(el, 'base').getBoundingClientRect();
    const title = textBox(part(el, 'title'));
    expect(base.right - title.right).to.be.lessThan(20);

    // "579 037 3861": the first group on the left of the last, as on the bank's paper
    const number = part(el, 'account-number');
    const text = number.textContent ?? '';
    expect(getComputedStyle(number).direction).to.equal('ltr');
    expect(textBox(number, 0, 3).right).to.be.lessThan(textBox(number, text.trim().length - 4).left);
    // the copy button at the start of its label's line: on the left
    const row = number.closest('.row');
    const label = row?.querySelector('dt');
    const copy = row?.querySelector('button');
    if (!label || !copy) throw new Error('no label or button');
    expect(textBox(label).left).to.be.greaterThan(copy.getBoundingClientRect().right);

    // the deposit: its amount in Latin digits, left to right, and its account line isolated
    const amount = part(el, 'deposit-amount');
    expect(getComputedStyle(amount).direction).to.equal('ltr');
    expect(amount.textContent).to.match(/5,000\.00/);
    const to = part(el, 'deposit-account').querySelector('bdi');
    if (!to) throw new Error('no account number in the deposit');
    expect(textBox(to, 0, 3).right).to.be.lessThan(textBox(to, 8).left);
    expect(textBox(part(el, 'deposit-account')).left, 'the words on the right').to.be.greaterThan(
      to.getBoundingClientRect().right,
    );
    expect(partText(el, 'deposit-account')).to.equal(
      `إلى ${ngn.account_number.slice(0, 3)} ${ngn.account_number.slice(3, 6)} ${ngn.account_number.slice(6)}`,
    );
  });

  it('lays <pay-invoice-view> and <pay-link> out right to left', async () => {
    const { el: invoice } = await mountInvoice(invoiceNumber, { lang: 'ar' });
    setPageVisibility('hidden');
    expect(getComputedStyle(invoice).direction).to.equal('rtl');
    const row = part(invoice, 'item-row');
    const name = row.querySelector('th');
    const amount = row.querySelector('td:last-child');
    if (!name || !amount) throw new Error('no item cells');
    expect(name.getBoundingClientRect().left).to.be.greaterThan(amount.getBoundingClientRect().right);
    const number = part(invoice, 'account-number');
    expect(getComputedStyle(number).direction).to.equal('ltr');

    const { el: link } = await mountLink({ id: 'lnk_pro_monthly' }, { lang: 'ar' });
    expect(getComputedStyle(link).direction).to.equal('rtl');
    const header = part(link, 'header').getBoundingClientRect();
    expect(textBox(part(link, 'title')).right).to.be.closeTo(header.right, 2);
    expect(part(link, 'status-badge').getBoundingClientRect().left).to.be.closeTo(header.left, 2);
  });
});

describe('translations registered later', () => {
  it('re-renders the elements already shown when a table is registered', async () => {
    const { registerTranslation, en } = await import('../i18n/index.js');
    const wrapper = await fixture<HTMLDivElement>(
      html`<div lang="zu"><pay-qr value="https://shop.example/pay/2"></pay-qr></div>`,
    );
    const qr = wrapper.querySelector<PayQr>('pay-qr');
    if (!qr) throw new Error('no pay-qr');
    await qr.updateComplete;
    const label = (): string | null | undefined =>
      qr.shadowRoot?.querySelector('svg')?.getAttribute('aria-label');
    expect(label()).to.equal('QR code');
    registerTranslation({ ...en, $code: 'zu', $name: 'isiZulu', qrCode: 'Ikhodi ye-QR' });
    await qr.updateComplete;
    expect(label()).to.equal('Ikhodi ye-QR');
  });

  it('takes the page’s own English table for English, and for a language without a table', async () => {
    const { registerTranslation, en } = await import('../i18n/index.js');
    const wrapper = await fixture<HTMLDivElement>(
      html`<div>
        <pay-qr lang="en-GB" value="https://shop.example/pay/3"></pay-qr>
        <pay-qr lang="de" value="https://shop.example/pay/4"></pay-qr>
        <pay-qr lang="fr" value="https://shop.example/pay/5"></pay-qr>
      </div>`,
    );
    const qrs = [...wrapper.querySelectorAll<PayQr>('pay-qr')];
    const labels = async (): Promise<(string | null | undefined)[]> => {
      await Promise.all(qrs.map((qr) => qr.updateComplete));
      return qrs.map((qr) => qr.shadowRoot?.querySelector('svg')?.getAttribute('aria-label'));
    };
    expect(await labels()).to.deep.equal(['QR code', 'QR code', 'Code QR']);
    try {
      registerTranslation({ ...en, qrCode: 'Scan to pay' });
      expect(await labels()).to.deep.equal(['Scan to pay', 'Scan to pay', 'Code QR']);
    } finally {
      registerTranslation(en);
    }
  });
});
