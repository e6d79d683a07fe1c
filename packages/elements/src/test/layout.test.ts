// Every element at phone, tablet and desktop widths (320, 360, 390, 768, 1280 px), light and dark,
// left to right and right to left (Arabic), measured as a shopper would notice: nothing scrolls
// sideways (the element and the page), nothing is cut off, the account number stays on one line,
// the amount is the largest detail (at least 1.2 times the others) and the account number the next,
// labels sit above values on a phone, the copy buttons line up. A PNG of each is written to
// test-results/screenshots/ for people to look at.
import { executeServerCommand } from '@web/test-runner-commands';
import { setViewport } from './commands.js';
import '../i18n/ar.js';
import { expect } from './testing.js';
import { expectAccessible } from './axe.js';
import { mountAccount, part, setPageVisibility, shadow } from './account.js';
import { advanceServerClock, createSession, orders, sendTransfer } from './backend.js';
import { mountPicker } from './banks.js';
import { contrastRatio, parseColor } from './contrast.js';
import { mountInvoice, mountLink } from './invoice.js';
import { accountIn, fundingToken, kitFunding, mountFunding } from './funding.js';

/**
 * The widths, in two groups: MiniBrowser's window cannot make its viewport narrower than about
 * 447 px, so WebKit skips the phones' group (the elements size themselves by container queries,
 * which the wider widths there and every width in the other engines exercise).
 */
const spans = [
  { widths: [320, 360, 390], title: 'at 320, 360 and 390 px (skipped where the window cannot be so narrow)' },
  { widths: [768, 1280], title: 'at 768 and 1280 px' },
] as const;
type Widths = (typeof spans)[number]['widths'];
const looks = [
  { theme: 'light', lang: 'en' },
  { theme: 'dark', lang: 'en' },
  { theme: 'light', lang: 'ar' },
  { theme: 'dark', lang: 'ar' },
] as const;
type Look = (typeof looks)[number];

type Laid = HTMLElement & { updateComplete: Promise<boolean> };

/** The page around the element: a phone page's padding (the hosted pages' 1.25rem), the theme's ground. */
function dressPage(el: HTMLElement, look: Look): void {
  const wrapper = el.parentElement;
  if (!wrapper) throw new Error('no wrapper');
  wrapper.style.padding = '1.25rem';
  el.setAttribute('theme', look.theme);
  document.body.style.margin = '0';
  document.body.style.background = look.theme === 'dark' ? '#0f1216' : '#f6f7f9';
}

async function settle(el: Laid): Promise<void> {
  await el.updateComplete;
  await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
}

/** What sticks out sideways: the page, the element, or any element inside it (by part or tag). */
function overflows(el: HTMLElement): string[] {
  const found: string[] = [];
  const page = document.documentElement;
  if (page.scrollWidth > page.clientWidth) found.push(`page ${page.scrollWidth} > ${page.clientWidth}`);
  if (el.scrollWidth > el.clientWidth) found.push(`element ${el.scrollWidth} > ${el.clientWidth}`);
  const box = el.getBoundingClientRect();
  for (const inner of shadow(el).querySelectorAll<HTMLElement>('*')) {
    // text for assistive technology only (a narrow invoice's column headers among it)
    const hidden = inner.closest('.visually-hidden, thead');
    if ((hidden && hidden.getBoundingClientRect().height <= 1) || inner.localName === 'style') continue;
    const rect = inner.getBoundingClientRect();
    if (rect.width === 0 && rect.height === 0) continue;
    const name = inner.getAttribute('part') ?? inner.localName;
    if (rect.left < box.left - 0.5 || rect.right > box.right + 0.5)
      found.push(`${name} [${rect.left}, ${rect.right}] outside [${box.left}, ${box.right}]`);
    // a cell, a value or a field whose content is wider than itself is cut off or scrolls
    const clips = ['TD', 'TH', 'DD', 'P', 'H2', 'DT', 'SPAN', 'BUTTON', 'A', 'INPUT', 'LI'];
    if (clips.includes(inner.tagName) && inner.scrollWidth > inner.clientWidth + 1 && inner.clientWidth > 0)
      found.push(`${name} content ${inner.scrollWidth} > ${inner.clientWidth}`);
  }
  return found;
}

function fontSize(element: Element): number {
  return parseFloat(getComputedStyle(element).fontSize);
}

