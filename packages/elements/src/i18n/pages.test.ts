// The hosted pages' tables (./<code>/pages.ts): each of the five complete, in the same language and
// direction as the elements' table of its code, with every value a formatted string carries kept in
// its sentence.
import { expect } from '../test/testing.js';
import ar from './ar.js';
import en from './en.js';
import fr from './fr.js';
import { hostedPageTables } from './pages.js';
import pt from './pt.js';
import sw from './sw.js';
import type { HostedPageTerms, Translation } from './types.js';

const tables: readonly Translation[] = [en, fr, pt, sw, ar];

/** Every leaf of a table, by its path: "page.invoice.heading.paid". */
function leaves(value: unknown, path = ''): Map<string, unknown> {
  const found = new Map<string, unknown>();
  if (typeof value === 'object' && value !== null) {
    for (const [key, child] of Object.entries(value)) {
      for (const [leaf, v] of leaves(child, path ? `${path}.${key}` : key)) found.set(leaf, v);
    }
  } else found.set(path, value);
  return found;
}

describe('the hosted pages’ tables', () => {
  const pages: readonly HostedPageTerms[] = Object.values(hostedPageTables);

  it('fills every key of the English table in every language, each the same language as the elements’', () => {
    const english = leaves(hostedPageTables.en);
    for (const [table, elements] of pages.map((p, i) => [p, tables[i]] as const)) {
      expect([table.$code, table.$dir], table.$code).to.deep.equal([elements?.$code, elements?.$dir]);
      const own = leaves(table);
      expect([...own.keys()].sort(), table.$code).to.deep.equal([...english.keys()].sort());
      for (const [key, value] of own) {
        expect(typeof value, `${table.$code} ${key}`).to.equal(typeof english.get(key));
        if (typeof value === 'string') expect(value.trim(), `${table.$code} ${key}`).not.to.equal('');
      }
      if (table !== hostedPageTables.en)
        expect(table.page.checkout.lead, table.$code).not.to.equal(hostedPageTables.en.page.checkout.lead);
    }
  });

  it('keeps the values it is given in every sentence', () => {
    for (const { $code, page } of pages) {
      const says = (text: string, ...values: string[]): void => {
        for (const value of values) expect(text, `${$code}: ${text}`).to.include(value);
      };
      says(page.backTo('Acme'), 'Acme');
      says(page.checkout.heading.pending('Acme'), 'Acme');
      says(page.checkout.order('#1001'), '#1001');
      says(page.checkout.description('Tote', 'Acme'), 'Tote', 'Acme');
      says(page.invoice.title('INV-1', '₦9.00'), 'INV-1', '₦9.00');
      says(page.invoice.heading.pending('Acme'), 'Acme');
      says(
        page.invoice.description.pending('INV-1', 'Acme', '₦9.00', '5 June'),
        'INV-1',
        'Acme',
        '₦9.00',
        '5 June',
      );
      says(
        page.invoice.description.overdue('INV-1', 'Acme', '₦9.00', '5 June'),
        'INV-1',
        'Acme',
        '₦9.00',
        '5 June',
      );
      says(page.invoice.description.paid('INV-1', 'Acme', '₦9.00'), 'INV-1', 'Acme', '₦9.00');
      says(page.invoice.description.cancelled('INV-1', 'Acme', '₦9.00'), 'INV-1', 'Acme', '₦9.00');
      says(page.fund.title('Acme'), 'Acme');
      says(page.fund.description('Acme'), 'Acme');
      says(page.fund.heading('Acme'), 'Acme');
    }
  });
});
