// One root class; every failure the client raises is a PayError. ApiError carries what the provider
// answered; one factory picks the subclass from the status and the spec's messages.

/**
 * Each error class carries its name under this registry symbol, the same in every copy of this
 * package: with the merchant's copy and the kit's own both loaded, `instanceof` still holds.
 */
const BRAND = Symbol.for('@pay-elements/api.error-class');

function brandOf(ctor: unknown): unknown {
  return typeof ctor === 'function' ? Object.getOwnPropertyDescriptor(ctor, BRAND)?.value : undefined;
}

function brand(ctor: abstract new (...args: never[]) => PayError, name: string): void {
  Object.defineProperty(ctor, BRAND, { value: name });
}

export class PayError extends Error {
  override readonly name: string = 'PayError';

  /** True for an instance of this class made by any copy of this package (a merchant's own subclass: as usual). */
  static override [Symbol.hasInstance](value: unknown): boolean {
    if (Function.prototype[Symbol.hasInstance].call(this, value)) return true;
    const wanted = brandOf(this);
    if (wanted === undefined || typeof value !== 'object' || value === null) return false;
    for (let proto = Reflect.getPrototypeOf(value); proto; proto = Reflect.getPrototypeOf(proto)) {
      if (brandOf(Object.getOwnPropertyDescriptor(proto, 'constructor')?.value) === wanted) return true;
    }
    return false;
  }
}

export interface ApiErrorInit {
  status: number;
  message: string;
  /** field → messages, from the validation body */
  fields?: Record<string, string[]> | undefined;
  requestId?: string | undefined;
  /** the body as received (parsed JSON, or text) */
  raw?: unknown;
  headers?: Headers | undefined;
}

export class ApiError extends PayError {
  override readonly name: string = 'ApiError';
  readonly status: number;
  readonly fields: Record<string, string[]> | undefined;
  readonly requestId: string | undefined;
  readonly raw: unknown;
  readonly headers: Headers | undefined;

  constructor(init: ApiErrorInit) {
    super(init.message);
    this.status = init.status;
    this.fields = init.fields;
    this.requestId = init.requestId;
    this.raw = init.raw;
    this.headers = init.headers;
  }
}

/** `unauthorized access`: the key is missing or unknown. */
export class AuthenticationError extends ApiError {
  override readonly name = 'AuthenticationError';
}
/** `unauthorized access: permission denied`: the key may not do this. */
export class PermissionDeniedError extends ApiError {
  override readonly name = 'PermissionDeniedError';
}
/** `customer was not found`, `card was not found`, `card not found`, or any 404. */
export class NotFoundError extends ApiError {
  override readonly name = 'NotFoundError';
}
/** The validation body (`fields` holds field → messages) or another 400. */
export class ValidationError extends ApiError {
  override readonly name = 'ValidationError';
}
/** 429; `retryAfter` in seconds when the provider said. */
export class RateLimitError extends ApiError {
  override readonly name = 'RateLimitError';
  get retryAfter(): number | undefined {
    const value = this.headers?.get('retry-after');
    if (value == null) return undefined;
    const seconds = Number(value);
    if (Number.isFinite(seconds)) return seconds;
    const at = Date.parse(value);
    return Number.isNaN(at) ? undefined : Math.max(0, (at - Date.now()) / 1000);
  }
}
/** 5xx from the provider. */
export class InternalServerError extends ApiError {
  override readonly name = 'InternalServerError';
}
/** The answer could not be read: not JSON, or not the shape the spec gives. */
export class UnexpectedResponseError extends ApiError {
  override readonly name = 'UnexpectedResponseError';
}

/** The request never got an answer: DNS, refused, reset. */
export class ConnectionError extends PayError {
  override readonly name: string = 'ConnectionError';
  constructor(message = 'connection error', options?: { cause?: unknown }) {
    super(message, options);
  }
}
/** No answer within the timeout. */
export class TimeoutError extends ConnectionError {
  override readonly name = 'TimeoutError';
  constructor(message = 'request timed out', options?: { cause?: unknown }) {
    super(message, options);
  }
}
/** The caller's AbortSignal fired before an answer came (`cause` holds its reason). Never retried. */
export class RequestAbortedError extends PayError {
  override readonly name = 'RequestAbortedError';
  constructor(message = 'request aborted', options?: { cause?: unknown }) {
    super(message, options);
  }
}
/** A webhook whose signature does not verify, is too old, or whose body is not an event. */
export class SignatureVerificationError extends PayError {
  override readonly name = 'SignatureVerificationError';
}
/**
 * A webhook whose signature verifies but whose event is not of the shape its type has (a provider
 * that changed a field): not a forgery, so not a SignatureVerificationError. `fields` names what is
 * wrong, as a validation error's do.
 */
export class WebhookShapeError extends PayError {
  override readonly name = 'WebhookShapeError';
  readonly eventId: string | undefined;
  readonly type: string | undefined;
  readonly fields: Record<string, string[]>;

  constructor(
    message: string,
    init: { eventId?: string | undefined; type?: string | undefined; fields: Record<string, string[]> },
  ) {
    super(message);
    this.eventId = init.eventId;
    this.type = init.type;
    this.fields = init.fields;
  }
}

for (const [name, ctor] of Object.entries({
  PayError,
  ApiError,
  AuthenticationError,
  PermissionDeniedError,
  NotFoundError,
  ValidationError,
  RateLimitError,
  InternalServerError,
  UnexpectedResponseError,
  ConnectionError,
  TimeoutError,
  RequestAbortedError,
  SignatureVerificationError,
  WebhookShapeError,
})) {
  brand(ctor, name);
}

const NOT_FOUND_MESSAGES = new Set(['customer was not found', 'card was not found', 'card not found']);

/** Picks the subclass from the HTTP status and the spec's failure messages. */
export function makeApiError(init: ApiErrorInit): ApiError {
  const { status, message } = init;
  if (message === 'unauthorized access: permission denied' || status === 403)
    return new PermissionDeniedError(init);
  if (message === 'unauthorized access' || status === 401) return new AuthenticationError(init);
  if (NOT_FOUND_MESSAGES.has(message) || status === 404) return new NotFoundError(init);
  if (status === 429) return new RateLimitError(init);
  if (status >= 500) return new InternalServerError(init);
  if (status === 400 || status === 422 || init.fields) return new ValidationError(init);
  return new ApiError(init);
}
