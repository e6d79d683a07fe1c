// URLs from the backend that end up in an href: only http(s), so that a `javascript:` or `data:`
// URL that slipped into a record can never run in the merchant's page.

/** `url` if it is an absolute http or https URL (or relative to `base`, when given), else null. */
export function safeHttpUrl(url: string, base?: string): string | null {
  let parsed: URL;
  try {
    parsed = new URL(url, base);
  } catch {
    return null;
  }
  return parsed.protocol === 'https:' || parsed.protocol === 'http:' ? parsed.href : null;
}
