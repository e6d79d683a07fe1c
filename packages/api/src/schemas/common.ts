import * as z from 'zod';

/** A decimal amount as the spec sends it in responses: `"5000.00"`, `"-12.5"`, `"0"`. */
export const DecimalString = z
  .string()
  .regex(/^-?\d+(\.\d+)?$/, 'must be a decimal string such as "5000.00"');

/** An ISO 8601 timestamp. The spec shows both `Z` and numeric offsets, with or without fractions. */
export const Timestamp = z
  .string()
  .refine((s) => !Number.isNaN(Date.parse(s)), 'must be an ISO 8601 timestamp');

/** A three-letter currency code; case varies by resource, so it is not forced here. */
export const CurrencyCode = z.string().regex(/^[A-Za-z]{3}$/, 'must be a three-letter currency code');

/** The envelope every endpoint answers with (validation failures excepted). */
export function envelope<T extends z.ZodType>(data: T) {
  return z.object({
    status: z.boolean(),
    data,
    error: z.array(z.unknown()),
    message: z.string(),
  });
}

/** The failure envelope: `status: false`, empty `data`. */
export const FailureEnvelope = z.object({
  status: z.literal(false),
  data: z.unknown(),
  error: z.array(z.unknown()),
  message: z.string(),
});
export type FailureEnvelope = z.infer<typeof FailureEnvelope>;

/** The validation failure body, which has no envelope: field name → messages. */
export const ValidationBody = z.object({
  error: z.record(z.string(), z.array(z.string())),
});
export type ValidationBody = z.infer<typeof ValidationBody>;

/** The pagination envelope found inside `data` of every paginated list. */
export function page<T extends z.ZodType>(item: T) {
  return z.object({
    items: z.array(item),
    page: z.number().int().nonnegative(),
    size: z.number().int().nonnegative(),
    max_page: z.number().int(),
    total_pages: z.number().int().nonnegative(),
    total: z.number().int().nonnegative(),
    last: z.boolean(),
    first: z.boolean(),
    visible: z.number().int().nonnegative(),
  });
}
export interface Page<T> {
  items: T[];
  page: number;
  size: number;
  max_page: number;
  total_pages: number;
  total: number;
  last: boolean;
  first: boolean;
  visible: number;
}

/** The success message every endpoint uses. */
export const SUCCESS_MESSAGE = 'operation was successful';
