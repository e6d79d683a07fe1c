// The kit's options, parsed once with zod when the handler is created. A bad option fails there,
// with a message naming it and saying what it expects.
import * as z from 'zod';
import { SessionDisplay, SessionMerchant } from '@pay-elements/protocol';
import {
  decimal,
  defaultConventions,
  WebhookSecret,
  type PayClient,
  type WebhookEvent,
} from '@pay-elements/api';
import type { SessionRecord, PayStore } from './store/parts.js';
import type { Clock } from './clock.js';
import { MemoryStore } from './store/memory.js';
import { PayConfigError } from './errors.js';
import { defaultLogger, type LogFields, type Logger } from './log.js';
import type { PayObserver } from './observer.js';
import { issueFields } from './http/input.js';
import { StreamOptionsSchema, type StreamOptions } from './streams/options.js';

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
}

/** What `resolveOrder` is told about the request, so that the merchant can authorise the shopper. */
export interface OrderContext {
  /** the request as it came in: headers (cookies, authorization), URL */
  request: Request;
  /** the socket's remote address when served through the node adapter (`toNodeListener`) */
  clientAddress: string | undefined;
}

/** What a webhook verifier is given: the raw body, the headers and now (unix seconds). */
export interface WebhookVerifyInput {
  body: string;
  headers: Headers;
  now: number;
}
export type WebhookVerifier = (input: WebhookVerifyInput) => WebhookEvent | Promise<WebhookEvent>;

export type { Clock } from './clock.js';

export interface PayHandlerOptions {
  /** the provider client, holding the secret key */
  client: PayClient;
  /** where sessions live; default a MemoryStore (lost on restart: use SqliteStore in production) */
  store?: PayStore;
  /**
   * The amount, currency and customer of an order, or null when the order is unknown or the request
   * may not pay it (check the shopper's session in `context.request`: answer null to refuse).
   */
  resolveOrder(orderId: string, context: OrderContext): Order | null | Promise<Order | null>;
  /** called once per paid session, after the transition is committed (at least once on a crash) */
  onPaid?(session: SessionRecord): void | Promise<void>;
  /** lifespan of each single-use account, in minutes; default 30 */
  lifespanMinutes?: number;
  /** where the routes are mounted; default `/pay` */
  basePath?: string;
  /** origins (`https://shop.example`) allowed to call the routes from a browser; default none */
  allowedOrigins?: string[];
  /** the time source; default `Date` */
  clock?: Clock;
  /**
   * the Standard Webhooks signing secret (`whsec_` + base64 of 24 to 64 bytes); without it or a
   * `webhookVerifier`, POST /webhooks is not mounted
   */
  webhookSecret?: string;
  /** how far a Standard Webhooks timestamp may be from now, in seconds; default 300 */
  webhookToleranceSeconds?: number;
  /**
   * For a provider that signs another way: checks a webhook request and answers its event, or throws
   * SignatureVerificationError to refuse it (400). Replaces the Standard Webhooks check.
   */
  webhookVerifier?: WebhookVerifier;
  /** the least time between two provider checks of one customer, in ms; default 5000 */
  pollIntervalMs?: number;
  /** how long a claimed onPaid delivery is left alone before a sweep retries it, in ms; default 5 min */
  onPaidRetryAfterMs?: number;
  /** how long one provider check of a customer's transactions may take, per request, in ms; default 3000 */
  checkTimeoutMs?: number;
  /** when to stop asking a provider that is down, and for how long */
  circuitBreaker?: CircuitBreakerOptions;
  /** where logs go; default warnings and errors to the console */
  logger?: Logger;
  /**
   * fields added to every line the kit writes while answering this request (not to the lines of work
   * shared by many requests: the watcher's checks, the breaker, sweeps, streams), asked for only when
   * a line is written: `(request) => ({ request_id: request.headers.get('x-request-id') })`
   */
  logFields?: (request: Request) => LogFields | undefined;
  /** told of sessions created, paid and expired, webhooks and onPaid timings (metrics) */
  observer?: PayObserver;
  /** who asks for the money, given to the widget as `merchant`: `{name, logo_url?}` */
  merchant?: SessionMerchant;
  /** a hosted page for the session, given to the widget as `checkout_url` */
  checkoutUrl?(sessionId: string): string;
  /** a hosted page for the invoice, given to the widget as `hosted_url` */
  invoiceUrl?(invoiceNumber: string): string;
  /** how long the list of payment links is kept before the provider is asked again, ms; default 30 000 */
  linkCacheMs?: number;
  /** the currency payment links are priced in, sent as the link view's `currency` (the spec's links carry none) */
  linkCurrency?: string;
  /** how long a country's bank list is kept, ms; default and maximum one day (the spec's rule) */
  bankCacheMs?: number;
  /** POST /banks/suggest: off unless enabled (it reveals where an account number has been paid) */
  bankSuggestions?: BankSuggestionOptions;
  /**
   * Provider accounts opened (POST /sessions, POST /sessions/{id}/renew) per client and per order, a
   * minute; past it 429 `rate_limited` with Retry-After. `false` turns the limit off (tests, demos).
   */
  accountRateLimit?: AccountRateLimitOptions | false;
  /** how long a claim to open an order's account holds before another request may take it over, ms */
  claimTimeoutMs?: number;
  /**
   * Who a request comes from, for rate limits. Default: the socket address recorded by the node
   * adapter (`clientAddress`), an IPv6 address by its /64. Behind a proxy, read the header it sets.
   */
  clientKey?(request: Request): string;
  /** GET /sessions/:id/events (status pushed to the page): limits and heartbeat; on by default */
  streams?: StreamOptions;
}

