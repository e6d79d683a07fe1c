// Local validation: a call whose parameters do not fit the request schema fails before anything is
// sent, with the same ValidationError a provider's validation body gives, but `status: 0`.
import type * as z from 'zod';
import { ValidationError } from '../core/error.js';

/** `status` of a ValidationError raised by the client itself: nothing was sent. */
export const LOCAL_STATUS = 0;

/** field → messages from zod issues; nested fields are dotted (`info.bank_code`, `items.0.name`). */
export function fieldsOf(error: z.ZodError): Record<string, string[]> {
  const fields: Record<string, string[]> = {};
  for (const issue of error.issues) {
    const key = issue.path.length > 0 ? issue.path.map(String).join('.') : '(params)';
    (fields[key] ??= []).push(issue.message);
  }
  return fields;
}

/** One line naming each field and its first message. */
export function summarize(fields: Record<string, string[]>): string {
  return Object.entries(fields)
    .map(([field, messages]) => `${field}: ${messages.join(', ')}`)
    .join('; ');
}

export function localValidationError(fields: Record<string, string[]>): ValidationError {
  return new ValidationError({
    status: LOCAL_STATUS,
    message: `invalid parameters (not sent): ${summarize(fields)}`,
    fields,
  });
}

/** Parses what the caller gave; throws a local ValidationError when it does not fit. */
export function parseParams<S extends z.ZodType>(schema: S, value: unknown): z.output<S> {
  const result = schema.safeParse(value);
  if (!result.success) throw localValidationError(fieldsOf(result.error));
  return result.data;
}
