// Who may change the emulator through the control API: callers that are not a browser page of another
// origin. A page cannot set `X-API-KEY` on a no-cors request, but it can POST a form or a simple
// request; browsers mark both with `Origin` and `Sec-Fetch-Site`, and their bodies are never JSON.
import { isJsonMediaType } from '@pay-elements/http';
import { SandboxFailure, messages } from './responses.js';

/**
 * Throws 403 for a browser request from another origin (an `Origin` other than the emulator's own, or
 * `Sec-Fetch-Site: cross-site | same-site`), and 415 for a body or content type that is not JSON.
 * Callers with neither header (curl, the kit, tests) pass; so does the dashboard (same origin).
 */
export function checkControlRequest(request: Request, url: URL): void {
  const origin = request.headers.get('origin');
  const site = request.headers.get('sec-fetch-site')?.toLowerCase();
  if ((origin !== null && origin !== url.origin) || site === 'cross-site' || site === 'same-site')
    throw new SandboxFailure(403, messages.crossOrigin);
  const type = request.headers.get('content-type');
  const length = request.headers.get('content-length');
  const hasBody = (length !== null && length !== '0') || request.headers.has('transfer-encoding');
  if ((type !== null || hasBody) && !isJsonMediaType(type))
    throw new SandboxFailure(415, messages.unsupportedMediaType);
}
