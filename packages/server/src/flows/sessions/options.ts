// The sessions flow's options (merged into createPayHandler's, each described once) and what the
// merchant's `resolveOrder` answers, checked on every call.
import * as z from 'zod';
import { SessionDisplay } from '@pay-elements/protocol';
import { decimal, defaultConventions } from '@pay-elements/api';
import { fn, perMinute, tracked } from '../../options.js';
import type { SessionRecord } from './book.js';
import type { PaidEmail } from './paid-email.js';
import type { Json } from '../../store/contract.js';

/** What the merchant's `resolveOrder` answers for a known order. */
export interface Order {
  /** decimal string, "5000.00" */
  amount: string;
  /** ISO 4217, any case (the kit upper-cases it) */
  currency: string;
  /** the provider's customer the single-use account is issued to */
  customer_id: string;
  /**
   * What the hosted checkout shows about the order: `{order: {title, reference?}, return_url?,
   * merchant?}` (a `merchant` here overrides the kit's `merchant` option, for a marketplace).
   */
  display?: SessionDisplay;
  /**
   * The shopper's email: one email is sent when the session is paid (with the
   * `sendPaidEmail` option). Kept with the session; never in a view, event or log line.
   */
  email?: string;
  /** The shopper's language (BCP 47, `fr`, `pt-BR`): the paid email's. */
  locale?: string;
  /**
   * The merchant's own fields of the order (a JSON object, at most MERCHANT_DATA_BYTES), kept with the
   * session as given and given back by `getSession`: never shown to the shopper, never sent to the
   * provider (pay-service keeps its API's `email` and `metadata` here).
   */
  merchantData?: Readonly<Record<string, Json>>;
}

/** The most JSON an order's `merchantData` may take, bytes. */
export const MERCHANT_DATA_BYTES = 131_072;

function isMerchantData(value: unknown): boolean {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return false;
  try {
    return new TextEncoder().encode(JSON.stringify(value)).byteLength <= MERCHANT_DATA_BYTES;
  } catch {
    return false;
  }
}

/** What `resolveOrder` is told about the request, so that the merchant can authorise the shopper. */
export interface OrderContext {
  /** the request as it came in: headers (cookies, authorization), URL */
  request: Request;
  /** the socket's remote address when served through the node adapter (`toNodeListener`) */
  clientAddress: string | undefined;
}

const { minLifespanMinutes, maxLifespanMinutes } = defaultConventions.dynamicAccount;

