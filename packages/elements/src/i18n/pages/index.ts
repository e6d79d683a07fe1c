// The hosted pages' tables, all five: a server writes the pages around the elements in the shopper's
// language (`import { hostedPageTables } from '@pay-elements/elements/i18n/pages/index'`). No element
// imports them, so no browser downloads them.
import ar from './ar.js';
import en from './en.js';
import fr from './fr.js';
import pt from './pt.js';
import sw from './sw.js';
import type { HostedPageTerms } from '../types.js';

export type { HostedPageTerms, HostedPageTranslation, PageNotice } from '../types.js';

/** Each language's table, by its code: the languages the elements ship. */
export const hostedPageTables = { en, fr, pt, sw, ar } as const satisfies Record<string, HostedPageTerms>;