export interface CircuitBreakerOptions {
  /** provider failures in a row (timeouts, dropped connections, 5xx) that open the breaker; default 3 */
  failureThreshold?: number;
  /** how long an open breaker fails calls at once before one trial call, ms; default 10 000 */
  cooldownMs?: number;
}

export interface BankSuggestionOptions {
  /** mount POST /banks/suggest; default false (404) */
  enabled: boolean;
  /** suggestions per client per minute (also the burst); default 10 */
  perMinute?: number;
  /** the most clients whose rate is tracked at once; default 10 000 */
  maxClients?: number;
}

export interface AccountRateLimitOptions {
  /** accounts one client may have opened a minute (also the burst); default 10 */
  perClientPerMinute?: number;
  /** accounts one order may have opened a minute (also the burst); default 3 */
  perOrderPerMinute?: number;
  /** the most clients and orders whose rate is tracked at once; default 10 000 */
  maxKeys?: number;
}

/** The spec's limit on keeping a bank list: one day. */
export const MAX_BANK_CACHE_MS = 24 * 60 * 60 * 1000;

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null;
}

function hasMethods(value: unknown, ...names: string[]): boolean {
  return isObject(value) && names.every((name) => typeof value[name] === 'function');
}

/** Whether a value has the parts of a store (store/parts.ts), each with its methods, and close(). */
function isStore(value: unknown): boolean {
  if (!isObject(value) || typeof value['close'] !== 'function') return false;
  return (
    hasMethods(value['sessions'], 'claimOrder', 'create', 'get', 'markPaid', 'findByReference') &&
    hasMethods(value['outbox'], 'listOwed', 'claim', 'markDelivered') &&
    hasMethods(value['webhookEvents'], 'has', 'remember', 'forgetBefore') &&
    hasMethods(value['watch'], 'claim', 'read', 'advanceWatermark', 'noteWebhook', 'setProviderWait')
  );
}

const fn = <T>(what: string) =>
  z.custom<T>((v) => typeof v === 'function', { error: `must be a function (${what})` });

const { minLifespanMinutes, maxLifespanMinutes } = defaultConventions.dynamicAccount;

const count = () =>
  z
    .number({ error: 'must be a number' })
    .int({ error: 'must be a whole number' })
    .min(1, { error: 'must be at least 1' });