export const sessionOptions = {
  resolveOrder: fn<(orderId: string, context: OrderContext) => Order | null | Promise<Order | null>>(
    'orderId → {amount, currency, customer_id} | null',
  ).describe(
    '`(orderId, {request, clientAddress})` → `{amount: "5000.00", currency, customer_id}`, or `null` for an unknown order, or one this request may not pay. It **must** authorise the shopper from `request` (the shopper\'s request: its cookie or session, `Authorization`): the order id alone is not proof (order numbers are guessed, and the answer shows the account, the customer\'s name, the amount and, once paid, where the money went). `clientAddress` is the socket address when served through `toNodeListener`. Amount and customer come only from here, never from the browser; an invalid answer is a 500 and a log line. It may add `display: {order?: {title, reference?}, return_url?, merchant?}`: what the hosted checkout shows, stored with the session so every instance shows the same; and `merchantData`: a JSON object of its own (at most 128 KiB), kept with the session and given back by `getSession`, never shown to the shopper.',
  ),
  onPaid: fn<(session: SessionRecord) => void | Promise<void>>('session → void')
    .optional()
    .describe(
      '`(session)`: called once per paid session, after the transition is committed (see *onPaid delivery*).',
    ),
  sendPaidEmail: fn<(mail: PaidEmail) => void | Promise<void>>('mail → void')
    .optional()
    .describe(
      "`(mail)`: sends the email of a paid session whose order gave the shopper's `email` (`mail.to`, `locale`, amount, merchant, order reference, the checkout's `link` and the paid view's other fields, `viewFields`; pay-service writes it as the shopper's proof of payment): once per session, from the outbox, after the paid transition is committed (never delaying it); throw to have it retried with `eventRetryMs`'s backoff. Errors are logged with the address masked.",
    ),
  lifespanMinutes: z
    .number({ error: 'must be a number of minutes' })
    .int({ error: 'must be a whole number of minutes' })
    .min(minLifespanMinutes, { error: `must be at least ${minLifespanMinutes} minute` })
    .max(maxLifespanMinutes, { error: `must be at most ${maxLifespanMinutes} minutes` })
    .default(30)
    .describe('Lifespan of each single-use account, in minutes (1 … 10080).'),
  checkoutUrl: fn<(sessionId: string) => string>('sessionId → URL string')
    .optional()
    .describe('`(sessionId)` → a hosted page for the session, sent to the widget as `checkout_url`.'),
  accountRateLimit: z
    .union(
      [
        z.literal(false),
        z.strictObject({
          perClientPerMinute: perMinute(10).describe(
            'Accounts one client may have opened a minute (also the burst).',
          ),
          perOrderPerMinute: perMinute(3).describe(
            'Accounts one order may have opened a minute (also the burst).',
          ),
          maxKeys: tracked().describe('The most clients and orders whose rate is tracked at once.'),
        }),
      ],
      { error: 'must be false or an object such as { perClientPerMinute: 10, perOrderPerMinute: 3 }' },
    )
    .default({ perClientPerMinute: 10, perOrderPerMinute: 3, maxKeys: 10_000 })
    .describe(
      'Provider accounts a client, and an order, may have opened a minute (`POST /sessions`, `POST /sessions/{id}/renew`); past it 429 `rate_limited` with `Retry-After`. `false` turns it off (tests, load benchmarks).',
    ),
  // ── claim (issue 44): "I've sent the money" ──
  claimGraceMinutes: z
    .number({ error: 'must be a number of minutes' })
    .int({ error: 'must be a whole number of minutes' })
    .min(0, { error: 'must not be negative' })
    .max(maxLifespanMinutes, { error: `must be at most ${maxLifespanMinutes} minutes` })
    .default(30)
    .describe(
      'How long a claimed session (`POST /sessions/{id}/claim`, "I\'ve sent the money") stays `pending` after its `expires_at`, in minutes: a transfer that left in time still pays it; then it expires as an unclaimed one does.',
    ),
  claimRateLimit: z
    .union(
      [
        z.literal(false),
        z.strictObject({
          perClientPerMinute: perMinute(10).describe('Claims one client may make a minute (also the burst).'),
          perSessionPerMinute: perMinute(10).describe(
            'Claims of one session a minute, from all clients (also the burst).',
          ),
          maxKeys: tracked().describe('The most clients and sessions whose rate is tracked at once.'),
        }),
      ],
      { error: 'must be false or an object such as { perClientPerMinute: 10, perSessionPerMinute: 10 }' },
    )
    .default({ perClientPerMinute: 10, perSessionPerMinute: 10, maxKeys: 10_000 })
    .describe(
      'Claims (`POST /sessions/{id}/claim`) a client, and a session, may make a minute; past it 429 `rate_limited` with `Retry-After`. `false` turns it off.',
    ),
  // ── end claim ──
};

export type AccountRateLimitOptions = Exclude<
  NonNullable<z.input<z.ZodObject<typeof sessionOptions>>['accountRateLimit']>,
  false
>;

/** What `resolveOrder` must answer, checked on every call (a merchant bug is a 500, never a guess). */
export const OrderSchema = z.object({
  amount: z
    .string()
    .refine(decimal.isPositive, { error: 'must be a positive decimal string such as "5000.00"' }),
  currency: z
    .string()
    .regex(/^[A-Za-z]{3}$/, { error: 'must be a three-letter currency code' })
    .transform((c) => c.toUpperCase()),
  customer_id: z.string().min(1),
  display: z
    .custom<SessionDisplay>((v) => SessionDisplay.safeParse(v).success, {
      error:
        'must be {order?: {title, reference?}, return_url?, merchant?: {name, logo_url?}} with http(s) URLs',
    })
    .optional(),
  email: z
    .email({ error: 'must be an email address' })
    .max(254, { error: 'must be at most 254 characters' })
    .optional(),
  locale: z
    .string()
    .regex(/^[A-Za-z]{2,3}(-[A-Za-z0-9]{1,8})*$/, { error: 'must be a BCP 47 language tag such as "fr"' })
    .optional(),
  merchantData: z
    .custom<Readonly<Record<string, Json>>>(isMerchantData, {
      error: `must be a JSON object of at most ${MERCHANT_DATA_BYTES} bytes`,
    })
    .optional(),
});
