// The merchant's API, its bodies and answers as zod schemas: the routes parse every body with them,
// and the OpenAPI document (openapi.ts) is generated from the same ones, so the two cannot drift.
// Amounts are decimal strings, currencies upper-case, field names snake_case as on the widget's wire.
import * as z from 'zod';
import { decimal } from '@pay-elements/api';
import { orderLimits } from '@pay-elements/protocol';
import { payEventTypes } from '../kit.js';

const printable = (max: number) =>
  z
    .string()
    .min(1, 'must not be empty')
    .max(max, `must be at most ${max} characters`)
    .regex(/^[\x21-\x7e]+$/, 'must be printable characters with no spaces');

export const Decimal = z
  .string()
  .regex(/^(0|[1-9]\d{0,14})(\.\d{1,4})?$/, 'must be a decimal string such as "5000.00"')
  .refine((value) => Number(value) > 0, 'must be more than zero')
  .meta({ description: 'A positive decimal string, "5000.00".', examples: ['5000.00'] });

export const CurrencyCode = z
  .string()
  .regex(/^[A-Za-z]{3}$/, 'must be a three-letter currency code such as "NGN"')
  .transform((code) => code.toUpperCase())
  .meta({ description: 'ISO 4217, any case in, upper-case out.', examples: ['NGN'] });

const HttpUrl = z
  .url({ protocol: /^https?$/, error: 'must be an absolute http(s) URL' })
  .max(2048, 'must be at most 2048 characters');

export const CreateSession = z
  .strictObject({
    order_id: printable(orderLimits.orderId).describe('Your order id: one session per order.'),
    amount: Decimal.describe(
      "What the shopper pays, from your records (never from a browser), in at most the currency's minor unit (NGN 2 decimals, JPY none).",
    ),
    currency: CurrencyCode,
    customer_id: printable(128).describe("The provider's customer the account is issued to."),
    email: z
      .email('must be an email address')
      .max(254)
      .optional()
      .describe(
        'The shopper, kept with the order: one receipt email goes there once it is paid (when PAY_SMTP_URL is set). Never shown to a browser or logged.',
      ),
    locale: z
      .string()
      .regex(/^[A-Za-z]{2,3}(-[A-Za-z0-9]{1,8})*$/, 'must be a BCP 47 language tag such as "fr"')
      .optional()
      .describe(
        "The shopper's language, BCP 47 (`fr`, `pt-BR`): the receipt email's (en, fr, pt, sw, ar; English otherwise).",
      ),
    order: z
      .strictObject({
        title: z
          .string()
          .min(1)
          .max(orderLimits.title)
          .describe('What is bought, shown on the hosted checkout.'),
        reference: z
          .string()
          .min(1)
          .max(orderLimits.reference)
          .optional()
          .describe('Your order number, shown beside it.'),
      })
      .optional(),
    return_url: HttpUrl.optional().describe('Where the hosted checkout sends the shopper back to.'),
    metadata: z
      .record(z.string().min(1).max(40), z.string().max(500))
      .refine((m) => Object.keys(m).length <= 20, 'must have at most 20 keys')
      .optional()
      .describe('Your own keys and values, kept with the order and answered with the session.'),
  })
  // the provider takes no fraction of a minor unit: refused here by name, before anything is opened
  .superRefine((body, ctx) => {
    if (!decimal.fitsMinorUnit(body.amount, body.currency))
      ctx.addIssue({
        code: 'custom',
        path: ['amount'],
        message: `must have at most ${decimal.minorDigits(body.currency)} decimals in ${body.currency}`,
      });
  });
export type CreateSession = z.infer<typeof CreateSession>;

export const Account = z
  .object({ account_name: z.string(), account_number: z.string(), bank_name: z.string() })
  .describe('The single-use account the shopper transfers the exact amount to.');

