// Request headers, and what is read back from response headers.

export interface HeaderInit {
  apiKey: string;
  userAgent: string;
  accept: 'application/json' | 'text/csv';
  hasBody: boolean;
}

/** The spec's scheme: the key travels as `X-API-KEY`, never in the URL. */
export function requestHeaders(init: HeaderInit): Headers {
  const headers = new Headers();
  headers.set('X-API-KEY', init.apiKey);
  headers.set('Accept', init.accept);
  headers.set('User-Agent', init.userAgent);
  if (init.hasBody) headers.set('Content-Type', 'application/json');
  return headers;
}

/** The provider's request identifier, when it sends one. */
export function requestIdOf(headers: Headers): string | undefined {
  return headers.get('x-request-id') ?? undefined;
}

export function isJsonContentType(headers: Headers): boolean {
  const type = headers.get('content-type') ?? '';
  return /^application\/([a-z.+-]*\+)?json\b/i.test(type.trim());
}
