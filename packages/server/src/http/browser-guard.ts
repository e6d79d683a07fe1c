// What a page on another site could make a shopper's browser send without asking is refused, and
// CORS for the origins the merchant allows.
import { isJsonMediaType, requestHeader } from '@pay-elements/http';
import { HttpError } from '../errors.js';

/**
 * Whether a request came from a browser on another site: `Sec-Fetch-Site` says so, or, from a
 * browser that sends none, an `Origin` whose host is not the request's (`null` included). An allowed
 * origin (CORS) is no other site; servers (a provider's webhook, curl) send neither header.
 */
export function isCrossSite(request: Request, allowedOrigins: ReadonlySet<string>): boolean {
  const origin = requestHeader(request, 'origin');
  if (origin !== null && allowedOrigins.has(origin)) return false;
  const site = requestHeader(request, 'sec-fetch-site');
  if (site !== null) return site !== 'same-origin' && site !== 'none';
  if (origin === null) return false;
  try {
    return new URL(origin).host !== new URL(request.url).host;
  } catch {
    return true;
  }
}

/**
 * Refuses what a page on another site could make a browser send without asking (a form post, a
 * `no-cors` fetch): a request from another site (403), or a body that is not declared JSON (415;
 * a browser asks before sending JSON across sites, and a bodiless request may omit the type).
 */
export function refuseForeignBrowsers(request: Request, allowedOrigins: ReadonlySet<string>): void {
  if (isCrossSite(request, allowedOrigins))
    throw new HttpError('forbidden', 'Cross-site requests are refused.');
  const type = requestHeader(request, 'content-type');
  const length = requestHeader(request, 'content-length');
  const body = requestHeader(request, 'transfer-encoding') !== null || (length !== null && length !== '0');
  if (type === null ? body : !isJsonMediaType(type))
    throw new HttpError('unsupported_media_type', 'The request body must be application/json.');
}

// Last-Event-ID: EventSource sends it when it resumes a stream, and it is not CORS-safelisted
export const CORS_ALLOW_HEADERS = 'content-type, if-none-match, last-event-id';
export const CORS_EXPOSE_HEADERS = 'etag, retry-after, pay-cache';
