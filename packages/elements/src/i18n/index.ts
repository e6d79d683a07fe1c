// Translation tables by language, and the choice of one for a locale. English is built in; other
// languages register themselves when their module is imported, so a page pays only for the languages
// it offers: `import '@pay-elements/elements/i18n/fr'` (fr, pt, sw and ar ship with the package).
import en from './en.js';
import { registeredTranslation } from './registry.js';
import type { Translation } from './types.js';

export type { Translation } from './types.js';
export { registerTranslation, onTranslationRegistered } from './registry.js';
export { en };

/** The table for a BCP 47 locale: the exact tag, then its language, then English. */
export function translationFor(locale: string): Translation {
  return registeredTranslation(locale, en) ?? en;
}
