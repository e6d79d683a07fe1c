// The translation tables a page registered, and the choice of one for a locale. English is not kept
// here: each element carries the English it shows (./en/) and falls back to it, so a page downloads
// only the text of the elements it uses. A page may still register an English table of its own.
import type { Translation } from './types.js';

const tables = new Map<string, Translation>();

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

/** The registered table for a BCP 47 locale: the exact tag, then its language, then English; if any. */
export function registeredTranslation(locale: string): Translation | undefined {
  const tag = locale.toLowerCase();
  return tables.get(tag) ?? tables.get(tag.split('-')[0] ?? '') ?? tables.get('en');
}
