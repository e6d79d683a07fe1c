// List query parameters: checked locally, then named as the conventions say.
import * as z from 'zod';
import { SORT_PATTERN, parseFilter, type Conventions } from '../core/conventions.js';
import type { ListParams } from '../schemas/requests.js';

export type Query = Record<string, string>;

/** The shared list parameters, bounded by the configured maximum page size. */
export function listParamsSchema(conventions: Conventions) {
  return z.strictObject({
    page: z.number().int().nonnegative().optional(),
    size: z.number().int().min(1).max(conventions.pageSize.max).optional(),
    sort: z.string().regex(SORT_PATTERN, 'must be "field,asc" or "field,desc"').optional(),
    filter: z
      .string()
      .refine((f) => parseFilter(f) !== null, 'must be "field:value" pairs joined by ";"')
      .optional(),
  });
}

/** The wire names of the shared list parameters that were given. */
export function listQuery(params: ListParams, conventions: Conventions): Query {
  const names = conventions.query;
  const query: Query = {};
  if (params.page !== undefined) query[names.page] = String(params.page);
  if (params.size !== undefined) query[names.size] = String(params.size);
  if (params.sort !== undefined) query[names.sort] = params.sort;
  if (params.filter !== undefined) query[names.filter] = params.filter;
  return query;
}
