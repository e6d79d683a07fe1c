// Translation tables by language, and the choice of one for a locale. English is built in; other
// languages register themselves when their module is imported, so a page pays only for the languages
// it offers: `import '@pay-elements/elements/i18n/fr'` (fr, pt, sw and ar ship with the package).
import en from './en.js';
import type { Translation } from './types.js';

export type { Translation } from './types.js';
export { en };

const tables = new Map<string, Translation>([['en', en]]);

const listeners = new Set<() => void>();

/** Adds (or replaces) translation tables, keyed by their `$code`; elements already shown re-render. */
export function registerTranslation(...translations: Translation[]): void {
  for (const t of translations) tables.set(t.$code.toLowerCase(), t);
  for (const listener of listeners) listener();
}

/** Calls `listener` after every registerTranslation (until the returned function is called). */
export function onTranslationRegistered(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The table for a BCP 47 locale: the exact tag, then its language, then English. */
export function translationFor(locale: string): Translation {
  const tag = locale.toLowerCase();
  return tables.get(tag) ?? tables.get(tag.split('-')[0] ?? '') ?? en;
}
