// The translation tables a page registered, and the choice of one for a locale. English is not kept
// here: each element carries the English it shows (./en/) and falls back to it, so a page downloads
// only the text of the elements it uses. A page may still register an English table of its own.
//
// A language may also come in parts, one an element (./fr/link.ts: `frLink`), as the script-tag files
// register it: each part adds its keys to its language's table, and an element takes a table only
// once it holds every key the element reads.
import type { IdentityTranslation, Translation } from './types.js';

/** Some elements' text in one language: its identity and the parts it fills (`frLink`, `frQr`). */
export type TranslationPart = IdentityTranslation & Partial<Translation>;

const tables = new Map<string, TranslationPart>();

const listeners = new Set<() => void>();

function changed(): void {
  for (const listener of listeners) listener();
}

/** Adds (or replaces) translation tables, keyed by their `$code`; elements already shown re-render. */
export function registerTranslation(...translations: Translation[]): void {
  for (const t of translations) tables.set(t.$code.toLowerCase(), t);
  changed();
}

/** Adds parts of tables to their languages' (each key replaces the one registered before it). */
export function registerTranslationParts(...parts: TranslationPart[]): void {
  for (const part of parts) {
    const code = part.$code.toLowerCase();
    const known = tables.get(code);
    tables.set(code, known ? { ...known, ...part } : part);
  }
  changed();
}

/** Calls `listener` after every registration (until the returned function is called). */
export function onTranslationRegistered(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/**
 * The registered table for a BCP 47 locale that holds every key of `english` (the text its reader
 * shows): the exact tag, then its language, then English; if any.
 */
export function registeredTranslation<Terms extends IdentityTranslation>(
  locale: string,
  english: Terms,
): Terms | undefined {
  const tag = locale.toLowerCase();
  const table = [tag, tag.split('-')[0], 'en']
    .map((code) => tables.get(code ?? ''))
    .find((t) => t && Object.keys(english).every((key) => key in t));
  // a table holding every key of `english` is a `Terms` (the parts' types are the elements')
  return table as Terms | undefined;
}