export const Session = z.object({
  id: z.string(),
  order_id: z.string(),
  status: z.enum(['pending', 'paid', 'expired']),
  amount: z.string(),
  currency: z.string(),
  customer_id: z.string(),
  account: Account,
  reference: z.string().describe("The provider's reference of the current account."),
  created_at: z.string(),
  expires_at: z.string(),
  paid_at: z.string().nullable(),
  claimed_at: z
    .string()
    .nullable()
    .describe(
      'When the shopper said "I\'ve sent the money" (the hosted checkout\'s button): null until then. A claimed session stays `pending` for the grace period past `expires_at`.',
    ),
  transfer_reference: z
    .string()
    .nullable()
    .describe("The reference of the transfer that paid it: the provider's transaction `ref`."),
  url: z.string().describe('The hosted checkout: send the shopper there, or embed the element.'),
  receipt_url: z.string().optional().describe('The hosted receipt, once paid.'),
  email: z.string().optional(),
  metadata: z.record(z.string(), z.string()).optional(),
});
export type Session = z.infer<typeof Session>;

export const CreateInvoiceLink = z.strictObject({
  invoice_number: printable(64).describe("The provider's invoice number."),
});

export const InvoiceLink = z.object({
  url: z.string().describe('The hosted invoice page.'),
  token: z.string().describe('The invoice for <pay-invoice-view token>.'),
});

export const CreateFundingLink = z.strictObject({
  customer_id: printable(128),
  id_number: z
    .string()
    .regex(/^\d{11}$/, 'must be the 11 digits of a BVN')
    .optional()
    .describe("The customer's BVN, which a naira account needs when it is first opened; not kept."),
  currencies: z
    .array(CurrencyCode)
    .min(1)
    .max(10)
    .optional()
    .describe('The accounts the customer must have, each among PAY_FUNDING_CURRENCIES (default all).'),
  expires_in: z
    .number()
    .int()
    .min(60, 'must be at least 60 seconds')
    .max(31_622_400, 'must be at most a year (31622400 seconds)')
    .optional()
    .describe('How long the link opens the page, seconds (default a day).'),
});

export const FundingLink = z.object({
  url: z.string().describe("The hosted page of the customer's own accounts."),
  token: z.string().describe('The customer for <pay-funding-account token>.'),
  expires_at: z.string(),
});

export const Notification = z.object({
  id: z.string().describe('The event id, sent as webhook-id on every attempt.'),
  type: z.enum(payEventTypes).describe('A kit event type (its catalogue: docs/any-backend.md).'),
  created_at: z.string(),
  data: z.record(z.string(), z.string().nullable()),
  status: z
    .enum(['pending', 'delivered', 'failed', 'disabled'])
    .describe('disabled: owed, and not sent while the endpoint is disabled (it answered 410 Gone).'),
  livemode: z.boolean().describe('false for an event of the emulator: sent as livemode in the body.'),
  attempts: z.number().int(),
  last_attempt_at: z.string().nullable(),
  last_result: z
    .string()
    .nullable()
    .describe('The HTTP status of the last attempt, or timeout, network_error.'),
  last_answer: z
    .string()
    .nullable()
    .optional()
    .describe("The first 512 bytes of the endpoint's answer to the last attempt: its reason, often."),
  next_attempt_at: z.string().nullable(),
  delivered_at: z.string().nullable(),
  resent_at: z.string().nullable().describe('The last resend asked for.'),
});

export const NotificationEndpoint = z
  .object({
    status: z.enum(['enabled', 'disabled']),
    disabled_at: z.string().optional(),
    disabled_by: z.string().optional().describe('The notification it answered 410 Gone to.'),
  })
  .describe(
    'PAY_NOTIFY_URL: disabled once it answers 410 Gone, until PAY_NOTIFY_URL changes or a notification is resent.',
  );

export const NotificationList = z.object({
  notifications: z.array(Notification),
  endpoint: NotificationEndpoint,
});

export const ApiErrorCode = z.enum([
  'invalid_request',
  'unauthorized',
  'not_found',
  'conflict',
  'method_not_allowed',
  'payload_too_large',
  'unsupported_media_type',
  'rate_limited',
  'upstream_unavailable',
  'upstream_unauthorized',
  'internal',
]);
export type ApiErrorCode = z.infer<typeof ApiErrorCode>;

export const ApiError = z.object({
  error: z.object({
    code: ApiErrorCode,
    message: z.string(),
    fields: z.record(z.string(), z.array(z.string())).optional(),
  }),
});

/** The schemas of the document's components, by id. */
export const components = {
  CreateSession,
  Session,
  Account,
  CreateInvoiceLink,
  InvoiceLink,
  CreateFundingLink,
  FundingLink,
  Notification,
  NotificationEndpoint,
  NotificationList,
  Error: ApiError,
} as const;
