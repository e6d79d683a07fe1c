// A view checked against the protocol's schema, the problem told the way a backend's developer fixes
// it: the field by its path, what it held, and the rule it breaks (docs/protocol.md). The elements
// forgive an optional null and a lower-case currency; the protocol does not, and neither does this.
import type * as z from 'zod';

/** A schema of @pay-elements/protocol (zod/mini), as far as this module reads it. */
export interface ViewSchema {
  safeParse(
    value: unknown,
  ): { success: true } | { success: false; error: { issues: readonly z.core.$ZodIssue[] } };
}

const TIMESTAMP = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?(Z|[+-]\d{2}:\d{2})$/i;

/** A field's path as the protocol document writes it: `items.0.unit_price`. */
const fieldName = (path: readonly PropertyKey[]): string => path.map(String).join('.');

function at(value: unknown, path: readonly PropertyKey[]): unknown {
  let here = value;
  for (const key of path)
    here =
      typeof here === 'object' && here !== null ? (here as Record<PropertyKey, unknown>)[key] : undefined;
  return here;
}

/** `value` with the field at `path` taken out (a copy). */
function without(value: unknown, path: readonly PropertyKey[]): unknown {
  const copy = structuredClone(value);
  const parent = at(copy, path.slice(0, -1));
  if (typeof parent === 'object' && parent !== null)
    delete (parent as Record<PropertyKey, unknown>)[path.at(-1)!];
  return copy;
}

const shown = (value: unknown): string => (value === undefined ? 'missing' : JSON.stringify(value));

/** What is wrong with one issue of the schema's, in the protocol's words. */
function explain(schema: ViewSchema, value: unknown, issue: z.core.$ZodIssue): string {
  const field = fieldName(issue.path);
  const held = at(value, issue.path);
  const name = field === '' ? 'the answer' : `"${field}"`;
  if (held === null) {
    const parsed = schema.safeParse(without(value, issue.path));
    const optional = parsed.success || !parsed.error.issues.some((i) => fieldName(i.path) === field);
    return optional
      ? `${name} is null: an optional field with nothing to say is absent, never null`
      : `${name} is null: it is required, ${issue.message}`;
  }
  if (typeof held === 'number' && /(^|\.)(amount|total|subtotal|unit_price|rate)$/.test(field))
    return `${name} is the number ${held}: amounts are decimal strings such as "5000.00"`;
  if (typeof held === 'string' && /(^|\.)currency$/.test(field) && /^[A-Za-z]{3}$/.test(held))
    return `${name} is ${shown(held)}: currencies are upper-case ISO 4217 codes, "${held.toUpperCase()}"`;
  if (held === undefined) return `${name} is missing: it is required`;
  return `${name} is ${shown(held)}: ${issue.message}`;
}

/** The timestamps of a view that are not RFC 3339 date-times (the elements compute with them). */
function timestampProblems(value: unknown, fields: readonly string[]): string[] {
  return fields.flatMap((field) => {
    const held = at(value, field.split('.'));
    if (held === null || held === undefined) return [];
    return typeof held === 'string' && TIMESTAMP.test(held) && !Number.isNaN(Date.parse(held))
      ? []
      : [`"${field}" is ${shown(held)}: timestamps are RFC 3339 date-times, "2026-11-21T10:00:00.000Z"`];
  });
}

/** Every problem of `value` as `schema` (and its timestamp fields), each naming its field; [] when none. */
export function viewProblems(
  schema: ViewSchema,
  value: unknown,
  timestamps: readonly string[] = [],
): string[] {
  const parsed = schema.safeParse(value);
  const problems = parsed.success ? [] : parsed.error.issues.map((issue) => explain(schema, value, issue));
  return [...new Set([...problems, ...(parsed.success ? timestampProblems(value, timestamps) : [])])];
}
