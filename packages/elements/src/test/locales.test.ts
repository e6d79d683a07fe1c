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
import { kitInvoice, mountInvoice, mountLink } from './invoice.js';
import { accountIn, fundingToken, kitFunding, mountFunding } from './funding.js';
import { sendTransfer } from './backend.js';

const invoiceNumber = 'INV-000101';

/** The words each element shows in each language, and the tag the test page asks for. */
const languages = {
  en: {
    tag: 'en',
    account: { title: 'Pay by bank transfer', amountLabel: 'Amount' },
    invoice: { title: 'Invoice INV-000101', dueDateLabel: 'Due date' },
    link: { status: 'Active', copy: 'Copy link' },
    picker: { label: 'Bank', placeholder: 'Search for a bank' },
    funding: {
      title: 'Your payment accounts',
      dollar: (name: string) => `${name} account`,
      wire: 'Copy wire instructions',
      total: 'Total received',
    },
    qr: 'QR code',
  },
  fr: {
    tag: 'fr',
    account: { title: 'Payer par virement bancaire', amountLabel: 'Montant' },
    invoice: { title: 'Facture INV-000101', dueDateLabel: 'Échéance' },
    link: { status: 'Actif', copy: 'Copier le lien' },
    picker: { label: 'Banque', placeholder: 'Rechercher une banque' },
    funding: {
      title: 'Vos comptes de paiement',
      dollar: (name: string) => `Compte en ${name}`,
      wire: 'Copier les instructions de virement',
      total: 'Total reçu',
    },
    qr: 'Code QR',
  },
  pt: {
    tag: 'pt-AO',
    account: { title: 'Pagar por transferência bancária', amountLabel: 'Valor' },
    invoice: { title: 'Fatura INV-000101', dueDateLabel: 'Data de vencimento' },
    link: { status: 'Ativo', copy: 'Copiar o link' },
    picker: { label: 'Banco', placeholder: 'Pesquisar um banco' },
    funding: {
      title: 'As suas contas de pagamento',
      dollar: (name: string) => `Conta em ${name}`,
      wire: 'Copiar as instruções de transferência',
      total: 'Total recebido',
    },
    qr: 'Código QR',
  },
  sw: {
    tag: 'sw-KE',
    account: { title: 'Lipa kwa uhamisho wa benki', amountLabel: 'Kiasi' },
    invoice: { title: 'Ankara INV-000101', dueDateLabel: 'Tarehe ya mwisho' },
    link: { status: 'Kinatumika', copy: 'Nakili kiungo' },
    picker: { label: 'Benki', placeholder: 'Tafuta benki' },
    funding: {
      title: 'Akaunti zako za malipo',
      dollar: (name: string) => `Akaunti ya ${name}`,
      wire: 'Nakili maelekezo ya uhamisho',
      total: 'Jumla iliyopokelewa',
    },
    qr: 'Msimbo wa QR',
  },
  ar: {
    tag: 'ar-EG',
    account: { title: 'الدفع بالتحويل المصرفي', amountLabel: 'المبلغ' },
    invoice: { title: 'الفاتورة INV-000101', dueDateLabel: 'تاريخ الاستحقاق' },
    link: { status: 'نشط', copy: 'نسخ الرابط' },
    picker: { label: 'البنك', placeholder: 'ابحث عن بنك' },
    funding: {
      title: 'حسابات الدفع الخاصة بك',
      dollar: (name: string) => `حساب ${name}`,
      wire: 'نسخ تعليمات الحوالة',
      total: 'إجمالي المبالغ المستلمة',
    },
    qr: 'رمز QR',
  },
} as const;

/**
 * Intl's money without its directional marks (the elements show every amount as one left-to-right
 * run), in Latin digits (the elements' choice in every language: lib/intl.ts).
 */
const money = (amount: number, currency: string, tag: string): string =>
  new Intl.NumberFormat(tag, {
    style: 'currency',
    currency,
    minimumFractionDigits: 2,
    numberingSystem: 'latn',
  })
    .format(amount)
    .replace(/[\u200e\u200f\u061c]/g, '');

