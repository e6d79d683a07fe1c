// Parses input with the api package's zod schemas and turns every issue into the spec's validation
// body: `This field is required` for a missing field, a short plain message for anything else.
import type * as z from 'zod';
import { ValidationFailure } from './responses.js';

export const REQUIRED = 'This field is required';

type Issue = z.core.$ZodIssue;
type RawIssue = z.core.$ZodRawIssue;

const typeNames: Record<string, string> = {
  number: 'a number',
  string: 'a string',
  boolean: 'true or false',
  array: 'an array',
  object: 'an object',
  record: 'an object',
  int: 'an integer',
};

function describe(issue: RawIssue): string | undefined {
  switch (issue.code) {
    case 'invalid_type':
      if (issue.input === undefined) return REQUIRED;
      return `must be ${typeNames[issue.expected] ?? issue.expected}`;
    case 'too_small':
      if (issue.origin === 'string') return 'must not be empty';
      if (issue.origin === 'array') return `must have at least ${String(issue.minimum)} item(s)`;
      return issue.inclusive === false
        ? `must be greater than ${String(issue.minimum)}`
        : `must be at least ${String(issue.minimum)}`;
    case 'too_big':
      if (issue.origin === 'string') return `must be at most ${String(issue.maximum)} characters`;
      if (issue.origin === 'array') return `must have at most ${String(issue.maximum)} item(s)`;
      return `must be at most ${String(issue.maximum)}`;
    case 'invalid_format':
      if (issue.format === 'email') return 'must be a valid email address';
      return undefined;
    case 'invalid_value':
      return `must be one of: ${issue.values.map(String).join(', ')}`;
    default:
      return undefined;
  }
}

/** Field name of an issue: its path joined with dots (`items.0.total`), or `body` at the root. */
function fieldOf(issue: Issue, prefix: string): string {
  const path = [...(prefix ? [prefix] : []), ...issue.path.map(String)];
  return path.length ? path.join('.') : 'body';
}

/** Per-field messages of a failed parse, in the spec's shape; `prefix` names the parsed object's field. */
export function fieldsOf(error: z.ZodError, prefix = ''): Record<string, string[]> {
  const fields: Record<string, string[]> = {};
  for (const issue of error.issues) {
    const field = fieldOf(issue, prefix);
    const list = (fields[field] ??= []);
    if (!list.includes(issue.message)) list.push(issue.message);
  }
  return fields;
}

/** Currency-like fields get a message that says what a currency code looks like. */
function messageFor(issue: RawIssue): string | undefined {
  const last = issue.path?.at(-1);
  if (issue.code === 'invalid_format' && typeof last === 'string' && last.includes('currency'))
    return 'must be a three-letter currency code';
  if (issue.code === 'invalid_format' && issue.format === 'regex') return 'has an invalid format';
  return describe(issue);
}

/** Parses `input`, with the same short messages per issue as the validation body. */
export function check<S extends z.ZodType>(schema: S, input: unknown): z.ZodSafeParseResult<z.infer<S>> {
  return schema.safeParse(input, { error: messageFor });
}

/** Parses `input` or throws the validation body; `prefix` is the field `input` came from (`info`). */
export function parseInput<S extends z.ZodType>(schema: S, input: unknown, prefix = ''): z.infer<S> {
  const result = check(schema, input);
  if (result.success) return result.data;
  throw new ValidationFailure(fieldsOf(result.error, prefix));
}
