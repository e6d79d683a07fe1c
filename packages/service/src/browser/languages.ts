// The elements' translation tables a hosted page loads before it defines its element, by the `lang`
// the server wrote (the shopper's language): so the element never shows English first.
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
