// The hosted pages' tables, all five (./<code>/pages.ts): a server writes the pages around the elements
// in the shopper's language (`import { hostedPageTables } from '@pay-elements/elements/i18n/pages'`).
// No element imports them, so no browser downloads them.
import { arPages } from './ar/pages.js';
import { enPages } from './en/pages.js';
import { frPages } from './fr/pages.js';
import { ptPages } from './pt/pages.js';
import { swPages } from './sw/pages.js';
import type { HostedPageTerms } from './types.js';

export type { HostedPageTerms, HostedPageTranslation, PageNotice } from './types.js';

/** Each language's table, by its code: the languages the elements ship. */
export const hostedPageTables = {
  en: enPages,
  fr: frPages,
  pt: ptPages,
  sw: swPages,
  ar: arPages,
} as const satisfies Record<string, HostedPageTerms>;
