// Resolving `new PayClient({conventions})`: the caller's partial overrides deep-merged over the
// defaults, then parsed, so a bad override fails at construction and no cast is needed.
import * as z from 'zod';
import { defaultConventions, type Conventions } from '../core/conventions.js';
import { PayError } from '../core/error.js';

/** Any part of the conventions, at any depth. Arrays are replaced whole, objects merged. */
export type DeepPartial<T> = T extends readonly unknown[]
  ? T
  : T extends object
    ? { [K in keyof T]?: DeepPartial<T[K]> }
    : T;

const name = z.string().min(1);
const ConventionsSchema = z.object({
  query: z.object({
    page: name,
    size: name,
    sort: name,
    filter: name,
    export: name,
    exportCsv: name,
    customerId: name,
    currency: name,
  }),
  pageSize: z
    .object({ default: z.number().int().positive(), max: z.number().int().positive() })
    .refine((p) => p.default <= p.max, 'default must not exceed max'),
  paymentFields: z.object({ document: name, approval: name }),
  thirdPartyMethods: z.array(name),
  revealLimitPerMinute: z.number().int().positive(),
  dynamicAccount: z
    .object({ minLifespanMinutes: z.number().int().positive(), maxLifespanMinutes: z.number().int() })
    .refine((d) => d.minLifespanMinutes <= d.maxLifespanMinutes, 'min must not exceed max'),
  paymentLinkStatus: z.record(z.string().regex(/^-?\d+$/), z.enum(['inactive', 'active', 'expired'])),
});

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Objects merged key by key, anything else (arrays included) replaced; `undefined` leaves the base. */
export function deepMerge(base: unknown, override: unknown): unknown {
  if (override === undefined) return base;
  if (!isPlainObject(base) || !isPlainObject(override)) return override;
  const out: Record<string, unknown> = { ...base };
  for (const [key, value] of Object.entries(override)) out[key] = deepMerge(base[key], value);
  return out;
}

export function resolveConventions(override: DeepPartial<Conventions> | undefined): Conventions {
  const result = ConventionsSchema.safeParse(deepMerge(defaultConventions, override));
  if (!result.success) {
    const where = result.error.issues.map((i) => `conventions.${i.path.join('.')}: ${i.message}`);
    throw new PayError(`invalid PayClient option: ${where.join('; ')}`);
  }
  return result.data;
}
