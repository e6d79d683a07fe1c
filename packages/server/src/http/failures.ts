// The one place a failure becomes an answer: what the browser may know (HttpError), the provider or
// the store away for now (503 with Retry-After, in seconds), the provider's rate limit (429), the
// provider refusing the merchant's key (503 upstream_unauthorized) or the request (400 with the fields
// it named), a body over the limit (413) or cut off by the client (400, logged as its doing); anything
// else is a 500 whose detail goes to the log only.
import {
  AuthenticationError,
  PermissionDeniedError,
  RateLimitError,
  ValidationError,
} from '@pay-elements/api';
import { BodyError, BodyLimitError, realResponse } from '@pay-elements/http';
import {
  HttpError,
  isProviderDown,
  isStoreUnavailable,
  ProviderUnavailableError,
  StoreUnavailableError,
} from '../errors.js';
import { describeError, type LogFields, type Logger } from '../log.js';
import { errorJson } from './answers.js';
import { BodyCutOff, bodyHttpError, tooLarge } from './input.js';

/** What a browser is told while the session store cannot answer (the database restarts, say). */
export const STORE_UNAVAILABLE_MESSAGE = 'The service is briefly unavailable. Try again shortly.';

/** What a browser is told whenever the provider is down, wherever that was found out. */
export const UNAVAILABLE_MESSAGE = 'The payment provider is unavailable. Try again shortly.';

/** What is told when the provider refuses the merchant's API key: a configuration to mend, not a wait. */
export const UNAUTHORIZED_MESSAGE =
  "The payment provider refused this server's API key: payments cannot be taken until it is corrected.";

/**
 * The provider's refusals that are not outages: its 401/403 (the merchant's key) and its 400 (what
 * was sent, the fields it named); null for any other failure.
 */
function providerRefusal(error: unknown, logger: Logger, context: LogFields): Response | null {
  if (error instanceof AuthenticationError || error instanceof PermissionDeniedError) {
    logger.error('the payment provider refused the API key', { ...context, error: describeError(error) });
    return errorJson('upstream_unauthorized', UNAUTHORIZED_MESSAGE);
  }
  if (error instanceof ValidationError) {
    logger.warn('the payment provider refused the request', { ...context, error: describeError(error) });
    const fields = error.fields && Object.keys(error.fields).length > 0 ? error.fields : undefined;
    return errorJson('invalid_request', 'The payment provider refused the request.', fields);
  }
  return null;
}

/**
 * The one place a failure becomes an answer. HttpError says what the browser may know; provider
 * outages become 503 (429 for its rate limits) with a generic message — with `Retry-After` when the
 * circuit breaker knows when the provider will be asked again (it has logged the failure already);
 * anything else is a 500 whose detail goes to the log only.
 */
export function errorResponse(error: unknown, logger: Logger, context: LogFields = {}): Response {
  // a body refused while Hono's body limit read it comes as the shared reader's BodyError
  const known = error instanceof BodyError ? bodyHttpError(error) : error;
  if (known instanceof HttpError) {
    // a client gone mid-body: its doing, not a store outage (its ECONNRESET is no database's)
    if (known instanceof BodyCutOff) logger.info('request body cut off: the client went away', context);
    return errorJson(known.code, known.message, known.fields, known.headers);
  }
  // the node adapter's limit, passed while a body was read outside readBody (the router's body limit)
  if (error instanceof BodyLimitError)
    return errorJson('payload_too_large', tooLarge(error.limit ?? NaN).message);
  if (error instanceof ProviderUnavailableError) {
    logger.debug('answered upstream_unavailable', { ...context, retryAfterSeconds: error.retryAfterSeconds });
    return errorJson('upstream_unavailable', UNAVAILABLE_MESSAGE, undefined, {
      'retry-after': String(error.retryAfterSeconds),
    });
  }
  if (error instanceof RateLimitError) {
    logger.warn('provider rate limit', { ...context, error: describeError(error) });
    const after = error.retryAfter;
    const headers: Record<string, string> =
      after === undefined ? {} : { 'retry-after': String(Math.max(1, Math.ceil(after))) };
    return errorJson(
      'rate_limited',
      'Too many requests to the payment provider. Try again shortly.',
      undefined,
      headers,
    );
  }
  const refused = providerRefusal(error, logger, context);
  if (refused) return refused;
  if (isProviderDown(error)) {
    logger.warn('payment provider unavailable', { ...context, error: describeError(error) });
    return errorJson('upstream_unavailable', UNAVAILABLE_MESSAGE);
  }
  if (isStoreUnavailable(error)) {
    const { name, message } = describeError(error);
    const cause = error instanceof Error && error.cause instanceof Error ? error.cause : error;
    const code = cause instanceof Error && 'code' in cause ? String(cause.code) : undefined;
    logger.warn('session store unavailable', {
      ...context,
      error: code === undefined ? { name, message } : { name, message, code },
    });
    const after = error instanceof StoreUnavailableError ? error.retryAfterSeconds : 2;
    return errorJson('upstream_unavailable', STORE_UNAVAILABLE_MESSAGE, undefined, {
      'retry-after': String(after),
    });
  }
  logger.error('unexpected error', { ...context, error: describeError(error) });
  return errorJson('internal', 'Something went wrong on our side.');
}

/**
 * `errorResponse` as a real Response, for the routes a server adds beside the kit (its pages, its
 * own API, the demo's buttons): a body past the node adapter's limit is a 413 there too and a body
 * cut off a 400, not a 500, whichever reader met it (Hono's body limit reads through the adapter's).
 */
export function failureAnswer(error: unknown, logger: Logger, context?: LogFields): Response {
  return realResponse(errorResponse(error, logger, context));
}
