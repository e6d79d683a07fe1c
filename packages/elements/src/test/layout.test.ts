// Every element at phone, tablet and desktop widths (320, 360, 390, 540, 768, 1280, 1920 px), light
// and dark, left to right and right to left (Arabic), and the checkout in a hosted page's column, measured as a shopper would notice: nothing scrolls
// sideways (the element and the page), nothing is cut off, the account number stays on one line,
// the amount is the largest detail (at least 1.2 times the others) and the account number the next,
// labels sit above values on a phone, the copy buttons line up. A PNG of each is written to
// test-results/screenshots/ for people to look at. (<pay-funding-account>: layout-funding.test.ts.)
import { setViewport } from './commands.js';
import '../i18n/ar.js';
import { expect } from './testing.js';
import { expectAccessible } from './axe.js';
import { mountAccount, part, setPageVisibility, shadow } from './account.js';
import { advanceServerClock, createSession, orders, sendTransfer } from './backend.js';
import { mountPicker } from './banks.js';
import { contrastRatio, parseColor } from './contrast.js';
import { mountInvoice, mountLink } from './invoice.js';
import { atEveryWidth, dressPage, fontSize, looks, oneLine, settle, spans, type Widths } from './layout.js';

/** The width of a box's content: what its container queries compare. */
function innerWidth(box: HTMLElement): number {
  const style = getComputedStyle(box);
  return box.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight);
}

/** The checks of the account details (pending and paid). */
function checkDetails(el: HTMLElement, width: number, label: string): void {
  const amount = part(el, 'amount');
  const others = [...shadow(el).querySelectorAll('[part="bank-name"], [part="account-name"]')];
  for (const other of others) {
    expect(
      fontSize(amount) / fontSize(other),
      `${label}: amount / ${other.getAttribute('part')}`,
    ).to.be.at.least(1.2);
    expect(oneLine(amount), `${label}: the amount on one line`).to.equal(true);
  }
  if (others.length === 0) return; // paid: the amount alone
  const number = part(el, 'account-number');
  expect(oneLine(number), `${label}: the account number on one line`).to.equal(true);
  expect(fontSize(number)).to.be.at.most(fontSize(amount));
  for (const other of others) expect(fontSize(number)).to.be.at.least(fontSize(other));
  const rows = [...shadow(el).querySelectorAll<HTMLElement>('[part="details"] .row')];
  // labels beside their values from a 30rem box (a hosted page's 32rem column is narrower)
  const stacked = innerWidth(part(el, 'base')) < 30 * fontSize(document.documentElement);
  for (const row of rows) {
    const dt = row.querySelector('dt')?.getBoundingClientRect();
    const dd = row.querySelector('dd > :first-child, dd')?.getBoundingClientRect();
    if (!dt || !dd) throw new Error('a row without its term or value');
    if (stacked) expect(dt.bottom, `${label}: the label above its value`).to.be.at.most(dd.top + 1);
    else {
      expect(Math.abs(dt.top - dd.top) < dd.height, `${label}: the label beside its value`).to.equal(true);
      const apart = Math.max(dd.left - dt.right, dt.left - dd.right);
      expect(apart, `${label}: the label apart from its value`).to.be.at.least(8);
    }
  }
  const buttons = [...shadow(el).querySelectorAll<HTMLElement>('[part~="copy-button"]')].map((b) =>
    b.getBoundingClientRect(),
  );
  expect(buttons).to.have.length(2);
  const [first, second] = buttons;
  if (!first || !second) throw new Error('no copy buttons');
  const rtl = el.matches(':dir(rtl)');
  expect(rtl ? first.left : first.right, `${label}: copy buttons aligned`).to.be.closeTo(
    rtl ? second.left : second.right,
    1,
  );
}

const measured: Record<string, string> = {};

