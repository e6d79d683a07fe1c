// HTTP plumbing of the kit: the one error type and the one place it becomes a response, JSON
// answers, body reading under a size limit, CORS and ETags. Fetch-standard only: the node adapter
// reads the kit's answers through `unreadAnswer`, and what leaves the kit is a real Response.
import { hash } from 'node:crypto';
import type * as z from 'zod';
import { statusOfErrorCode, type ErrorBody, type ErrorCode } from '@pay-elements/protocol';
import { RateLimitError } from '@pay-elements/api';
import { isProviderDown, ProviderUnavailableError } from './breaker.js';
import { describeError, type Logger } from './log.js';
import { isStoreUnavailable, StoreUnavailableError } from './store/errors.js';

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

/** Raised by a body stream (the node adapter's) when the body passes the adapter's limit. */
export class BodyLimitError extends Error {
  override readonly name = 'BodyLimitError';
  /** the limit passed, in bytes, when known */
  readonly limit: number | undefined;

  constructor(message: string, limit?: number) {
    super(message);
    this.limit = limit;
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

/**
 * How the node adapter's requests give a header from the node request as it came, without making a
 * Headers of all of them (a status poll reads two).
 */
export const plainHeader = Symbol('pay-elements.plainHeader');

interface PlainHeaders {
  [plainHeader](name: string): string | null;
}

/** How an adapter's own request objects give the client's socket address (a getter under this key). */
export const plainClientAddress = Symbol('pay-elements.clientAddress');

/** The client addresses adapters recorded for the real Requests they built. */
const clientAddresses = new WeakMap<Request, string>();

/** Records the socket address of a Request an adapter built: the Fetch API has no such field. */
export function recordClientAddress(request: Request, address: string): void {
  clientAddresses.set(request, address);
}

/**
 * The remote address of the socket a Request came in on, as the adapter that built it recorded it;
 * undefined for any other Request. Behind a proxy this is the proxy's address: give the kit a
 * `clientKey` then.
 */
export function clientAddress(request: Request): string | undefined {
  const plain = request as Partial<Record<typeof plainClientAddress, string | undefined>>;
  return plain[plainClientAddress] ?? clientAddresses.get(request);
}

/** A request header (lower-case name), as `request.headers.get(name)` answers it. */
export function requestHeader(request: Request, name: string): string | null {
  const plain = request as Partial<PlainHeaders>;
  return plain[plainHeader] ? plain[plainHeader](name) : request.headers.get(name);
}

/** Sets `name` in a name, value, … list: replaced, or appended to (`, `) when `append`, or added. */
function putHeader(plain: string[], name: string, value: string, append = false): void {
  for (let i = 0; i < plain.length; i += 2) {
    if (plain[i] !== name) continue;
    plain[i + 1] = append ? `${plain[i + 1]}, ${value}` : value;
    return;
  }
  plain.push(name, value);
}

/**
 * A kit answer that is a Response (`instanceof` holds, every member works) but keeps its text and
 * headers plain until something asks for the Fetch objects: the node adapter writes them as they are,
 * and building a body stream and a Headers per answer cost more than the status route itself.
 * Reading `headers` makes the Headers (which from then on are the headers); reading any body member
 * or `clone()` makes the real Response, which from then on answers everything.
 */
class KitAnswer {
  readonly #text: string | null;
  readonly #status: number;
  /** name, value, …: lower-case names, each once */
  readonly #plain: string[];
  #headers: Headers | undefined;
  #real: Response | undefined;

  /** `plain` is the answer's own from here on */
  constructor(text: string | null, status: number, plain: string[]) {
    this.#text = text;
    this.#status = status;
    this.#plain = plain;
  }

  /** the headers (name, value, …), while no one has made the Fetch objects; the answer's own */
  get unreadHeaders(): string[] | undefined {
    return this.#real || this.#headers ? undefined : this.#plain;
  }

  get unreadText(): string | null {
    return this.#text;
  }

  /** Sets a header (a `vary` appended to the one there), without making a Headers if none was made. */
  setHeader(name: string, value: string): void {
    if (this.#headers || this.#real) {
      setHeader(this.headers, name, value);
      return;
    }
    putHeader(this.#plain, name, value, name === 'vary');
  }

  #response(): Response {
    this.#real ??= new Response(this.#text, { status: this.#status, headers: this.headers });
    return this.#real;
  }

  /** The real Response this answer stands for (made once). */
  real(): Response {
    return this.#response();
  }

  get status(): number {
    return this.#status;
  }
  get ok(): boolean {
    return this.#status >= 200 && this.#status < 300;
  }
  get statusText(): string {
    return '';
  }
  get headers(): Headers {
    if (this.#real) return this.#real.headers;
    if (!this.#headers) {
      const headers = new Headers();
      for (let i = 0; i < this.#plain.length; i += 2) headers.set(this.#plain[i]!, this.#plain[i + 1]!);
      this.#headers = headers;
    }
    return this.#headers;
  }
  get type(): Response['type'] {
    return 'default';
  }
  get url(): string {
    return '';
  }
  get redirected(): boolean {
    return false;
  }
  get body(): ReadableStream<Uint8Array> | null {
    return this.#text === null ? null : this.#response().body;
  }
  get bodyUsed(): boolean {
    return this.#real?.bodyUsed ?? false;
  }
  clone(): Response {
    return this.#response().clone();
  }
  arrayBuffer(): Promise<ArrayBuffer> {
    return this.#response().arrayBuffer();
  }
  blob(): Promise<Blob> {
    return this.#response().blob();
  }
  formData(): Promise<FormData> {
    return this.#response().formData();
  }
  // newer Nodes' Response has bytes(); the typings this package builds against may not
  bytes(): Promise<Uint8Array> {
    return (this.#response() as unknown as { bytes(): Promise<Uint8Array> }).bytes();
  }
  json(): Promise<unknown> {
    return this.#response().json();
  }
  text(): Promise<string> {
    return this.#response().text();
  }
}
Object.setPrototypeOf(KitAnswer.prototype, Response.prototype);

/**
 * The real Response of an answer: a kit answer becomes one (its text and headers as they are), any
 * other Response is given back as it is. Every answer that leaves the kit through its public `fetch`
 * or `app` passes here: Bun, Deno, Workers and Next.js accept only Responses made by their own
 * constructor, not a lookalike.
 */
export function realResponse(response: Response): Response {
  if (!(response instanceof KitAnswer)) return response;
  const headers = response.unreadHeaders;
  if (!headers) return response.real();
  const real = new Headers();
  for (let i = 0; i < headers.length; i += 2) real.append(headers[i]!, headers[i + 1]!);
  return new Response(response.unreadText, { status: response.status, headers: real });
}

/**
 * The kit's handler as its node adapter calls it, a property of the kit's `fetch`: its answers may
 * be kit answers (`unreadAnswer`), which the adapter writes without making Fetch objects. Not
 * exported from the package: what a merchant calls answers real Responses only.
 */
export const kitAnswers = Symbol('pay-elements.kitAnswers');

/** A Fetch handler that may carry the kit's private `kitAnswers` handler. */
export interface WithKitAnswers {
  [kitAnswers]?: (request: Request) => Response | Promise<Response>;
}

/**
 * A kit answer's headers (name, value, …) and body text (null: none) while nothing has made its
 * Fetch objects; undefined for any other Response. The headers are the answer's own to add to.
 */
export function unreadAnswer(response: Response): { headers: string[]; text: string | null } | undefined {
  if (!(response instanceof KitAnswer)) return undefined;
  const headers = response.unreadHeaders;
  return headers ? { headers, text: response.unreadText } : undefined;
}

function setHeader(headers: Headers, name: string, value: string): void {
  const current = name === 'vary' ? headers.get(name) : null;
  headers.set(name, current ? `${current}, ${value}` : value);
}

/** Sets a header of an answer in place (a `vary` appended to any there). */
export function setAnswerHeader(response: Response, name: string, value: string): void {
  if (response instanceof KitAnswer) response.setHeader(name, value);
  else setHeader(response.headers, name, value);
}

/** A JSON answer of text already serialized. Everything the kit answers is private to one shopper: never cached. */
export function jsonText(text: string, status = 200, headers: Record<string, string> = {}): Response {
  const plain = BASE_HEADERS.slice();
  for (const name in headers) putHeader(plain, name.toLowerCase(), headers[name]!);
  return new KitAnswer(text, status, plain) as unknown as Response;
}

/** A JSON answer with an ETag, the status route's (no header object to make). */
export function taggedJsonText(text: string, status: number, etag: string): Response {
  const plain = [...BASE_HEADERS, 'etag', etag];
  return new KitAnswer(text, status, plain) as unknown as Response;
}

/** A JSON answer. */
export function json(body: unknown, status = 200, headers: Record<string, string> = {}): Response {
  return jsonText(JSON.stringify(body), status, headers);
}

/** 304 Not Modified for a GET whose ETag the browser holds. */
export function notModified(etag: string): Response {
  return new KitAnswer(null, 304, ['etag', etag, 'cache-control', 'no-store']) as unknown as Response;
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
  // the node adapter's limit, passed while a body was read
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

/** True for `application/json` and `…+json` media types, whatever the parameters. */
export function isJsonMediaType(contentType: string | null): boolean {
  const type = contentType?.split(';', 1)[0]?.trim().toLowerCase() ?? '';
  return type === 'application/json' || (type.startsWith('application/') && type.endsWith('+json'));
}

/** 413 `payload_too_large` naming the limit. */
export function tooLarge(limit: number): HttpError {
  const message = Number.isFinite(limit)
    ? `The request body is larger than ${limit} bytes.`
    : 'The request body is too large.';
  return new HttpError('payload_too_large', message);
}

/**
 * Reads the whole body as UTF-8 text, refusing it (413) as soon as it passes `limit` bytes. The
 * kit's routes leave the limit to the router's body-limit middleware, which has checked it already.
 */
export async function readBody(request: Request, limit = Infinity): Promise<string> {
  const declared = request.headers.get('content-length');
  if (declared !== null && Number(declared) > limit) throw tooLarge(limit);
  if (!request.body) return '';
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let total = 0;
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      total += value.byteLength;
      if (total > limit) {
        await reader.cancel().catch(() => undefined);
        throw tooLarge(limit);
      }
      chunks.push(value);
    }
  } catch (error) {
    if (error instanceof HttpError) throw error;
    if (error instanceof BodyLimitError) throw tooLarge(error.limit ?? limit);
    throw new HttpError('invalid_request', 'The request body could not be read.');
  }
  const bytes = new Uint8Array(total);
  let offset = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, offset);
    offset += chunk.byteLength;
  }
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    throw new HttpError('invalid_request', 'The request body is not valid UTF-8.');
  }
}

/** Reads a JSON body: 415 unless the content type is JSON, 413 past the limit, 400 if malformed. */
export async function readJson(request: Request, limit = Infinity): Promise<unknown> {
  if (!isJsonMediaType(request.headers.get('content-type')))
    throw new HttpError('unsupported_media_type', 'The request body must be application/json.');
  const text = await readBody(request, limit);
  try {
    return JSON.parse(text) as unknown;
  } catch {
    throw new HttpError('invalid_request', 'The request body is not valid JSON.');
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
