// The one place the elements talk to the merchant's backend (the kit's widget endpoints). Every
// answer is parsed with the protocol's schemas; nothing unparsed reaches a component.
import { ErrorBody, SessionView, errorCodes, routes, statusOfErrorCode } from '@pay-elements/protocol';
import type { ErrorCode } from '@pay-elements/protocol';

/** Failures that happen before or instead of a protocol answer. */
export type ClientErrorCode = 'network_error' | 'invalid_response';

export interface BackendError {
  /** The protocol's error code, or a client-side one when no protocol answer came. */
  code: ErrorCode | ClientErrorCode;
  /** The backend's message (already generic) or a client-side description: for logs, not for screens. */
  message: string;
  /** The HTTP status, or null when no answer came. */
  status: number | null;
}

export type SessionAnswer =
  | { kind: 'view'; view: SessionView; etag: string | null }
  | { kind: 'not-modified' }
  | { kind: 'aborted' }
  | { kind: 'error'; error: BackendError };

export interface RequestOptions {
  /** The ETag of the view already held: answered 304 when it is still current. */
  etag?: string | null;
  signal?: AbortSignal;
  /** Defaults to the page's fetch. */
  fetch?: typeof fetch;
}

/** Joins the kit's base path (e.g. "/pay" or "https://shop.example/pay/") and a protocol route. */
export function endpointUrl(endpoint: string, route: string): string {
  return endpoint.replace(/\/+$/, '') + route;
}

/** The code a bare status stands for when the body is not the protocol's error body. */
export function codeForStatus(status: number): ErrorCode {
  const exact = errorCodes.find((code) => statusOfErrorCode[code] === status);
  if (exact) return exact;
  return status >= 500 ? 'internal' : 'invalid_request';
}

function isAbort(error: unknown): boolean {
  return error instanceof DOMException && error.name === 'AbortError';
}

async function readJson(response: Response): Promise<unknown> {
  try {
    const value: unknown = await response.json();
    return value;
  } catch (error) {
    if (isAbort(error)) throw error;
    return undefined;
  }
}

async function sessionRequest(
  url: string,
  init: RequestInit,
  options: RequestOptions,
): Promise<SessionAnswer> {
  const doFetch = options.fetch ?? globalThis.fetch.bind(globalThis);
  let response: Response;
  try {
    response = await doFetch(url, {
      ...init,
      cache: 'no-store',
      credentials: 'same-origin',
      ...(options.signal ? { signal: options.signal } : {}),
    });
  } catch (error) {
    if (isAbort(error)) return { kind: 'aborted' };
    return {
      kind: 'error',
      error: {
        code: 'network_error',
        message: error instanceof Error ? error.message : 'fetch failed',
        status: null,
      },
    };
  }
  if (response.status === 304) return { kind: 'not-modified' };
  let body: unknown;
  try {
    body = await readJson(response);
  } catch (error) {
    if (isAbort(error)) return { kind: 'aborted' };
    throw error;
  }
  if (!response.ok) {
    const parsed = ErrorBody.safeParse(body);
    return {
      kind: 'error',
      error: parsed.success
        ? { code: parsed.data.error.code, message: parsed.data.error.message, status: response.status }
        : {
            code: codeForStatus(response.status),
            message: `HTTP ${response.status}`,
            status: response.status,
          },
    };
  }
  const view = SessionView.safeParse(body);
  if (!view.success) {
    return {
      kind: 'error',
      error: {
        code: 'invalid_response',
        message: 'the answer is not a session view',
        status: response.status,
      },
    };
  }
  return { kind: 'view', view: view.data, etag: response.headers.get('ETag') };
}

/** The data of a stream's `session` event, parsed like a polled answer; null when it is not a view. */
export function parseSessionEvent(data: string): SessionView | null {
  let value: unknown;
  try {
    value = JSON.parse(data);
  } catch {
    return null;
  }
  const view = SessionView.safeParse(value);
  return view.success ? view.data : null;
}

/** GET {endpoint}/sessions/{id}, conditional on `etag` when given. */
export function fetchSession(
  endpoint: string,
  id: string,
  options: RequestOptions = {},
): Promise<SessionAnswer> {
  const headers: Record<string, string> = { Accept: 'application/json' };
  if (options.etag) headers['If-None-Match'] = options.etag;
  return sessionRequest(endpointUrl(endpoint, routes.session(id)), { method: 'GET', headers }, options);
}

/** POST {endpoint}/sessions/{id}/renew: a new single-use account for an expired session. */
export function renewSession(
  endpoint: string,
  id: string,
  options: RequestOptions = {},
): Promise<SessionAnswer> {
  return sessionRequest(
    endpointUrl(endpoint, routes.renew(id)),
    {
      method: 'POST',
      headers: { Accept: 'application/json', 'Content-Type': 'application/json' },
      body: '{}',
    },
    options,
  );
}
