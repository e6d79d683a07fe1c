import * as z from 'zod/mini';
import { errorCodes } from './wire.js';

// ── Errors ──────────────────────────────────────────────────────────────────────────────────

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
