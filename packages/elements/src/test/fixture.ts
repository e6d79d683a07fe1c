// What each element's fixture (components/<name>/<name>.fixture.ts) gives the tests that take every
// element at once (themes, languages): how to mount it with something to show, the parts a shopper
// reads, and what those say in each language. scripts/elements.mjs gathers them into
// fixtures.generated.ts, whose type fails while a declared element has none.

/** An element as the every-element tests handle it. */
export type Shown = HTMLElement & { theme: string; updateComplete: Promise<boolean> };

/** The languages the elements carry: src/i18n/<code>/. */
export type LanguageCode = 'en' | 'fr' | 'pt' | 'sw' | 'ar';

export interface ElementFixture<E extends Shown = Shown> {
  /**
   * Mounts it inside a wrapper of `lang`, against the test backend, with something to show (`used`:
   * after the shopper's money arrived, where it shows more), and resolves once it shows it.
   */
  mount(lang: string, used?: boolean): Promise<E>;
  /** The parts whose text a shopper reads, for the contrast checks (its `<dt>`s are read too). */
  readonly texts: readonly string[];
  /** What a shopper reads in it once `used`, by name. */
  read(el: E): Record<string, string> | Promise<Record<string, string>>;
  /** What `read` gives in `language` on a page of `tag` (Intl formats for the tag, not the language). */
  expected(language: LanguageCode, tag: string): Record<string, string> | Promise<Record<string, string>>;
}

/**
 * Intl's money without its directional marks (the elements show every amount as one left-to-right
 * run), in Latin digits (the elements' choice in every language: lib/intl.ts).
 */
export const money = (amount: number, currency: string, tag: string): string =>
  new Intl.NumberFormat(tag, {
    style: 'currency',
    currency,
    minimumFractionDigits: 2,
    numberingSystem: 'latn',
  })
    .format(amount)
    .replace(/[\u200e\u200f\u061c]/g, '');

/** A date as the elements write it in full: a bare date in UTC, a moment in the page's zone. */
export const longDate = (iso: string, tag: string): string =>
  new Intl.DateTimeFormat(tag, {
    dateStyle: 'long',
    numberingSystem: 'latn',
    ...(/^\d{4}-\d{2}-\d{2}$/.test(iso) ? { timeZone: 'UTC' } : {}),
  }).format(Date.parse(iso));
