// The elements' translation tables a hosted page loads before it defines its element, by the `lang`
// the server wrote (the shopper's language): so the element never shows English first. And a
// language the page's `?lang=` chose, kept on the receipt link the element shows once paid.
const tables: Record<string, () => Promise<unknown>> = {
  fr: () => import('@pay-elements/elements/i18n/fr'),
  pt: () => import('@pay-elements/elements/i18n/pt'),
  sw: () => import('@pay-elements/elements/i18n/sw'),
  ar: () => import('@pay-elements/elements/i18n/ar'),
};

/** Loads the table of `language` (nothing for English, built in). */
export async function loadLanguage(language: string | undefined): Promise<void> {
  await tables[language ?? '']?.();
}

/**
 * Puts the page's `?lang=` on a receipt link of this site inside `root` as it is followed (clicked,
 * opened in a new tab, its menu shown), since the kit's `receipt_url` carries no language.
 */
export function keepLanguageOnReceipt(root: HTMLElement | null | undefined): void {
  const lang = new URLSearchParams(location.search).get('lang');
  if (!root || !lang) return;
  const keep = (event: Event) => {
    const link = event.composedPath().find((node) => node instanceof HTMLAnchorElement);
    if (!(link instanceof HTMLAnchorElement) || link.origin !== location.origin) return;
    if (!link.pathname.startsWith('/receipts/')) return;
    const url = new URL(link.href);
    if (url.searchParams.has('lang')) return;
    url.searchParams.set('lang', lang);
    link.href = url.href;
  };
  for (const type of ['click', 'auxclick', 'contextmenu']) root.addEventListener(type, keep);
}
