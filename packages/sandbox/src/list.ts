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

/** A field value read once for ordering: its text, and that text as a decimal and as an instant. */
interface SortKey {
  value: unknown;
  text: string;
  /** the text's value when it is a decimal, else undefined */
  decimal: number | undefined;
  /** the text's instant when it looks like an ISO timestamp (NaN if it does not parse), else undefined */
  instant: number | undefined;
}

function sortKey(value: unknown): SortKey {
  const text = textOf(value);
  return {
    value,
    text,
    decimal: DECIMAL.test(text) ? Number(text) : undefined,
    instant: ISO.test(text) ? Date.parse(text) : undefined,
  };
}

function compareKeys(a: SortKey, b: SortKey): number {
  if (typeof a.value === 'number' && typeof b.value === 'number') return a.value - b.value;
  if (typeof a.value === 'boolean' && typeof b.value === 'boolean') return Number(a.value) - Number(b.value);
  if (a.decimal !== undefined && b.decimal !== undefined)
    return a.decimal - b.decimal || a.text.localeCompare(b.text);
  if (a.instant !== undefined && b.instant !== undefined) {
    const diff = a.instant - b.instant;
    if (!Number.isNaN(diff) && diff !== 0) return diff;
  }
  return a.text < b.text ? -1 : a.text > b.text ? 1 : 0;
}

/** Orders two field values: numbers and decimal strings by value, timestamps by instant, else text. */
export function compareValues(a: unknown, b: unknown): number {
  return compareKeys(sortKey(a), sortKey(b));
}

/** The field and direction a list is sorted by, checked. */
function sortOf<T extends object>(url: URL, options: ListOptions<T>): { field: string; sign: number } {
  const expression = url.searchParams.get(names.sort) || options.defaultSort || 'created_at,desc';
  const match = SORT_PATTERN.exec(expression);
  if (!match) throw ValidationFailure.of(names.sort, 'must be `field,asc` or `field,desc`');
  const [, field = '', direction] = match;
  if (!options.fields.some((f) => f === field))
    throw ValidationFailure.of(names.sort, `cannot sort by ${field}; fields: ${options.fields.join(', ')}`);
  return { field, sign: direction === 'desc' ? -1 : 1 };
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

/**
 * Sorted and filtered records, every page at once (for CSV export). Each record's sort key is read
 * once, not at every comparison (a list of thousands is sorted on each poll of the emulator).
 */
export function select<T extends object>(records: readonly T[], url: URL, options: ListOptions<T>): T[] {
  const { field, sign } = sortOf(url, options);
  const keep = matcher(url, options);
  return records
    .filter((r) => keep(r))
    .map((record, i) => ({ record, i, key: sortKey(fieldValue(record, field)) }))
    .sort((a, b) => sign * (compareKeys(a.key, b.key) || a.i - b.i))
    .map(({ record }) => record);
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
