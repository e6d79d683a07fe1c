// The language a hosted page is written in: `?lang=` first (the shopper chose it, and the page's links
// to the other hosted pages keep it), then the browser's Accept-Language by weight, then English; only
// the languages the elements ship. The page's words come from the elements' hosted-page tables.
import { hostedPageTables, type HostedPageTerms } from '@pay-elements/elements/i18n/pages';

/** The languages the hosted pages speak; the page's script loads the one it is given. */
export const hostedLanguages = ['en', 'fr', 'pt', 'sw', 'ar'] as const;
export type HostedLanguage = (typeof hostedLanguages)[number];
const isHostedLanguage = (language: string): language is HostedLanguage =>
  (hostedLanguages as readonly string[]).includes(language);

// a language added to the pages without its table fails the type-check here
const tables: Record<HostedLanguage, HostedPageTerms> = hostedPageTables;

/** The first language of an Accept-Language header that the pages speak (by weight), English otherwise. */
export function pickLanguage(acceptLanguage: string | undefined): HostedLanguage {
  const ranked = (acceptLanguage ?? '')
    .split(',')
    .map((entry, index) => {
      const [tag = '', ...params] = entry.trim().split(';');
      const q = params.map((p) => /^\s*q=([\d.]+)\s*$/.exec(p)?.[1]).find(Boolean);
      return { language: tag.trim().toLowerCase().split('-')[0] ?? '', weight: q ? Number(q) : 1, index };
    })
    .filter((entry) => entry.weight > 0)
    .sort((a, b) => b.weight - a.weight || a.index - b.index);
  for (const { language } of ranked) if (isHostedLanguage(language)) return language;
  return 'en';
}

/** What a request asks a page to be written in. */
export interface LanguageAsked {
  /** the `lang` of the page's query (`?lang=fr`, `fr-CI`), if any */
  lang?: string | null | undefined;
  /** the browser's Accept-Language */
  acceptLanguage?: string | null | undefined;
}

/** The language a hosted page is written in, with its words. */
export interface PageLanguage {
  code: HostedLanguage;
  /** `dir` of the page: rtl for Arabic */
  dir: 'ltr' | 'rtl';
  /** the page's words */
  terms: HostedPageTerms['page'];
  /** what the page's links to hosted pages carry to keep it: `?lang=fr` when the query chose it, '' otherwise */
  query: string;
}

/** The page's language: `?lang=` when it names one the pages speak, else Accept-Language, else English. */
export function pageLanguage(asked: LanguageAsked = {}): PageLanguage {
  const primary = (asked.lang ?? '').trim().toLowerCase().split(/[-_]/)[0] ?? '';
  const chosen = isHostedLanguage(primary) ? primary : null;
  const code = chosen ?? pickLanguage(asked.acceptLanguage ?? undefined);
  const table = tables[code];
  return { code, dir: table.$dir, terms: table.page, query: chosen ? `?lang=${chosen}` : '' };
}

/** The language a request asks for, from its URL's `?lang=` and its Accept-Language. */
export function requestLanguage(request: Request): PageLanguage {
  return pageLanguage({
    lang: new URL(request.url).searchParams.get('lang'),
    acceptLanguage: request.headers.get('accept-language'),
  });
}
