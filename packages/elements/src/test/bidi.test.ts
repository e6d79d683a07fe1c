// Text the merchant or the provider supplies, inside Arabic: kept in its own direction (an English
// note's full stop at its end), and every amount of a locale in one format, negative ones included.
import { expect } from './testing.js';
import '../i18n/ar.js';
import { part, setPageVisibility, shadow } from './account.js';
import { mountInvoice, mountLink } from './invoice.js';

/** Where a text node's last character is drawn, by its x position. */
function lastCharacterX(element: Element): { last: number; first: number } {
  const walker = document.createTreeWalker(element, NodeFilter.SHOW_TEXT);
  const node = walker.nextNode();
  if (!node?.textContent) throw new Error('no text');
  const text = node.textContent.trimEnd();
  const range = document.createRange();
  range.setStart(node, text.length - 1);
  range.setEnd(node, text.length);
  const last = range.getBoundingClientRect().left;
  range.setStart(node, node.textContent.length - text.trimStart().length);
  range.setEnd(node, node.textContent.length - text.trimStart().length + 1);
  return { last, first: range.getBoundingClientRect().left };
}

describe('bidirectional text', () => {
  afterEach(() => setPageVisibility('visible'));

  it("isolates an invoice's English note and item names inside Arabic, full stop at the end", async () => {
    const { el } = await mountInvoice('INV-000101', { lang: 'ar' });
    setPageVisibility('hidden');
    const note = part(el, 'note');
    expect(getComputedStyle(note).direction).to.equal('ltr');
    const { first, last } = lastCharacterX(note);
    expect(last, 'the full stop after the words, on the right').to.be.greaterThan(first);
    expect(part(el, 'item-row').querySelector('th bdi')).to.not.equal(null);
  });

  it('formats the discount like every other amount in Arabic', async () => {
    const { el } = await mountInvoice('INV-000101', { lang: 'ar' });
    setPageVisibility('hidden');
    const amounts = [...shadow(el).querySelectorAll('tfoot td bdi')].map((b) => b.textContent?.trim() ?? '');
    expect(amounts).to.deep.equal([
      '295,000.00\u00a0NGN',
      '-29,500.00\u00a0NGN',
      '22,125.00\u00a0NGN',
      '287,625.00\u00a0NGN',
    ]);
    for (const bdi of shadow(el).querySelectorAll('tfoot td bdi'))
      expect(bdi.getAttribute('dir')).to.equal('ltr');
  });

  it("shows a payment link's amount with a currency, its title isolated", async () => {
    const { el } = await mountLink({ id: 'lnk_pro_monthly' }, { lang: 'ar' });
    expect(part(el, 'amount').textContent?.trim()).to.equal('15,000.00\u00a0NGN');
    expect(part(el, 'title').querySelector('bdi')?.textContent).to.equal('Pro plan, monthly');
    expect(part(el, 'description').getAttribute('dir')).to.equal('auto');
  });
});
