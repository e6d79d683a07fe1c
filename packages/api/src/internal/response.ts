// Reading an answer: envelope unwrapped and parsed, or the right error. Parse, don't cast.
import * as z from 'zod';
import { FailureEnvelope, ValidationBody, envelope } from '../schemas/common.js';
import { UnexpectedResponseError, makeApiError, type ApiError } from '../core/error.js';
import { isJsonContentType, requestIdOf } from './headers.js';
import { summarize } from './validation.js';

/** What one attempt brought back: the whole body read as text. */
export interface RawResponse {
  status: number;
  ok: boolean;
  headers: Headers;
  text: string;
}

type Json = { ok: true; value: unknown } | { ok: false };

function readJson(text: string): Json {
  try {
    return { ok: true, value: JSON.parse(text) };
  } catch {
    return { ok: false };
  }
}

const Envelope = envelope(z.unknown());
const MessageOnly = z.looseObject({ message: z.string() });

const MASK = '[redacted]';

function maskText(text: string, secrets: readonly string[]): string {
  let out = text;
  for (const secret of secrets) if (secret.length >= 4) out = out.split(secret).join(MASK);
  return out;
}

function maskValue(value: unknown, secrets: readonly string[]): unknown {
  if (typeof value === 'string') return maskText(value, secrets);
  if (typeof value === 'number') return secrets.includes(String(value)) ? MASK : value;
  if (Array.isArray(value)) return value.map((v) => maskValue(v, secrets));
  if (typeof value !== 'object' || value === null) return value;
  return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, maskValue(v, secrets)]));
}

/**
 * The answer with what the request sent that no error may repeat (`secrets`: the key, a BVN) masked
 * wherever the provider echoed it: errors are logged, and their message, fields and body come from here.
 */
function masked(raw: RawResponse, json: Json, secrets: readonly string[]): { raw: RawResponse; json: Json } {
  if (secrets.length === 0) return { raw, json };
  return {
    raw: { ...raw, text: maskText(raw.text, secrets) },
    json: json.ok ? { ok: true, value: maskValue(json.value, secrets) } : json,
  };
}

/** The error an answer carries: the validation body, a failure envelope, or just its status. */
function errorOf(answer: RawResponse, parsed: Json, secrets: readonly string[]): ApiError {
  const { raw, json } = masked(answer, parsed, secrets);
  const base = { status: raw.status, headers: raw.headers, requestId: requestIdOf(raw.headers) };
  if (json.ok) {
    const validation = ValidationBody.safeParse(json.value);
    if (validation.success) {
      const fields = validation.data.error;
      return makeApiError({
        ...base,
        message: `validation failed: ${summarize(fields)}`,
        fields,
        raw: json.value,
      });
    }
    const failure = MessageOnly.safeParse(json.value);
    if (failure.success) return makeApiError({ ...base, message: failure.data.message, raw: json.value });
  }
  return makeApiError({ ...base, message: `HTTP ${raw.status}`, raw: json.ok ? json.value : raw.text });
}

function unexpected(
  raw: RawResponse,
  message: string,
  body: unknown,
  secrets: readonly string[],
): UnexpectedResponseError {
  return new UnexpectedResponseError({
    status: raw.status,
    message: maskText(message, secrets),
    raw: maskValue(body, secrets),
    headers: raw.headers,
    requestId: requestIdOf(raw.headers),
  });
}

function issuesOf(error: z.ZodError): string {
  const shown = error.issues.slice(0, 5).map((i) => `${i.path.join('.') || '(body)'}: ${i.message}`);
  const more = error.issues.length > 5 ? ` (+${error.issues.length - 5} more)` : '';
  return shown.join('; ') + more;
}

/**
 * `data` of a successful envelope, parsed by `schema`; any failure becomes the matching error, with
 * `secrets` (what the request sent that must not be repeated) masked in it.
 */
export function readEnvelope<S extends z.ZodType>(
  raw: RawResponse,
  schema: S,
  secrets: readonly string[] = [],
): z.output<S> {
  const json = readJson(raw.text);
  if (!raw.ok) throw errorOf(raw, json, secrets);
  if (!json.ok) throw unexpected(raw, 'response body is not JSON', raw.text, secrets);
  // A 200 may still carry a failure: the validation body, or an envelope with `status: false`.
  if (ValidationBody.safeParse(json.value).success || FailureEnvelope.safeParse(json.value).success)
    throw errorOf(raw, json, secrets);
  const outer = Envelope.safeParse(json.value);
  if (!outer.success)
    throw unexpected(raw, `response is not an envelope: ${issuesOf(outer.error)}`, json.value, secrets);
  const data = schema.safeParse(outer.data.data);
  if (!data.success)
    throw unexpected(
      raw,
      `response data does not fit the schema: ${issuesOf(data.error)}`,
      json.value,
      secrets,
    );
  return data.data;
}

/** A CSV (or other text) answer; a JSON answer is a failure envelope or not what was asked for. */
export function readText(raw: RawResponse, secrets: readonly string[] = []): string {
  if (!raw.ok) throw errorOf(raw, readJson(raw.text), secrets);
  if (isJsonContentType(raw.headers)) {
    const json = readJson(raw.text);
    if (
      json.ok &&
      (ValidationBody.safeParse(json.value).success || FailureEnvelope.safeParse(json.value).success)
    )
      throw errorOf(raw, json, secrets);
    throw unexpected(raw, 'expected a text answer, got JSON', json.ok ? json.value : raw.text, secrets);
  }
  return raw.text;
}
