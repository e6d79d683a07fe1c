// <pay-funding-account> at phone, tablet and desktop widths (320, 360, 390, 540, 768, 1280, 1920 px), light and
// dark, left to right and right to left (Arabic), as layout.test.ts measures the other elements: nothing
// scrolls sideways or is cut off, the cards stack on a phone and stand side by side from 768 px, every
// account number and amount on one line, labels above values on a phone, the copy buttons of a card
// aligned. (A file of its own: WebKit runs each file under one time limit, which the other elements'
// layout file already nearly fills.) A PNG of each is written to test-results/screenshots/.
import { setViewport } from './commands.js';
import '../i18n/ar.js';
import { expect } from './testing.js';
import { expectAccessible } from './axe.js';
import { part, setPageVisibility, shadow } from './account.js';
import { sendTransfer } from './backend.js';
import { accountIn, fundingToken, kitFunding, mountFunding } from './funding.js';
import { atEveryWidth, dressPage, looks, oneLine, spans, type Widths } from './layout.js';

/** The checks at one width. */
function checkFunding(el: HTMLElement, width: number, label: string): void {
  const cards = [...shadow(el).querySelectorAll<HTMLElement>('[part~="account"]')];
  const [first, second] = cards.map((card) => card.getBoundingClientRect());
  if (!first || !second) throw new Error('not two account cards');
  // stacked on a phone, side by side once each card has 20rem
  if (width <= 390) expect(second.top, `${label}: cards stacked`).to.be.at.least(first.bottom);
  if (width >= 768) expect(Math.abs(first.top - second.top), `${label}: side by side`).to.be.lessThan(1);
  for (const number of shadow(el).querySelectorAll<HTMLElement>('[part="account-number"]'))
    expect(oneLine(number), `${label}: the account number on one line`).to.equal(true);
  for (const amount of shadow(el).querySelectorAll<HTMLElement>('[part="deposit-amount"]'))
    expect(oneLine(amount), `${label}: a deposit's amount on one line`).to.equal(true);
  // in each card, the copy buttons line up at the end of their labels' line
  const rtl = el.matches(':dir(rtl)');
  for (const card of cards) {
    const ends = [...card.querySelectorAll<HTMLElement>('[part~="copy-button"]')].map((button) => {
      const box = button.getBoundingClientRect();
      return rtl ? box.left : box.right;
    });
    for (const end of ends) expect(end, `${label}: copy buttons aligned`).to.be.closeTo(ends[0] ?? 0, 1);
  }
  const number = part(el, 'account-number');
  const numberLabel = number.closest('.row')?.querySelector('dt');
  if (!numberLabel) throw new Error('no label of the account number');
  if (width <= 390)
    expect(numberLabel.getBoundingClientRect().bottom, `${label}: the label above its value`).to.be.at.most(
      number.getBoundingClientRect().top + 1,
    );
}

describe('<pay-funding-account> at phone, tablet and desktop widths', () => {
  let widths: Widths = spans[0].widths;
  /** one customer, with a deposit in each account, for every look */
  let token = '';

  before(async () => {
    token = await fundingToken();
    const view = await kitFunding(token);
    await sendTransfer(accountIn(view, 'NGN').account_number, '1234567.89');
    await sendTransfer(accountIn(view, 'USD').account_number, '250');
  });

  after(async () => {
    await setViewport({ width: 800, height: 600 });
    document.body.removeAttribute('style');
  });

  for (const span of spans)
    describe(span.title, () => {
      beforeEach(async function () {
        widths = span.widths;
        if (!(await setViewport({ width: span.widths[0], height: 900 }))) this.skip();
      });

      for (const look of looks) {
        const tag = `${look.theme} ${look.lang}`;

        it(`with deposits, ${tag}`, async () => {
          const { el } = await mountFunding(token, { lang: look.lang });
          setPageVisibility('hidden'); // no polling while it is measured
          dressPage(el, look);
          await atEveryWidth(widths, 'funding', look, el, (width) =>
            checkFunding(el, width, `funding ${width}px ${tag}`),
          );
          await expectAccessible(el);
          setPageVisibility('visible');
        });
      }
    });
});