/** Whether `element` lays out as one line box. */
function oneLine(element: HTMLElement): boolean {
  const rects = element.getClientRects();
  const lineHeight = parseFloat(getComputedStyle(element).lineHeight);
  return rects.length === 1 && element.getBoundingClientRect().height < lineHeight * 1.5;
}

async function shoot(name: string): Promise<void> {
  await executeServerCommand('save-screenshot', { name });
}

/** Runs `check` at each of `widths`, with a screenshot of each. */
async function atEveryWidth(
  widths: Widths,
  name: string,
  look: Look,
  el: Laid,
  check: (width: number) => void,
): Promise<void> {
  for (const width of widths) {
    if (!(await setViewport({ width, height: 900 }))) throw new Error(`no viewport of ${width} px`);
    await settle(el);
    expect(overflows(el), `${name} ${width}px ${look.theme} ${look.lang}`).to.deep.equal([]);
    check(width);
    await shoot(`${name}-${width}-${look.theme}-${look.lang === 'ar' ? 'rtl' : 'ltr'}`);
  }
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
  for (const row of rows) {
    const dt = row.querySelector('dt')?.getBoundingClientRect();
    const dd = row.querySelector('dd > :first-child, dd')?.getBoundingClientRect();
    if (!dt || !dd) throw new Error('a row without its term or value');
    if (width <= 390) expect(dt.bottom, `${label}: the label above its value`).to.be.at.most(dd.top + 1);
    else expect(Math.abs(dt.top - dd.top) < dd.height, `${label}: the label beside its value`).to.equal(true);
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
          await atEveryWidth(widths, 'invoice', look, el, (width) => {
            const row = part(el, 'item-row');
            const name = row.querySelector('th')?.getBoundingClientRect();
            const amount = row.querySelector('td:last-child')?.getBoundingClientRect();
            if (!name || !amount) throw new Error('no item cells');
            const wrap = shadow(el).querySelector<HTMLElement>('.table-wrap');
            expect(
              wrap && wrap.scrollWidth <= wrap.clientWidth,
              'the items need no sideways scroll',
            ).to.equal(true);
            if (width <= 390)
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

        it(`<pay-funding-account> with deposits, ${tag}`, async () => {
          const token = await fundingToken();
          const view = await kitFunding(token);
          await sendTransfer(accountIn(view, 'NGN').account_number, '1234567.89');
          await sendTransfer(accountIn(view, 'USD').account_number, '250');
          const { el } = await mountFunding(token, { lang: look.lang });
          setPageVisibility('hidden');
          dressPage(el, look);
          await atEveryWidth(widths, 'funding', look, el, (width) => {
            const label = `funding ${width}px ${tag}`;
            const cards = [...shadow(el).querySelectorAll<HTMLElement>('[part~="account"]')];
            const [first, second] = cards.map((card) => card.getBoundingClientRect());
            if (!first || !second) throw new Error('not two account cards');
            // stacked on a phone, side by side once each card has 20rem
            if (width <= 390) expect(second.top, `${label}: cards stacked`).to.be.at.least(first.bottom);
            if (width >= 768)
              expect(Math.abs(first.top - second.top), `${label}: side by side`).to.be.lessThan(1);
            for (const number of shadow(el).querySelectorAll<HTMLElement>('[part="account-number"]'))
              expect(oneLine(number), `${label}: the account number on one line`).to.equal(true);
            for (const amount of shadow(el).querySelectorAll<HTMLElement>('[part="deposit-amount"]'))
              expect(oneLine(amount), `${label}: a deposit's amount on one line`).to.equal(true);
            // in each card, the copy buttons line up at the end of their labels' line
            const rtl = el.matches(':dir(rtl)');
            for (const card of cards) {
              const ends = [...card.querySelectorAll<HTMLElement>('[part~="copy-button"]')].map((b) => {
                const box = b.getBoundingClientRect();
                return rtl ? box.left : box.right;
              });
              for (const end of ends)
                expect(end, `${label}: copy buttons aligned`).to.be.closeTo(ends[0] ?? 0, 1);
            }
            const numberLabel = shadow(el)
              .querySelector('[part="account-number"]')
              ?.closest('.row')
              ?.querySelector('dt');
            const number = part(el, 'account-number').getBoundingClientRect();
            if (!numberLabel) throw new Error('no label of the account number');
            if (width <= 390)
              expect(
                numberLabel.getBoundingClientRect().bottom,
                `${label}: the label above its value`,
              ).to.be.at.most(number.top + 1);
          });
          await expectAccessible(el);
          setPageVisibility('visible');
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
