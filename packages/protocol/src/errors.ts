import * as z from 'zod/mini';
import { shopperErrorCodes, statusOfShopperErrorCode } from './wire.js';

// ── Errors ──────────────────────────────────────────────────────────────────────────────────

/**
 * Every code a backend answers: the shopper's, and `upstream_unauthorized` (503, no Retry-After: the
 * provider refused the backend's own key, which no wait mends). An element does not know it and reads
 * it by its status, as `upstream_unavailable`: to a shopper both mean "not now", and the merchant is
 * told by the start-up check, readiness and the log. So its words cost no element a byte.
 */
export const errorCodes = [...shopperErrorCodes, 'upstream_unauthorized'] as const;

/** The HTTP status each error code travels with. */
export const statusOfErrorCode: Record<ErrorCode, number> = {
  ...statusOfShopperErrorCode,
  upstream_unauthorized: 503,
};

export const ErrorCode = z.enum(errorCodes);
export type ErrorCode = z.infer<typeof ErrorCode>;

export const ErrorBody = z.object({
  error: z.object({
    code: ErrorCode,
    message: z.string(),
    fields: z.optional(z.record(z.string(), z.array(z.string()))),
  }),
});
export type ErrorBody = z.infer<typeof ErrorBody>;
