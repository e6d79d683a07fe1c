// HTTP core of the kit: the one error type and the one place it becomes a response, JSON answers,
// body reading under a size limit (the shared reader of @pay-elements/http, its problems told in the
// protocol's words), CORS and ETags. Fetch-standard only: its answers are plain answers, which the
// node adapter writes as they are, and what leaves the kit is a real Response (`realResponse`).
import { hash } from 'node:crypto';
import type * as z from 'zod';
import { statusOfErrorCode, type ErrorBody, type ErrorCode } from '@pay-elements/protocol';
import { RateLimitError } from '@pay-elements/api';
import {
  BodyError,
  BodyLimitError,
  isJsonMediaType,
  plainAnswer,
  putHeader,
  readJson as readJsonBody,
  readText,
  realResponse,
  requestHeader,
} from '@pay-elements/http';
import { isProviderDown, ProviderUnavailableError } from '../provider/breaker.js';
import { describeError, type Logger } from '../log.js';
import { isStoreUnavailable, StoreUnavailableError } from '../store/errors.js';

/** Widget routes take small JSON bodies; provider webhooks may be larger. */
export const WIDGET_BODY_LIMIT = 16 * 1024;
export const WEBHOOK_BODY_LIMIT = 256 * 1024;

/** The one error type of the kit: a protocol error code, a message fit for a browser, maybe fields. */
export class HttpError extends Error {
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

/** name, value, name, value… (the form `writeHead` takes as it is) */
const BASE_HEADERS: readonly string[] = [
  'content-type',
  'application/json; charset=utf-8',
  'cache-control',
  'no-store',
  'x-content-type-options',
  'nosniff',
];

/** A JSON answer of text already serialized. Everything the kit answers is private to one shopper: never cached. */
export function jsonText(text: string, status = 200, headers: Record<string, string> = {}): Response {
  const plain = BASE_HEADERS.slice();
  for (const name in headers) putHeader(plain, name.toLowerCase(), headers[name]!);
  return plainAnswer(text, status, plain);
}

/** A JSON answer with an ETag, the status route's (no header object to make). */
export function taggedJsonText(text: string, status: number, etag: string): Response {
  const plain = [...BASE_HEADERS, 'etag', etag];
  return plainAnswer(text, status, plain);
}

/** A JSON answer. */
export function json(body: unknown, status = 200, headers: Record<string, string> = {}): Response {
  return jsonText(JSON.stringify(body), status, headers);
}

/** 304 Not Modified for a GET whose ETag the browser holds. */
export function notModified(etag: string): Response {
  return plainAnswer(null, 304, ['etag', etag, 'cache-control', 'no-store']);
}

/** The protocol's error body: the one place it is built (the kit's answers, its node adapter, server-example). */
export function errorBody(code: ErrorCode, message: string, fields?: Record<string, string[]>): ErrorBody {
  return { error: fields ? { code, message, fields } : { code, message } };
}

function errorJson(
  code: ErrorCode,
  message: string,
  fields?: Record<string, string[]>,
  headers?: Record<string, string>,
): Response {
  return json(errorBody(code, message, fields), statusOfErrorCode[code], headers);
}

/**
 * An error answer in the protocol's shape, its status the code's (`forbidden` 403, `not_found` 404…),
 * never cached: for a merchant's own routes beside the kit's, so that a browser reads every failure
 * the same way.
 */
export function errorAnswer(
  code: ErrorCode,
  message: string,
  options: { fields?: Record<string, string[]>; headers?: Record<string, string> } = {},
): Response {
  return realResponse(errorJson(code, message, options.fields, options.headers));
}

/** What a browser is told while the session store cannot answer (the database restarts, say). */
export const STORE_UNAVAILABLE_MESSAGE = 'The service is briefly unavailable. Try again shortly.';

/** What a browser is told whenever the provider is down, wherever that was found out. */
export const UNAVAILABLE_MESSAGE = 'The payment provider is unavailable. Try again shortly.';

/**
 * The one place a failure becomes an answer. HttpError says what the browser may know; provider
 * outages become 503 (429 for its rate limits) with a generic message — with `Retry-After` when the
 * circuit breaker knows when the provider will be asked again (it has logged the failure already);
 * anything else is a 500 whose detail goes to the log only.
 */
export function errorResponse(error: unknown, logger: Logger, context: Record<string, string>): Response {
  if (error instanceof HttpError) return errorJson(error.code, error.message, error.fields, error.headers);
  // the node adapter's limit, passed while a body was read outside readBody (the router's body limit)
  if (error instanceof BodyLimitError)
    return errorJson('payload_too_large', tooLarge(error.limit ?? NaN).message);
  if (error instanceof ProviderUnavailableError) {
    logger.debug('answered upstream_unavailable', { ...context, retryAfterMs: error.retryAfterMs });
    return errorJson('upstream_unavailable', UNAVAILABLE_MESSAGE, undefined, {
      'retry-after': String(Math.ceil(error.retryAfterMs / 1000)),
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

/** 413 `payload_too_large` naming the limit. */
export function tooLarge(limit: number): HttpError {
  const message = Number.isFinite(limit)
    ? `The request body is larger than ${limit} bytes.`
    : 'The request body is too large.';
  return new HttpError('payload_too_large', message);
}

/** What the browser is told of each problem with a body. */
function bodyHttpError(error: BodyError): HttpError {
  switch (error.problem) {
    case 'too_large':
      return tooLarge(error.limit ?? NaN);
    case 'media_type':
      return new HttpError('unsupported_media_type', 'The request body must be application/json.');
    case 'not_json':
      return new HttpError('invalid_request', 'The request body is not valid JSON.');
    case 'not_utf8':
      return new HttpError('invalid_request', 'The request body is not valid UTF-8.');
    case 'unreadable':
      return new HttpError('invalid_request', 'The request body could not be read.');
  }
}

/**
 * Reads the whole body as UTF-8 text, refusing it (413) as soon as it passes `limit` bytes. The
 * kit's routes leave the limit to the router's body-limit middleware, which has checked it already.
 */
export async function readBody(request: Request, limit = Infinity): Promise<string> {
  try {
    return await readText(request, limit);
  } catch (error) {
    throw error instanceof BodyError ? bodyHttpError(error) : error;
  }
}

/** Reads a JSON body: 415 unless the content type is JSON, 413 past the limit, 400 if malformed. */
export async function readJson(request: Request, limit = Infinity): Promise<unknown> {
  try {
    return await readJsonBody(request, { limit });
  } catch (error) {
    throw error instanceof BodyError ? bodyHttpError(error) : error;
  }
}

/** The subset of a zod (or zod/mini) schema the kit parses input with. */
export interface InputSchema<T> {
  safeParse(
    value: unknown,
    params?: { reportInput?: boolean },
  ): { success: true; data: T } | { success: false; error: { issues: readonly z.core.$ZodIssue[] } };
}

/** A message for a browser, in English whatever zod locale the schema's copy of zod carries. */
export function issueMessage(issue: z.core.$ZodIssue): string {
  switch (issue.code) {
    case 'invalid_type':
      return issue.input === undefined ? 'is required' : `must be ${issue.expected}`;
    case 'too_small':
      return issue.origin === 'string'
        ? `must have at least ${issue.minimum} character${issue.minimum === 1 ? '' : 's'}`
        : `must be at least ${issue.minimum}`;
    case 'too_big':
      return issue.origin === 'string'
        ? `must have at most ${issue.maximum} characters`
        : `must be at most ${issue.maximum}`;
    case 'invalid_format':
      return 'has an invalid format';
    case 'unrecognized_keys':
      return `has unknown keys: ${issue.keys.join(', ')}`;
    case 'invalid_value':
      return `must be one of ${issue.values.map((v) => JSON.stringify(v)).join(', ')}`;
    default:
      return issue.message;
  }
}

/**
 * The one mapping of zod issues: messages by dotted path (`_` for the value itself). The kit's
 * answers use its English messages; option and environment checks pass `(issue) => issue.message`
 * to keep their schemas' own.
 */
export function issueFields(
  issues: readonly z.core.$ZodIssue[],
  describe: (issue: z.core.$ZodIssue) => string = issueMessage,
): Record<string, string[]> {
  const fields: Record<string, string[]> = {};
  for (const issue of issues) {
    const key = issue.path.length ? issue.path.map(String).join('.') : '_';
    (fields[key] ??= []).push(describe(issue));
  }
  return fields;
}

/** Parses input with a protocol schema; 400 invalid_request with `fields` (path → messages) otherwise. */
export function parseInput<T>(schema: InputSchema<T>, value: unknown): T {
  const result = schema.safeParse(value, { reportInput: true });
  if (result.success) return result.data;
  throw new HttpError('invalid_request', 'The request is not valid.', {
    fields: issueFields(result.error.issues),
  });
}

// ── ETag ────────────────────────────────────────────────────────────────────────────────────

/**
 * A strong ETag over the JSON of `value`. SHA-1 in one call (no Hash object): a version tag needs no
 * collision resistance against an attacker, and this runs on every status poll.
 */
export function etagOf(value: unknown): string {
  return `"${hash('sha1', JSON.stringify(value), 'base64url')}"`;
}

/** Whether an If-None-Match header matches the ETag (weak comparison, as RFC 9110 asks for GET). */
export function etagMatches(ifNoneMatch: string | null, etag: string): boolean {
  if (!ifNoneMatch) return false;
  const bare = etag.replace(/^W\//, '');
  return ifNoneMatch
    .split(',')
    .map((tag) => tag.trim())
    .some((tag) => tag === '*' || tag.replace(/^W\//, '') === bare);
}

/**
 * A GET answer with an ETag over `stable` (the view without what changes on every request), or a
 * bodiless 304 when If-None-Match already holds it. `extra` (e.g. `server_time`) is added after.
 */
export function etagJson(request: Request, stable: object, extra: Record<string, unknown> = {}): Response {
  const etag = etagOf(stable);
  if (etagMatches(requestHeader(request, 'if-none-match'), etag)) return notModified(etag);
  return json({ ...stable, ...extra }, 200, { etag });
}

// ── CORS ────────────────────────────────────────────────────────────────────────────────────

// Last-Event-ID: EventSource sends it when it resumes a stream, and it is not CORS-safelisted
export const CORS_ALLOW_HEADERS = 'content-type, if-none-match, last-event-id';
export const CORS_EXPOSE_HEADERS = 'etag, retry-after, pay-cache';