describe('layout at phone, tablet and desktop widths', () => {
  let widths: Widths = spans[0].widths;

  after(async () => {
    await setViewport({ width: 800, height: 600 });
    document.body.removeAttribute('style');
    console.log(`layout figures: ${JSON.stringify(measured)}`);
  });

  for (const span of spans)
    describe(span.title, () => {
      beforeEach(async function () {
        widths = span.widths;
        if (!(await setViewport({ width: span.widths[0], height: 900 }))) this.skip();
      });

      for (const look of looks) {
        const tag = `${look.theme} ${look.lang}`;

        it(`<pay-dynamic-account> pending, ${tag}`, async () => {
          const view = await createSession(orders.large.id);
          const { el } = await mountAccount(view.id, { lang: look.lang, showQr: true });
          setPageVisibility('hidden');
          dressPage(el, look);
          await atEveryWidth(widths, 'checkout-pending', look, el, (width) => {
            checkDetails(el, width, `pending ${width}px ${tag}`);
            if (width === 320 && look.lang === 'en' && look.theme === 'light') {
              const bank = part(el, 'bank-name');
              measured['amount/other font size at 320'] = (
                fontSize(part(el, 'amount')) / fontSize(bank)
              ).toFixed(2);
              measured['account number/other font size at 320'] = (
                fontSize(part(el, 'account-number')) / fontSize(bank)
              ).toFixed(2);
              measured['element width at 320'] = `${el.getBoundingClientRect().width}px`;
              measured['account number width at 320'] =
                `${part(el, 'account-number').getBoundingClientRect().width}px`;
              measured['details width at 320'] = `${part(el, 'details').getBoundingClientRect().width}px`;
              measured['amount width at 320'] = `${part(el, 'amount').getBoundingClientRect().width}px`;
            }
          });
          await expectAccessible(el);
          // the box's border, and the progress track drawn in it, at 3:1 against the surface (WCAG 1.4.11)
          const base = getComputedStyle(part(el, 'base'));
          const border = contrastRatio(parseColor(base.borderTopColor), parseColor(base.backgroundColor));
          measured[`border contrast ${look.theme}`] = border.toFixed(2);
          expect(border).to.be.at.least(3);
          setPageVisibility('visible');
        });

        it(`<pay-dynamic-account> pending in a hosted page's 32rem column, ${tag}`, async () => {
          const view = await createSession(orders.large.id);
          const { el } = await mountAccount(view.id, { lang: look.lang, showQr: true });
          setPageVisibility('hidden');
          dressPage(el, look);
          const column = el.parentElement;
          if (column) column.style.maxWidth = '32rem';
          await atEveryWidth(widths, 'checkout-hosted-column', look, el, (width) =>
            checkDetails(el, width, `in a 32rem column ${width}px ${tag}`),
          );
          if (column) column.style.maxWidth = '';
          setPageVisibility('visible');
        });

        it(`<pay-dynamic-account> paid, ${tag}`, async () => {
          const view = await createSession();
          await sendTransfer(view.account.account_number, view.amount);
          const { el } = await mountAccount(view.id, { lang: look.lang });
          dressPage(el, look);
          expect(el.status).to.equal('paid');
          await atEveryWidth(widths, 'checkout-paid', look, el, (width) =>
            checkDetails(el, width, `paid ${width}px ${tag}`),
          );
          await expectAccessible(el);
        });

        it(`<pay-dynamic-account> expired, ${tag}`, async () => {
          const view = await createSession();
          await advanceServerClock(31);
          const { el } = await mountAccount(view.id, { lang: look.lang });
          dressPage(el, look);
          expect(el.status).to.equal('expired');
          await atEveryWidth(widths, 'checkout-expired', look, el, () => {
            expect(part(el, 'renew-button').getBoundingClientRect().width).to.be.greaterThan(0);
          });
          await expectAccessible(el);
        });

        it(`<pay-invoice-view>, ${tag}`, async () => {
          const { el } = await mountInvoice('INV-000101', { lang: look.lang });
          setPageVisibility('hidden');
          dressPage(el, look);
          await atEveryWidth(widths, 'invoice', look, el, () => {
            const row = part(el, 'item-row');
            const name = row.querySelector('th')?.getBoundingClientRect();
            const amount = row.querySelector('td:last-child')?.getBoundingClientRect();
            if (!name || !amount) throw new Error('no item cells');
            const wrap = shadow(el).querySelector<HTMLElement>('.table-wrap');
            expect(
              wrap && wrap.scrollWidth <= wrap.clientWidth,
              'the items need no sideways scroll',
            ).to.equal(true);
            // a table from a 32rem box
            if (innerWidth(part(el, 'base')) <= 32 * fontSize(document.documentElement))
              expect(name.bottom, 'stacked: the name above its figures').to.be.at.most(amount.top + 1);
            else expect(Math.abs(name.top - amount.top)).to.be.lessThan(2);
            const total = part(el, 'total');
            expect(oneLine(total.querySelector('bdi') ?? total), 'the total on one line').to.equal(true);
            expect(oneLine(part(el, 'account-number')), 'the account number on one line').to.equal(true);
          });
          await expectAccessible(el);
          setPageVisibility('visible');
        });

        it(`<pay-link>, ${tag}`, async () => {
          const { el } = await mountLink({ id: 'lnk_pro_monthly' }, { lang: look.lang });
          dressPage(el, look);
          await atEveryWidth(widths, 'link', look, el, () => {
            expect(part(el, 'amount').textContent).to.include('NGN');
          });
          await expectAccessible(el);
        });

        it(`<pay-bank-picker>, open, ${tag}`, async () => {
          const { el } = await mountPicker((picker) => (picker.country = 'NG'), { lang: look.lang });
          dressPage(el, look);
          await settle(el);
          part<HTMLButtonElement>(el, 'toggle').click();
          await atEveryWidth(widths, 'bank-picker', look, el, () => {
            expect(part(el, 'listbox').getBoundingClientRect().width).to.be.greaterThan(0);
          });
          await expectAccessible(el);
        });
      }
    });
});
