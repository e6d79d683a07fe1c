// <pay-invoice-view> against the real kit and emulator: what the payer sees of an invoice and can
// do with it. (Polling, payment and overdue: invoice-view.lifecycle.test.ts.)
import { expect } from '../../test/testing.js';
import '../../i18n/fr.js';
import { sendKeys } from '../../test/commands.js';
import { emulateMedia } from '../../test/media.js';
import { expectAccessible } from '../../test/axe.js';
import { hasPart, liveText, part, partText, setPageVisibility, shadow } from '../../test/account.js';
import { expectCopyReset, recordClipboard } from '../../test/clipboard.js';
import { createInvoice, invoiceRef, kitInvoice, knowInvoice, mountInvoice } from '../../test/invoice.js';
import { PayCopyEvent } from '../../events/pay-copy.js';
import { holdRequests } from '../../test/page-fetch.js';

/** The fixture invoice of the emulator (packages/sandbox/README.md): NGN, pending, due in 8 days. */
const website = 'INV-000101';

const rows = (el: Element): HTMLTableRowElement[] => [
  ...shadow(el).querySelectorAll<HTMLTableRowElement>('[part~="items"] tbody tr'),
];
const cells = (row: HTMLTableRowElement): string[] =>
  [...row.cells].map((cell) => (cell.textContent ?? '').replace(/[ \t\n\r]+/g, ' ').trim());
const longDate = (iso: string, locale: string): string =>
  new Intl.DateTimeFormat(locale, { dateStyle: 'long' }).format(Date.parse(iso));

