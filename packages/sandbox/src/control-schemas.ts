// Bodies and answers of the control API under /_sandbox, shared by the routes and the typed client.
import * as z from 'zod';
import { markets } from './data/countries.js';

const currency = z.string().regex(/^[A-Za-z]{3}$/);
const countries = markets.map((m) => m.alpha3);

export const CreateCustomerBody = z.object({
  email: z.email(),
  first_name: z.string().min(1).max(100),
  last_name: z.string().min(1).max(100),
  country_code: z
    .string()
    .transform((s) => s.toUpperCase())
    .refine((s) => countries.includes(s), `must be one of: ${countries.join(', ')}`),
  phone: z
    .string()
    .regex(/^\d{4,15}$/, 'must be 4 to 15 digits')
    .optional(),
  dial_code: z
    .string()
    .regex(/^\+\d{1,4}$/, 'must be a plus and 1 to 4 digits, such as "+234"')
    .optional(),
});
export type CreateCustomerBody = z.input<typeof CreateCustomerBody>;

export const IssueCardBody = z.object({
  customer_id: z.string().min(1),
  currency,
  balance: z.number().min(0).optional(),
});
export type IssueCardBody = z.input<typeof IssueCardBody>;

/** The longest a late transfer may take to settle: a day. */
export const MAX_SETTLE_SECONDS = 86_400;

export const TransferBody = z.object({
  account_number: z.string().min(1),
  amount: z.number().positive(),
  sender_account_name: z.string().min(1).max(100).optional(),
  sender_bank_name: z.string().min(1).max(100).optional(),
  /** a late transfer: listed `processing` now, `success` (and its webhook) this many seconds later */
  settle_after_seconds: z
    .number({ error: 'must be a whole number of seconds from 1 to 86400' })
    .int('must be a whole number of seconds from 1 to 86400')
    .min(1, 'must be a whole number of seconds from 1 to 86400')
    .max(MAX_SETTLE_SECONDS, 'must be a whole number of seconds from 1 to 86400')
    .optional(),
});
export type TransferBody = z.input<typeof TransferBody>;

export const ClockBody = z.object({ advance_minutes: z.number().min(0).max(5_256_000) });

export const FaultBody = z
  .object({
    path_prefix: z.string().startsWith('/v1', 'must start with /v1'),
    method: z
      .string()
      .transform((s) => s.toUpperCase())
      .pipe(z.enum(['GET', 'POST', 'PUT', 'DELETE']))
      .optional(),
    status: z.number().int().min(400).max(599).optional(),
    delay_ms: z.number().int().min(0).max(60_000).optional(),
    times: z.number().int().min(1).optional(),
    drop: z.boolean().optional(),
  })
  .refine((f) => f.status !== undefined || f.delay_ms !== undefined || f.drop === true, {
    message: 'give status, delay_ms or drop: true',
    path: ['status'],
  });
export type FaultBody = z.input<typeof FaultBody>;

/** A card as the control API answers it. */
export const CardViewSchema = z.object({
  card_id: z.string(),
  customer_id: z.string(),
  currency: z.string(),
  balance: z.string(),
  status: z.enum(['active', 'frozen']),
  masked_pan: z.string(),
  expiry_month: z.number().int(),
  expiry_year: z.number().int(),
  created_at: z.string(),
});

export const FaultSchema = z.object({
  id: z.string(),
  path_prefix: z.string(),
  method: z.string().nullable(),
  status: z.number().int().nullable(),
  delay_ms: z.number().int(),
  times: z.number().int().nullable(),
  drop: z.boolean(),
  until: z.string().nullable(),
});

export const ClockAnswer = z.object({ now: z.string() });

/** A webhook delivery in the log (`GET /_sandbox/webhooks`). */
export const DeliverySchema = z.object({
  id: z.string(),
  type: z.string(),
  url: z.string(),
  attempts: z.number().int(),
  delivered: z.boolean(),
  last_status: z.number().int().nullable(),
  last_error: z.string().nullable(),
  next_attempt_at: z.string().nullable(),
  endpoint_disabled: z.boolean(),
  created_at: z.string(),
});

/** A virtual account with its state (`GET /_sandbox/accounts`). */
export const AccountOverviewSchema = z.object({
  account_number: z.string(),
  account_name: z.string(),
  bank_name: z.string(),
  kind: z.enum(['single_use', 'permanent']),
  customer_id: z.string(),
  currency: z.string(),
  amount: z.string().nullable(),
  state: z.enum(['open', 'paid', 'expired', 'permanent']),
  reference: z.string(),
  expires_at: z.string().nullable(),
  created_at: z.string().nullable(),
});

export const ScenarioNames = [
  'duplicate_webhook',
  'late_webhook',
  'out_of_order_webhooks',
  'provider_outage',
  'rate_limit',
] as const;
export type ScenarioName = (typeof ScenarioNames)[number];