const longDate = (iso: string, tag: string): string =>
  new Intl.DateTimeFormat(tag, {
    dateStyle: 'long',
    numberingSystem: 'latn',
    ...(/^\d{4}-\d{2}-\d{2}$/.test(iso) ? { timeZone: 'UTC' } : {}),
  }).format(Date.parse(iso));

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
    const view = await createSession();
    const { el: account } = await mountAccount(view.id, { lang: 'ar' });
    await expectAccessible(account);
    const { el: invoice } = await mountInvoice(invoiceNumber, { lang: 'ar' });
    setPageVisibility('hidden');
    await expectAccessible(invoice);
    const { el: link } = await mountLink({ id: 'lnk_pro_monthly' }, { lang: 'ar' });
    await expectAccessible(link);
    const { el: picker } = await mountPicker((el) => (el.country = 'NG'), { lang: 'ar' });
    await expectAccessible(picker);
    const { el: funding } = await mountFunding(await fundingToken(), { lang: 'ar' });
    await expectAccessible(funding);
  });

  for (const [code, words] of Object.entries(languages)) {
    it(`shows every element in ${code} (lang="${words.tag}"), with Intl formatting for that tag`, async () => {
      const view = await createSession();
      const { el: account } = await mountAccount(view.id, { lang: words.tag });
      expect(partText(account, 'title')).to.equal(words.account.title);
      expect(shadow(account).querySelector('dt')?.textContent?.trim()).to.equal(words.account.amountLabel);
      expect(partText(account, 'amount')).to.equal(money(5000, 'NGN', words.tag));

      const kitView = await kitInvoice(invoiceNumber);
      const { el: invoice } = await mountInvoice(invoiceNumber, { lang: words.tag });
      setPageVisibility('hidden');
      expect(partText(invoice, 'title')).to.equal(words.invoice.title);
      expect(partText(invoice, 'due-date')).to.equal(longDate(kitView.due_date ?? '', words.tag));
      const dueLabel = part(invoice, 'due-date').previousElementSibling;
      expect(dueLabel?.textContent?.trim()).to.equal(words.invoice.dueDateLabel);
      expect(partText(invoice, 'total')).to.equal(money(287625, 'NGN', words.tag));

      const { el: link } = await mountLink({ id: 'lnk_pro_monthly' }, { lang: words.tag, currency: 'NGN' });
      expect(partText(link, 'status-badge')).to.equal(words.link.status);
      expect(partText(link, 'copy-button')).to.equal(words.link.copy);
      expect(partText(link, 'amount')).to.equal(money(15000, 'NGN', words.tag));

      const { el: picker } = await mountPicker((el) => (el.country = 'NG'), { lang: words.tag });
      expect(partText(picker, 'label')).to.equal(words.picker.label);
      expect(input(picker).placeholder).to.equal(words.picker.placeholder);

      const token = await fundingToken();
      await sendTransfer(accountIn(await kitFunding(token), 'NGN').account_number, '287625');
      const { el: funding } = await mountFunding(token, { lang: words.tag });
      expect(partText(funding, 'title')).to.equal(words.funding.title);
      const dollarName = new Intl.DisplayNames(words.tag, { type: 'currency' }).of('USD') ?? '';
      const titles = [...shadow(funding).querySelectorAll('[part="account-title"]')].map(
        (h) => h.textContent,
      );
      expect(titles[1]).to.equal(words.funding.dollar(dollarName));
      expect(partText(funding, 'copy-wire-button')).to.equal(words.funding.wire);
      expect(shadow(funding).querySelector('[part="totals"] dt')?.textContent?.trim()).to.equal(
        words.funding.total,
      );
      expect(partText(funding, 'total')).to.equal(money(287625, 'NGN', words.tag));
      expect(partText(funding, 'deposit-amount')).to.equal(money(287625, 'NGN', words.tag));

      const wrapper = await fixture<HTMLDivElement>(
        html`<div lang=${words.tag}><pay-qr value="https://shop.example/pay/1"></pay-qr></div>`,
      );
      const qr = wrapper.querySelector<PayQr>('pay-qr');
      await qr?.updateComplete;
      expect(qr?.shadowRoot?.querySelector('svg')?.getAttribute('aria-label')).to.equal(words.qr);
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
