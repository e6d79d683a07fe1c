// The kit's errors, under one root: `PayError`. What is wrong with the options, a store or a provider
// that cannot answer now, and what the browser is told (HttpError). Retry hints are in seconds, as
// HTTP's Retry-After says them.
import { statusOfErrorCode, type ErrorCode } from '@pay-elements/protocol';

/** Every error the kit throws of its own. */
export class PayError extends Error {
  override readonly name: string = 'PayError';
}

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

/** The provider answered something the kit cannot show as it is (a figure that is not a number). */
export class ProviderDataError extends PayError {
  override readonly name = 'ProviderDataError';
}
