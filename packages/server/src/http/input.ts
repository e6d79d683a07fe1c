// Reading what a request brings: its body under a size limit (the shared reader of
// @pay-elements/http, its problems told in the protocol's words) and its input parsed by a schema,
// zod's issues mapped to the protocol's `fields` in one place.
import type * as z from 'zod';
import { BodyError, readJson as readJsonBody, readText } from '@pay-elements/http';
import { HttpError } from '../errors.js';

/** Widget routes take small JSON bodies; provider webhooks may be larger. */
export const WIDGET_BODY_LIMIT = 16 * 1024;
export const WEBHOOK_BODY_LIMIT = 256 * 1024;
/** 413 `payload_too_large` naming the limit. */
export function tooLarge(limit: number): HttpError {
  const message = Number.isFinite(limit)
    ? `The request body is larger than ${limit} bytes.`
    : 'The request body is too large.';
  return new HttpError('payload_too_large', message);
}

/** A body the client cut off: a 400 like any unreadable body, logged as the client's doing. */
export class BodyCutOff extends HttpError {}

/** What the browser is told of each problem with a body. */
export function bodyHttpError(error: BodyError): HttpError {
  switch (error.problem) {
    case 'aborted':
      return new BodyCutOff('invalid_request', 'The request body was cut off.');
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