/** a rate limit: requests a minute, also the burst */
const perMinute = (fallback: number) =>
  count().max(10_000, { error: 'must be at most 10000' }).default(fallback);
/** how many clients (or orders) a rate limit tracks at once */
const tracked = () => count().default(10_000);

const Options = z.object({
  client: z.custom<PayClient>(
    (v) =>
      isObject(v) &&
      hasMethods(v['virtualAccounts'], 'createDynamic') &&
      hasMethods(v['transactions'], 'list'),
    { error: 'must be a PayClient from @pay-elements/api' },
  ),
  store: z
    .custom<PayStore>(isStore, {
      error:
        'must be a store (MemoryStore, SqliteStore, PostgresStore, D1Store or your own): ' +
        '{sessions, outbox, webhookEvents, watch, close()}',
    })
    .optional(),
  resolveOrder: fn<PayHandlerOptions['resolveOrder']>('orderId → {amount, currency, customer_id} | null'),
  onPaid: fn<NonNullable<PayHandlerOptions['onPaid']>>('session → void').optional(),
  lifespanMinutes: z
    .number({ error: 'must be a number of minutes' })
    .int({ error: 'must be a whole number of minutes' })
    .min(minLifespanMinutes, { error: `must be at least ${minLifespanMinutes} minute` })
    .max(maxLifespanMinutes, { error: `must be at most ${maxLifespanMinutes} minutes` })
    .default(30),
  basePath: z
    .string({ error: 'must be a string such as "/pay"' })
    .regex(/^(\/[A-Za-z0-9._~-]+)*\/?$/, { error: 'must be a path such as "/pay" (or "/" for the root)' })
    .default('/pay')
    .transform((p) => p.replace(/\/+$/, '')),
  allowedOrigins: z
    .array(
      z.string().refine(
        (o) => {
          try {
            return new URL(o).origin === o;
          } catch {
            return false;
          }
        },
        { error: 'each must be an origin such as "https://shop.example" (scheme, host, port; no path)' },
      ),
      { error: 'must be an array of origins' },
    )
    .default([]),
  clock: z
    .custom<Clock>((v) => hasMethods(v, 'now'), { error: 'must be an object with now(): number' })
    .default({ now: () => Date.now() }),
  webhookSecret: WebhookSecret.optional(),
  webhookVerifier: fn<WebhookVerifier>('({body, headers, now}) → WebhookEvent').optional(),
  webhookToleranceSeconds: z
    .number({ error: 'must be a number of seconds' })
    .positive({ error: 'must be positive' })
    .default(300),
  pollIntervalMs: z
    .number({ error: 'must be a number of milliseconds' })
    .int({ error: 'must be a whole number of milliseconds' })
    .min(0, { error: 'must not be negative' })
    .default(5000),
  onPaidRetryAfterMs: z
    .number({ error: 'must be a number of milliseconds' })
    .int({ error: 'must be a whole number of milliseconds' })
    .min(1000, { error: 'must be at least 1000' })
    .default(300_000),
  checkTimeoutMs: z
    .number({ error: 'must be a number of milliseconds' })
    .int({ error: 'must be a whole number of milliseconds' })
    .min(100, { error: 'must be at least 100' })
    .max(60_000, { error: 'must be at most 60000' })
    .default(3000),
  circuitBreaker: z
    .strictObject(
      {
        failureThreshold: z
          .number({ error: 'must be a number' })
          .int({ error: 'must be a whole number' })
          .min(1, { error: 'must be at least 1' })
          .max(1000, { error: 'must be at most 1000' })
          .default(3),
        cooldownMs: z
          .number({ error: 'must be a number of milliseconds' })
          .int({ error: 'must be a whole number of milliseconds' })
          .min(100, { error: 'must be at least 100' })
          .max(3_600_000, { error: 'must be at most one hour (3600000)' })
          .default(10_000),
      },
      { error: 'must be an object such as { failureThreshold: 3, cooldownMs: 10000 }' },
    )
    .default({ failureThreshold: 3, cooldownMs: 10_000 }),
  logger: z
    .custom<Logger>((v) => hasMethods(v, 'debug', 'info', 'warn', 'error'), {
      error: 'must have debug, info, warn and error methods (console does)',
    })
    .default(defaultLogger),
  logFields: fn<NonNullable<PayHandlerOptions['logFields']>>(
    'request → {field: value} or undefined',
  ).optional(),
  observer: z
    .custom<PayObserver>((v) => typeof v === 'object' && v !== null, { error: 'must be an object' })
    .default({}),
  merchant: z
    .custom<SessionMerchant>((v) => SessionMerchant.safeParse(v).success, {
      error: 'must be {name, logo_url?}: a name of 1 to 120 characters, an absolute http(s) logo URL',
    })
    .optional(),
  checkoutUrl: fn<NonNullable<PayHandlerOptions['checkoutUrl']>>('sessionId → URL string').optional(),
  invoiceUrl: fn<NonNullable<PayHandlerOptions['invoiceUrl']>>('invoiceNumber → URL string').optional(),
  linkCurrency: z
    .string()
    .regex(/^[A-Za-z]{3}$/, { error: 'must be a three-letter currency code such as "NGN"' })
    .transform((c) => c.toUpperCase())
    .optional(),
  linkCacheMs: z
    .number({ error: 'must be a number of milliseconds' })
    .int({ error: 'must be a whole number of milliseconds' })
    .min(0, { error: 'must not be negative' })
    .max(MAX_BANK_CACHE_MS, { error: 'must be at most one day (86400000)' })
    .default(30_000),
  bankCacheMs: z
    .number({ error: 'must be a number of milliseconds' })
    .int({ error: 'must be a whole number of milliseconds' })
    .min(0, { error: 'must not be negative' })
    .max(MAX_BANK_CACHE_MS, {
      error: 'must be at most one day (86400000): the provider allows caching bank lists for a day at most',
    })
    .default(MAX_BANK_CACHE_MS),
  bankSuggestions: z
    .strictObject(
      {
        enabled: z.boolean({ error: 'must be true or false' }),
        perMinute: perMinute(10),
        maxClients: tracked(),
      },
      { error: 'must be an object such as { enabled: true, perMinute: 10 }' },
    )
    .default({ enabled: false, perMinute: 10, maxClients: 10_000 }),
  accountRateLimit: z
    .union(
      [
        z.literal(false),
        z.strictObject({
          perClientPerMinute: perMinute(10),
          perOrderPerMinute: perMinute(3),
          maxKeys: tracked(),
        }),
      ],
      { error: 'must be false or an object such as { perClientPerMinute: 10, perOrderPerMinute: 3 }' },
    )
    .default({ perClientPerMinute: 10, perOrderPerMinute: 3, maxKeys: 10_000 }),
  claimTimeoutMs: z
    .number({ error: 'must be a number of milliseconds' })
    .int({ error: 'must be a whole number of milliseconds' })
    .min(100, { error: 'must be at least 100' })
    .max(600_000, { error: 'must be at most 600000' })
    .default(30_000),
  clientKey: fn<NonNullable<PayHandlerOptions['clientKey']>>('request → string').optional(),
  streams: StreamOptionsSchema,
});

export type PayHandlerConfig = Omit<z.output<typeof Options>, 'store'> & { store: PayStore };

/** Parses the options, or throws a PayConfigError naming each bad option and what it expects. */
export function parseOptions(options: unknown): PayHandlerConfig {
  if (!isObject(options)) throw new PayConfigError('createPayHandler: options must be an object');
  const result = Options.safeParse(options);
  if (!result.success) {
    const fields = issueFields(result.error.issues, (issue) => issue.message);
    const lines = Object.entries(fields).flatMap(([path, messages]) => {
      const name = path === '_' ? 'options' : path;
      return messages.map((message) => `option "${name}" ${message}`);
    });
    throw new PayConfigError(`createPayHandler: ${lines.join('; ')}`);
  }
  return { ...result.data, store: result.data.store ?? new MemoryStore() };
}

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
});
