// The kit's errors, under the one root every package shares (`PayError` of @pay-elements/api): what is
// wrong with the options, a store or a provider that cannot answer now, what the browser is told
// (HttpError); and the one rule each of whether the store or the provider is down (a passing outage:
// 503 with Retry-After, the request may be retried; not a bug). Retry hints are in seconds, as HTTP's
// Retry-After says them.
import { ConnectionError, InternalServerError, PayError, UnexpectedResponseError } from '@pay-elements/api';
import { statusOfErrorCode, type ErrorCode } from '@pay-elements/protocol';

export { PayError };

/** Thrown by createPayHandler (and a store's constructor) when an option is wrong. */
export class PayConfigError extends PayError {
  override readonly name = 'PayConfigError';
}

/** A failure the browser may know of: a protocol error code, a message fit for a browser, maybe fields. */
export class HttpError extends PayError {
  override readonly name = 'HttpError';
  readonly code: ErrorCode;
  readonly status: number;
  readonly fields: Record<string, string[]> | undefined;
  readonly headers: Record<string, string>;

  constructor(
    code: ErrorCode,
    message: string,
    options: { fields?: Record<string, string[]>; headers?: Record<string, string> } = {},
  ) {
    super(message);
    this.code = code;
    this.status = statusOfErrorCode[code];
    this.fields = options.fields;
    this.headers = options.headers ?? {};
  }
}

/** Whole seconds, at least one: what a Retry-After header says. */
function retrySeconds(seconds: number): number {
  return Math.max(1, Math.ceil(seconds));
}

/** The session store cannot answer now; the request may be retried shortly (503). */
export class StoreUnavailableError extends PayError {
  override readonly name = 'StoreUnavailableError';
  /** how soon a client may retry, seconds */
  readonly retryAfterSeconds: number;

  constructor(message: string, options: { cause?: unknown; retryAfterSeconds?: number } = {}) {
    super(message, options.cause === undefined ? undefined : { cause: options.cause });
    this.retryAfterSeconds = retrySeconds(options.retryAfterSeconds ?? 2);
  }
}

/** The provider cannot be asked now (down, or asked to slow down): 503 `upstream_unavailable`. */
export class ProviderUnavailableError extends PayError {
  override readonly name = 'ProviderUnavailableError';
  /** how long until the kit asks the provider again, seconds (at least 1) */
  readonly retryAfterSeconds: number;

  constructor(message: string, retryAfterSeconds: number, options?: { cause?: unknown }) {
    super(message, options);
    this.retryAfterSeconds = retrySeconds(retryAfterSeconds);
  }
}

/** A commit, a collection, a key, an id or a value that the store contract does not allow. */
export class StoreContractError extends PayError {
  override readonly name = 'StoreContractError';
}

/** The store holds a record the kit cannot read (written by hand, or by another version). */
export class StoredDataError extends PayError {
  override readonly name = 'StoredDataError';
}

/** The provider answered something the kit cannot show as it is (a figure that is not a number). */
export class ProviderDataError extends PayError {
  override readonly name = 'ProviderDataError';
}

/** Whether a failure means the provider is down (rather than answering, even with a refusal). */
export function isProviderDown(error: unknown): boolean {
  return (
    error instanceof ConnectionError ||
    error instanceof InternalServerError ||
    error instanceof UnexpectedResponseError ||
    error instanceof ProviderUnavailableError
  );
}

/** node-postgres and network error codes of a connection that is gone or never came. */
const CONNECTION_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'EPIPE',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
]);

/** SQLite result codes of a file that is busy, locked, full or failing, not of a wrong statement. */
const SQLITE_CODES = /^SQLITE_(BUSY|LOCKED|FULL|IOERR|CANTOPEN|READONLY|PROTOCOL|NOMEM)/;

/** D1's messages for a query that may be retried (Cloudflare's D1 docs, "Retry queries"). */
const D1_TRANSIENT =
  /Network connection lost|storage caused object to be reset|reset because its code was updated|D1 DB is overloaded|Cannot resolve D1 DB due to transient issue/i;

/**
 * Whether an error means the store is unreachable or unable to write for now: a
 * StoreUnavailableError, a lost or refused connection, a PostgreSQL class 08 (connection), 53
 * (resources), 57P0x (shutdown, cannot connect now) or 57014 (statement timeout), node-postgres'
 * timeouts, a busy, locked or full SQLite file, or D1's retryable errors.
 */
export function isStoreUnavailable(error: unknown): boolean {
  if (error instanceof StoreUnavailableError) return true;
  if (!(error instanceof Error)) return false;
  const code = 'code' in error && typeof error.code === 'string' ? error.code : '';
  if (CONNECTION_CODES.has(code) || SQLITE_CODES.test(code)) return true;
  if (/^(08|53)/.test(code) || /^57P0[1-4]$/.test(code) || code === '57014') return true;
  if (D1_TRANSIENT.test(error.message)) return true;
  return /Connection terminated|timeout exceeded when trying to connect|Query read timeout|Client has encountered a connection error|Connection closed/i.test(
    error.message,
  );
}
