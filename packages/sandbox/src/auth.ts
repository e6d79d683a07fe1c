// Authentication as the spec gives it: the key in `X-API-KEY`, in `?api-key=`, or as a bearer
// token (the control API takes it in a header only). The full key may do everything; the restricted
// key may only read banks.
import { createHash, timingSafeEqual } from 'node:crypto';
import type { Access, SandboxConfig } from './context.js';
import { SandboxFailure, messages } from './responses.js';

/**
 * The first key the request presents: header, then query parameter, then bearer token. `url` null:
 * the query string is not looked at (a key there could come from a link or a form on any page).
 */
export function presentedKey(request: Request, url: URL | null): string | null {
  const header = request.headers.get('x-api-key')?.trim();
  if (header) return header;
  const query = url?.searchParams.get('api-key')?.trim();
  if (query) return query;
  const bearer = /^Bearer\s+(\S+)\s*$/i.exec(request.headers.get('authorization') ?? '');
  return bearer?.[1] ?? null;
}

function sameKey(a: string, b: string): boolean {
  const digest = (s: string) => createHash('sha256').update(s).digest();
  return timingSafeEqual(digest(a), digest(b));
}

/**
 * Throws 401 `unauthorized access` or 403 `unauthorized access: permission denied`. `url` null: a
 * key in the query string is not accepted (the control API).
 */
export function authorize(request: Request, url: URL | null, config: SandboxConfig, access: Access): void {
  const key = presentedKey(request, url);
  if (key !== null && sameKey(key, config.apiKey)) return;
  if (key !== null && sameKey(key, config.restrictedKey)) {
    if (access === 'banks') return;
    throw new SandboxFailure(403, messages.permissionDenied);
  }
  throw new SandboxFailure(401, messages.unauthorized);
}
