// The kit's answers: JSON (never cached: everything the kit answers is one shopper's), ETags and
// 304s, and the protocol's error body. Plain answers, which the node adapter writes as they are;
// what leaves the kit through `pay.fetch` is a real Response (`realResponse`).
import { hash } from 'node:crypto';
import { statusOfErrorCode, type ErrorBody, type ErrorCode } from '@pay-elements/protocol';
import { plainAnswer, putHeader, realResponse, requestHeader } from '@pay-elements/http';

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

export function errorJson(
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
