// Paginated lists: page (0-indexed), size (default 20, at most 100), sort `field,asc|desc`, filter
// `field:value;field2:value2`, all under the names of defaultConventions. Records keep their
// insertion order as the tie-break, so a page is stable however many records share a timestamp.
import { defaultConventions, parseFilter, SORT_PATTERN, type Page } from '@pay-elements/api';
import { ValidationFailure } from './responses.js';

const names = defaultConventions.query;
const sizes = defaultConventions.pageSize;

/** The text of a scalar field value; objects and arrays have none. */
function textOf(value: unknown): string {
  return typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean'
    ? String(value)
    : '';
}

/** A top-level field of a record, read without a cast. */
function fieldValue(record: object, field: string): unknown {
  return Object.hasOwn(record, field) ? (Reflect.get(record, field) as unknown) : undefined;
}

export interface ListOptions<T> {
  /** the top-level fields that may be sorted and filtered on */
  fields: readonly (keyof T & string)[];
  /** the order when none is asked for; default `created_at,desc` (newest first) */
  defaultSort?: string;
}

function integerParam(url: URL, name: string, fallback: number, min: number): number {
  const raw = url.searchParams.get(name);
  if (raw === null || raw === '') return fallback;
  if (!/^\d+$/.test(raw) || Number(raw) < min || !Number.isSafeInteger(Number(raw)))
    throw ValidationFailure.of(name, min === 0 ? 'must be an integer ≥ 0' : `must be an integer ≥ ${min}`);
  return Number(raw);
}

/** page and size from the query; a size above the maximum is clamped to it (the answer says so). */
export function pageParams(url: URL): { page: number; size: number } {
  const page = integerParam(url, names.page, 0, 0);
  const size = Math.min(integerParam(url, names.size, sizes.default, 1), sizes.max);
  return { page, size };
}

const DECIMAL = /^-?\d+(\.\d+)?$/;
const ISO = /^\d{4}-\d{2}-\d{2}T/;

/** Orders two field values: numbers and decimal strings by value, timestamps by instant, else text. */
export function compareValues(a: unknown, b: unknown): number {
  if (typeof a === 'number' && typeof b === 'number') return a - b;
  if (typeof a === 'boolean' && typeof b === 'boolean') return Number(a) - Number(b);
  const x = textOf(a);
  const y = textOf(b);
  if (DECIMAL.test(x) && DECIMAL.test(y)) return Number(x) - Number(y) || x.localeCompare(y);
  if (ISO.test(x) && ISO.test(y)) {
    const diff = Date.parse(x) - Date.parse(y);
    if (!Number.isNaN(diff) && diff !== 0) return diff;
  }
  return x < y ? -1 : x > y ? 1 : 0;
}

function sorter<T extends object>(
  url: URL,
  options: ListOptions<T>,
): (a: [T, number], b: [T, number]) => number {
  const expression = url.searchParams.get(names.sort) || options.defaultSort || 'created_at,desc';
  const match = SORT_PATTERN.exec(expression);
  if (!match) throw ValidationFailure.of(names.sort, 'must be `field,asc` or `field,desc`');
  const [, field = '', direction] = match;
  if (!options.fields.some((f) => f === field))
    throw ValidationFailure.of(names.sort, `cannot sort by ${field}; fields: ${options.fields.join(', ')}`);
  const sign = direction === 'desc' ? -1 : 1;
  return ([a, i], [b, j]) => sign * (compareValues(fieldValue(a, field), fieldValue(b, field)) || i - j);
}

function matcher<T extends object>(url: URL, options: ListOptions<T>): (record: T) => boolean {
  const expression = url.searchParams.get(names.filter);
  if (!expression) return () => true;
  const pairs = parseFilter(expression);
  if (!pairs) throw ValidationFailure.of(names.filter, 'must be `field:value` pairs joined by `;`');
  for (const [field] of pairs) {
    if (!options.fields.some((f) => f === field))
      throw ValidationFailure.of(
        names.filter,
        `cannot filter by ${field}; fields: ${options.fields.join(', ')}`,
      );
  }
  return (record) =>
    pairs.every(([field, value]) => textOf(fieldValue(record, field)).toLowerCase() === value.toLowerCase());
}

/** Sorted and filtered records, every page at once (for CSV export). */
export function select<T extends object>(records: readonly T[], url: URL, options: ListOptions<T>): T[] {
  const order = sorter(url, options);
  const keep = matcher(url, options);
  return records
    .map((r, i): [T, number] => [r, i])
    .filter(([r]) => keep(r))
    .sort(order)
    .map(([r]) => r);
}

/**
 * One page of `records`. An empty list answers total_pages 0, max_page 0, first and last true; a
 * page past the end answers no items, last true.
 */
export function paginate<T extends object>(
  records: readonly T[],
  url: URL,
  options: ListOptions<T>,
): Page<T> {
  const { page, size } = pageParams(url);
  const all = select(records, url, options);
  const total = all.length;
  const totalPages = Math.ceil(total / size);
  const maxPage = Math.max(totalPages - 1, 0);
  const items = all.slice(page * size, page * size + size);
  return {
    items,
    page,
    size,
    max_page: maxPage,
    total_pages: totalPages,
    total,
    last: page >= maxPage,
    first: page === 0,
    visible: items.length,
  };
}