describe('<pay-invoice-view>', () => {
  afterEach(() => setPageVisibility('visible'));

  it('is accessible while loading, pending, paid and in error', async () => {
    await knowInvoice(website); // the page's server gave it the token: no request held below
    const held = holdRequests();
    try {
      const { el, events } = await mountInvoice(website, { wait: false });
      await el.updateComplete;
      expect(el.matches(':state(loading)')).to.equal(true);
      expect(partText(el, 'title')).to.equal('Loading the invoice…');
      await expectAccessible(el);
      const first = events.next('pay-status-change');
      held.release();
      await first;
      await el.updateComplete;
      expect(el.matches(':state(pending)')).to.equal(true);
      await expectAccessible(el);
    } finally {
      held.restore();
    }
    const paid = await mountInvoice('INV-000102');
    expect(paid.el.matches(':state(paid)')).to.equal(true);
    await expectAccessible(paid.el);
    const missing = await mountInvoice('INV-999999');
    expect(missing.el.matches(':state(error)')).to.equal(true);
    await expectAccessible(missing.el);
  });

  it('shows the number, status, due date, items, charges, totals and payment details', async () => {
    const view = await kitInvoice(website);
    const { el, events } = await mountInvoice(website);
    expect(el.getAttribute('status')).to.equal('pending');
    expect(el.status).to.equal('pending');
    expect(partText(el, 'title')).to.equal('Invoice INV-000101');
    expect(partText(el, 'status-badge')).to.equal('Awaiting payment');
    expect(view.due_date).to.be.a('string');
    expect(partText(el, 'due-date')).to.equal(longDate(view.due_date ?? '', 'en'));

    const table = part<HTMLTableElement>(el, 'items');
    expect(table.caption?.textContent?.trim()).to.equal('Items');
    const headers = [...table.querySelectorAll('thead th')];
    expect(headers.map((th) => [th.textContent?.trim(), th.getAttribute('scope')])).to.deep.equal([
      ['Item', 'col'],
      ['Quantity', 'col'],
      ['Unit price', 'col'],
      ['Amount', 'col'],
    ]);
    const items = rows(el);
    expect(items).to.have.length(2);
    const first = items[0];
    if (!first) throw new Error('no item rows');
    expect(cells(first)).to.deep.equal([
      'Website redesign',
      '1',
      'NGN\u00a0250,000.00',
      'NGN\u00a0250,000.00',
    ]);
    expect(items[1]?.querySelector('th')?.getAttribute('scope')).to.equal('row');
    // the numeric columns line up on the right
    const amountCell = first.cells[3];
    expect(amountCell && getComputedStyle(amountCell).textAlign).to.equal('end');

    expect(partText(el, 'subtotal')).to.equal('NGN\u00a0295,000.00');
    const charges = [...shadow(el).querySelectorAll<HTMLTableRowElement>('[part~="charge"]')].map(cells);
    expect(charges).to.deep.equal([
      ['Discount (10%)', '-NGN\u00a029,500.00'],
      ['Tax (7.5%)', 'NGN\u00a022,125.00'],
    ]);
    expect(partText(el, 'total')).to.equal('NGN\u00a0287,625.00');

    expect(partText(el, 'instructions')).to.equal('Transfer NGN\u00a0287,625.00 to this account');
    expect(partText(el, 'account-name')).to.equal('Acme Stores');
    expect(partText(el, 'account-number')).to.equal('901 234 5671');
    const spoken = shadow(el).querySelector('[part="account-number"] + .visually-hidden')?.textContent;
    expect(spoken).to.equal('9 0 1, 2 3 4, 5 6 7 1');
    expect(partText(el, 'bank-name')).to.equal('Wema Bank');
    expect(partText(el, 'currency')).to.equal('NGN');
    expect(partText(el, 'swift-code')).to.equal('WEMANGLA');
    expect(partText(el, 'note')).to.equal('Thank you for your business. Payment is due within 14 days.');
    const qr = part(el, 'qr');
    expect(qr.localName).to.equal('pay-qr');
    expect(qr.getAttribute('value')).to.equal(`https://shop.example/invoices/${invoiceRef(website)}`);
    expect(qr.getAttribute('label')).to.equal('QR code to pay this invoice on another device');

    const [change] = events.of('pay-status-change');
    expect(change?.detail.status).to.equal('pending');
    expect(change?.detail.previous).to.equal(null);
    expect(change && 'invoice' in change.detail ? change.detail.invoice.number : null).to.equal(website);
  });

  it('copies the exact account number, SWIFT code and total, and says so in words', async () => {
    const clipboard = recordClipboard();
    try {
      const { el, clock, events } = await mountInvoice(website);
      setPageVisibility('hidden'); // no polls needed here
      const copyNumber = part<HTMLButtonElement>(el, 'copy-account-number');
      let copying = events.next('pay-copy');
      copyNumber.click();
      expect(await copying).to.be.instanceOf(PayCopyEvent);
      await el.updateComplete;
      expect(clipboard.written).to.deep.equal(['9012345671']);
      expect(events.of('pay-copy')[0]?.detail).to.deep.equal({
        field: 'account-number',
        value: '9012345671',
      });
      expect(copyNumber.textContent?.trim()).to.equal('Copied');
      expect(copyNumber.getAttribute('aria-label')).to.equal('Account number copied');
      expect(liveText(el)).to.equal('Account number copied');

      copying = events.next('pay-copy');
      part<HTMLButtonElement>(el, 'copy-swift-code').click();
      await copying;
      copying = events.next('pay-copy');
      part<HTMLButtonElement>(el, 'copy-total').click();
      await copying;
      await el.updateComplete;
      expect(clipboard.written).to.deep.equal(['9012345671', 'WEMANGLA', '287625.00']);
      expect(liveText(el)).to.equal('Total copied');
      expect(partText(el, 'copy-account-number')).to.equal('Copy');

      await expectCopyReset(el, clock, 'copy-total', 'Copy total');
    } finally {
      clipboard.restore();
    }
  });

  it('shows a note holding markup as text, and runs none of it', async () => {
    const note =
      '<img src=x onerror="window.payNoteRan = true"><script>window.payNoteRan = true</script> & <b>bold</b>';
    const number = await createInvoice({ note });
    const { el } = await mountInvoice(number);
    setPageVisibility('hidden');
    expect(partText(el, 'note')).to.equal(note);
    const noteElement = part(el, 'note');
    expect(noteElement.children).to.have.length(0);
    expect(shadow(el).querySelector('img, script, b')).to.equal(null);
    // give a broken image's error event (had one been made) its chance to fire
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(Reflect.get(window, 'payNoteRan')).to.equal(undefined);
  });

  it('says an unknown invoice does not exist, with the protocol code in pay-error', async () => {
    const { el, events } = await mountInvoice('INV-999999');
    expect(el.matches(':state(error)')).to.equal(true);
    expect(el.hasAttribute('status')).to.equal(false);
    expect(el.status).to.equal(null);
    expect(partText(el, 'title')).to.equal('We could not load this invoice');
    expect(partText(el, 'message')).to.equal('This invoice does not exist');
    expect(liveText(el)).to.equal('This invoice does not exist');
    expect(hasPart(el, 'retry-button')).to.equal(false);
    expect(events.of('pay-error')).to.have.length(1);
    expect(events.of('pay-error')[0]?.detail).to.deep.include({
      code: 'not_found',
      status: 404,
      operation: 'load',
    });
  });

  it('speaks French inside lang="fr"', async () => {
    const view = await kitInvoice(website);
    const { el } = await mountInvoice(website, { lang: 'fr' });
    setPageVisibility('hidden');
    expect(partText(el, 'title')).to.equal('Facture INV-000101');
    expect(partText(el, 'status-badge')).to.equal('En attente de paiement');
    expect(partText(el, 'due-date')).to.equal(longDate(view.due_date ?? '', 'fr'));
    expect(part<HTMLTableElement>(el, 'items').caption?.textContent?.trim()).to.equal('Articles');
    expect(partText(el, 'total')).to.equal('287\u202f625,00\u00a0NGN');
    const charges = [...shadow(el).querySelectorAll<HTMLTableRowElement>('[part~="charge"] th')];
    expect(charges.map((th) => th.textContent?.trim())).to.deep.equal([
      'Remise (10\u00a0%)',
      'Taxe (7,5\u00a0%)',
    ]);
    expect(partText(el, 'copy-account-number')).to.equal('Copier');
    expect(partText(el, 'print-button')).to.equal('Imprimer ou enregistrer en PDF');
    await expectAccessible(el);
  });

  it('prints through window.print, as a plain black-on-white page without buttons', async () => {
    const { el } = await mountInvoice(website, { lang: 'en' });
    setPageVisibility('hidden');
    let printed = 0;
    const saved = Object.getOwnPropertyDescriptor(window, 'print');
    window.print = () => {
      printed++;
    };
    try {
      const button = part<HTMLButtonElement>(el, 'print-button');
      expect(button.textContent?.trim()).to.equal('Print or save as PDF');
      button.click();
      expect(printed).to.equal(1);

      el.theme = 'dark';
      await el.updateComplete;
      await emulateMedia({ media: 'print' });
      expect(getComputedStyle(button).display).to.equal('none');
      expect(getComputedStyle(part(el, 'copy-account-number')).display).to.equal('none');
      expect(getComputedStyle(part(el, 'base')).backgroundColor).to.equal('rgb(255, 255, 255)');
      expect(getComputedStyle(part(el, 'total')).color).to.equal('rgb(0, 0, 0)');
      expect(getComputedStyle(part(el, 'items')).tableLayout).to.equal('fixed');
    } finally {
      await emulateMedia({});
      if (saved) Object.defineProperty(window, 'print', saved);
      else Reflect.deleteProperty(window, 'print');
    }
  });

  it('lets the keyboard reach the items table (it scrolls on narrow screens) and every button', async () => {
    const { el } = await mountInvoice(website);
    setPageVisibility('hidden');
    const before = document.createElement('button');
    before.textContent = 'before';
    el.before(before);
    before.focus();
    const reached: (string | null)[] = [];
    for (let i = 0; i < 5; i++) {
      await sendKeys({ press: 'Tab' });
      const active = shadow(el).activeElement;
      reached.push(active?.getAttribute('part') ?? active?.className ?? null);
    }
    expect(reached).to.deep.equal([
      'table-wrap',
      'copy-button copy-total',
      'copy-button copy-account-number',
      'copy-button copy-swift-code',
      'print-button',
    ]);
    expect(getComputedStyle(part(el, 'print-button')).outlineStyle).to.equal('solid');
  });
});
