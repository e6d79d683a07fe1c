// Retry policy, as plain functions so the arithmetic is tested on its own.
//
// Repeated only when safe: GET, and POST /v1/payments/send carrying a `reference` (the provider's
// idempotency key; the client always adds one). Retried outcomes: connection errors, timeouts,
// 408, 429, 500, 502, 503, 504. Never 4xx validation, auth, permission, not found, 409 or 501.

export const BACKOFF_BASE_MS = 500;
export const BACKOFF_CAP_MS = 8_000;
/** A Retry-After longer than this is not waited out: the error is thrown instead. */
export const RETRY_AFTER_CAP_MS = 60_000;

const RETRYABLE_STATUSES = new Set([408, 429, 500, 502, 503, 504]);

export function isRetryableStatus(status: number): boolean {
  return RETRYABLE_STATUSES.has(status);
}

/** Whether repeating this request cannot do a thing twice. */
export function isSafeToRepeat(method: string, path: string, body: unknown): boolean {
  if (method === 'GET' || method === 'HEAD') return true;
  if (method === 'POST' && path === '/v1/payments/send') {
    return typeof body === 'object' && body !== null && 'reference' in body && isNonEmpty(body.reference);
  }
  return false;
}

function isNonEmpty(value: unknown): boolean {
  return typeof value === 'string' && value.length > 0;
}

/**
 * Capped exponential backoff with full jitter: a uniform delay in
 * [0, min(cap, base · 2^retry)), where `retry` counts from 0 for the first repeat.
 */
export function backoffDelay(
  retry: number,
  random: () => number,
  baseMs = BACKOFF_BASE_MS,
  capMs = BACKOFF_CAP_MS,
): number {
  const ceiling = Math.min(capMs, baseMs * 2 ** retry);
  const r = Math.min(Math.max(random(), 0), 1);
  return Math.floor(r * ceiling);
}

/** Retry-After as milliseconds from `now`: delta-seconds or an HTTP date; undefined if absent or unreadable. */
export function parseRetryAfter(value: string | null | undefined, now: number): number | undefined {
  if (value == null) return undefined;
  const trimmed = value.trim();
  if (trimmed === '') return undefined;
  if (/^\d+(\.\d+)?$/.test(trimmed)) return Math.round(Number(trimmed) * 1000);
  // An HTTP date names its day and month (`Sat, 21 Nov 2026 10:00:07 GMT`); a bare `-5` is not one.
  if (!/[a-z]{3}/i.test(trimmed)) return undefined;
  const at = Date.parse(trimmed);
  if (Number.isNaN(at)) return undefined;
  return Math.max(0, at - now);
}

/**
 * How long to wait before repeat number `retry` after an answer with `headers`: Retry-After when the
 * provider gave one (undefined = do not retry when it asks for longer than the cap), else backoff.
 */
export function retryDelay(
  retry: number,
  headers: Headers | undefined,
  random: () => number,
  now: number,
): number | undefined {
  const asked = parseRetryAfter(headers?.get('retry-after'), now);
  if (asked === undefined) return backoffDelay(retry, random);
  return asked <= RETRY_AFTER_CAP_MS ? asked : undefined;
}
