// Translation tables by language, and the choice of one for a locale.
import en from './en.js';
import fr from './fr.js';
import type { Translation } from './types.js';

export type { Translation } from './types.js';
export { en, fr };

const tables = new Map<string, Translation>([
  ['en', en],
  ['fr', fr],
]);

/** Adds (or replaces) translation tables, keyed by their `$code`. */
export function registerTranslation(...translations: Translation[]): void {
  for (const t of translations) tables.set(t.$code.toLowerCase(), t);
}

/** The table for a BCP 47 locale: the exact tag, then its language, then English. */
export function translationFor(locale: string): Translation {
  const tag = locale.toLowerCase();
  return tables.get(tag) ?? tables.get(tag.split('-')[0] ?? '') ?? en;
}
