// The kit's options, described once: the schema below holds each option's meaning, its check and its
// default; the TypeScript type comes from it, and the README's table is generated from it
// (`optionsTable`, held to the README by options.test.ts). Parsed once when the handler is created: a
// bad option fails there, with a message naming it and saying what it expects.
import * as z from 'zod';
import { SessionDisplay, SessionMerchant } from '@pay-elements/protocol';
import {
  decimal,
  defaultConventions,
  WebhookSecret,
  type PayClient,
  type WebhookEvent,
} from '@pay-elements/api';
import type { DepositRecord, PayStore, SessionRecord } from './store/parts.js';
import type { Clock } from './clock.js';
import { MemoryStore } from './store/memory.js';
import { PayConfigError } from './errors.js';
import { defaultLogger, type LogFields, type Logger } from './log.js';
import type { PayObserver } from './observer.js';
import { issueFields } from './http/input.js';
import { StreamOptionsSchema } from './streams/options.js';

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

/** What opening a customer's own accounts needs, from the merchant's `funding.customer`. */
export interface FundingCustomer {
  /** the customer's identity number: for NGN accounts, the 11-digit BVN */
  id_number?: string;
  /** the banks to open the customer's accounts at (`GET /v1/banks/{country}` codes), one account each */
  codes?: string[];
}

/** What a webhook verifier is given: the raw body, the headers and now (unix seconds). */
export interface WebhookVerifyInput {
  body: string;
  headers: Headers;
  now: number;
}
export type WebhookVerifier = (input: WebhookVerifyInput) => WebhookEvent | Promise<WebhookEvent>;

export type { Clock } from './clock.js';

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

const ms = () =>
  z
    .number({ error: 'must be a number of milliseconds' })
    .int({ error: 'must be a whole number of milliseconds' });

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
  client: z
    .custom<PayClient>(
      (v) =>
        isObject(v) &&
        hasMethods(v['virtualAccounts'], 'createDynamic') &&
        hasMethods(v['transactions'], 'list'),
      { error: 'must be a PayClient from @pay-elements/api' },
    )
    .describe('A `PayClient` from `@pay-elements/api` (it holds the secret key).'),
  store: z
    .custom<PayStore>(isStore, {
      error:
        'must be a store (MemoryStore, SqliteStore, PostgresStore, D1Store or your own): ' +
        '{sessions, outbox, webhookEvents, watch, close()}',
    })
    .optional()
    .meta({
      description:
        'Where sessions, claims and deliveries owed live: `SqliteStore` to survive restarts, `PostgresStore` for several instances, `D1Store` on Workers, or your own, part by part (see *Store*).',
      default: 'a `MemoryStore` (lost on restart)',
    }),
  resolveOrder: fn<(orderId: string, context: OrderContext) => Order | null | Promise<Order | null>>(
    'orderId → {amount, currency, customer_id} | null',
  ).describe(
    '`(orderId, {request, clientAddress})` → `{amount: "5000.00", currency, customer_id}`, or `null` for an unknown order, or one this request may not pay: `request` is the shopper\'s request (cookies, `Authorization`), `clientAddress` the socket address when served through `toNodeListener`. Amount and customer come only from here, never from the browser; an invalid answer is a 500 and a log line. It may add `display: {order?: {title, reference?}, return_url?, merchant?}`: what the hosted checkout shows, stored with the session so every instance shows the same.',
  ),
  onDeposit: fn<(deposit: DepositRecord) => void | Promise<void>>('deposit → void')
    .optional()
    .describe(
      "`(deposit)`: called once per deposit into a customer's own accounts (`funding`), whether a webhook or the watcher brought it, after it is recorded: credit the customer's balance here, by `deposit.id` (see *Customers' own accounts*).",
    ),
  onPaid: fn<(session: SessionRecord) => void | Promise<void>>('session → void')
    .optional()
    .describe(
      '`(session)`: called once per paid session, after the transition is committed (see *onPaid delivery*).',
    ),
  lifespanMinutes: z
    .number({ error: 'must be a number of minutes' })
    .int({ error: 'must be a whole number of minutes' })
    .min(minLifespanMinutes, { error: `must be at least ${minLifespanMinutes} minute` })
    .max(maxLifespanMinutes, { error: `must be at most ${maxLifespanMinutes} minutes` })
    .default(30)
    .describe('Lifespan of each single-use account, in minutes (1 … 10080).'),
  basePath: z
    .string({ error: 'must be a string such as "/pay"' })
    .regex(/^(\/[A-Za-z0-9._~-]+)*\/?$/, { error: 'must be a path such as "/pay" (or "/" for the root)' })
    .default('/pay')
    .transform((p) => p.replace(/\/+$/, ''))
    .describe('Where the routes are mounted; `/` for the root.'),
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
    .default([])
    .describe(
      'Exact origins (`https://shop.example`) allowed to call from a browser (CORS); none unless listed.',
    ),
  clock: z
    .custom<Clock>((v) => hasMethods(v, 'now'), { error: 'must be an object with now(): number' })
    .default({ now: () => Date.now() })
    .meta({ description: '`{ now(): number }` in epoch ms; injected in tests.', default: '`Date`' }),
  webhookSecret: WebhookSecret.optional().describe(
    'The Standard Webhooks signing secret, `whsec_` + base64 of 24 to 64 bytes (anything else fails at start, saying what is wrong); without it or `webhookVerifier`, `POST /webhooks` is not mounted (404).',
  ),
  webhookToleranceSeconds: z
    .number({ error: 'must be a number of seconds' })
    .positive({ error: 'must be positive' })
    .default(300)
    .describe(
      'How far a webhook timestamp may be from now, either way, in seconds, before it is refused as a replay.',
    ),
  webhookVerifier: fn<WebhookVerifier>('({body, headers, now}) → WebhookEvent')
    .optional()
    .describe(
      '`({body, headers, now}) => WebhookEvent`, for a provider that signs another way; throws `SignatureVerificationError` to refuse (400). Replaces the Standard Webhooks check.',
    ),
  webhookEventRetentionMs: ms()
    .min(60_000, { error: 'must be at least one minute (60000)' })
    .default(30 * 24 * 60 * 60 * 1000)
    .meta({
      description:
        'How long a processed webhook event id is remembered (a redelivery within it changes nothing), ms.',
      default: '30 days',
    }),
  pollIntervalMs: ms()
    .min(0, { error: 'must not be negative' })
    .default(5000)
    .describe(
      'The least time between two merchant-wide provider checks, ms (6× longer while webhooks are healthy).',
    ),
  onPaidRetryAfterMs: ms()
    .min(1000, { error: 'must be at least 1000' })
    .default(300_000)
    .describe('How long a claimed onPaid delivery is left alone before `sweep()` retries it, ms.'),
  checkTimeoutMs: ms()
    .min(100, { error: 'must be at least 100' })
    .max(60_000, { error: 'must be at most 60000' })
    .default(3000)
    .describe(
      'Timeout of each provider request of a payment check, ms (100 … 60000): one attempt, no retry; the next poll is the retry.',
    ),
  circuitBreaker: z
    .strictObject(
      {
        failureThreshold: z
          .number({ error: 'must be a number' })
          .int({ error: 'must be a whole number' })
          .min(1, { error: 'must be at least 1' })
          .max(1000, { error: 'must be at most 1000' })
          .default(3)
          .describe('Provider failures in a row (timeouts, dropped connections, 5xx) that open the breaker.'),
        cooldownMs: ms()
          .min(100, { error: 'must be at least 100' })
          .max(3_600_000, { error: 'must be at most one hour (3600000)' })
          .default(10_000)
          .describe('How long an open breaker fails calls at once before one trial call, ms.'),
      },
      { error: 'must be an object such as { failureThreshold: 3, cooldownMs: 10000 }' },
    )
    .default({ failureThreshold: 3, cooldownMs: 10_000 })
    .describe('When to stop asking a provider that is down, and for how long (see *Provider outages*).'),
  logger: z
    .custom<Logger>((v) => hasMethods(v, 'debug', 'info', 'warn', 'error'), {
      error: 'must have debug, info, warn and error methods (console does)',
    })
    .default(defaultLogger)
    .meta({
      description: '`{debug, info, warn, error}(message, fields?)`; `console` fits, pino through `fromPino`.',
      default: 'warnings and errors to the console',
    }),
  logFields: fn<(request: Request) => LogFields | undefined>('request → {field: value} or undefined')
    .optional()
    .describe(
      "`(request)` → fields added to every line the kit writes while answering that request: `(request) => ({ request_id: request.headers.get('x-request-id') })`. Asked for at the request's first line only (a poll that logs nothing never calls it). Lines of work shared by many requests (the watcher's checks and sweeps, the breaker, open streams, onPaid deliveries) carry none.",
    ),
  observer: z
    .custom<PayObserver>((v) => typeof v === 'object' && v !== null, { error: 'must be an object' })
    .default({})
    .meta({
      description:
        'Told of sessions created, paid and expired, webhooks and onPaid timings (`createPayMetrics().observer`).',
      default: 'none',
    }),
  merchant: z
    .custom<SessionMerchant>((v) => SessionMerchant.safeParse(v).success, {
      error: 'must be {name, logo_url?}: a name of 1 to 120 characters, an absolute http(s) logo URL',
    })
    .optional()
    .describe(
      "`{name, logo_url?}`: who asks for the money, sent to the widget as `merchant` (an order's `display.merchant` wins).",
    ),
  checkoutUrl: fn<(sessionId: string) => string>('sessionId → URL string')
    .optional()
    .describe('`(sessionId)` → a hosted page for the session, sent to the widget as `checkout_url`.'),
  invoiceUrl: fn<(invoiceToken: string) => string>('invoiceToken → URL string')
    .optional()
    .describe(
      '`(invoiceToken)` → a hosted page for the invoice, from its token (`pay.invoiceToken(number)`), sent to the widget as `hosted_url`.',
    ),
  tokenSecret: z
    .string({ error: 'must be a string' })
    .min(32, { error: 'must be at least 32 characters (a random secret of the shop)' })
    .optional()
    .meta({
      description:
        'The secret that signs invoice and funding tokens (`pay.invoiceToken`): the same on every instance, kept as long as links sent out should work.',
      default: 'random per process (tokens die with it; a warning says so)',
    }),
  linkCacheMs: ms()
    .min(0, { error: 'must not be negative' })
    .max(MAX_BANK_CACHE_MS, { error: 'must be at most one day (86400000)' })
    .default(30_000)
    .describe(
      'How long the list of payment links is kept before the provider is asked again, ms (0 … one day).',
    ),
  linkCurrency: z
    .string()
    .regex(/^[A-Za-z]{3}$/, { error: 'must be a three-letter currency code such as "NGN"' })
    .transform((c) => c.toUpperCase())
    .optional()
    .describe(
      'The currency payment links are priced in (`"NGN"`), sent as the link view\'s `currency`: the spec\'s links carry none, and an amount with no currency is ambiguous.',
    ),
  bankCacheMs: ms()
    .min(0, { error: 'must not be negative' })
    .max(MAX_BANK_CACHE_MS, {
      error: 'must be at most one day (86400000): the provider allows caching bank lists for a day at most',
    })
    .default(MAX_BANK_CACHE_MS)
    .meta({
      description: "How long a country's bank list is kept, ms (at most a day: the spec's rule).",
      default: 'one day',
    }),
  bankSuggestions: z
    .strictObject(
      {
        enabled: z
          .boolean({ error: 'must be true or false' })
          .describe('Mount `POST /banks/suggest` (else 404).'),
        perMinute: perMinute(10).describe('Suggestions per client per minute (also the burst).'),
        maxClients: tracked().describe('The most clients whose rate is tracked at once.'),
      },
      { error: 'must be an object such as { enabled: true, perMinute: 10 }' },
    )
    .default({ enabled: false, perMinute: 10, maxClients: 10_000 })
    .meta({
      description:
        '`POST /banks/suggest`: off unless enabled (it reveals where an account number has been paid).',
      default: 'off',
    }),
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
  claimTimeoutMs: ms()
    .min(100, { error: 'must be at least 100' })
    .max(600_000, { error: 'must be at most 600000' })
    .default(30_000)
    .describe(
      "The longest an account opening may take, and the longest a request waits for another opening the same order's account (then 503 with Retry-After), ms.",
    ),
  claimLeaseMs: ms()
    .min(100, { error: 'must be at least 100' })
    .max(600_000, { error: 'must be at most 600000' })
    .default(5000)
    .describe(
      'A claim to open an account whose holder has not renewed it for this long (it died) is taken over, ms; a live holder renews it every third of it.',
    ),
  clientKey: fn<(request: Request) => string>('request → string').optional().meta({
    description:
      '`(request)` → who a request comes from, for the rate limits and the stream limits; behind a proxy, the address it sets (see *Behind a proxy*).',
    default: 'the socket address the node adapter recorded, an IPv6 address by its /64',
  }),
  funding: z
    .strictObject(
      {
        currencies: z
          .array(z.string().regex(/^[A-Za-z]{3}$/, { error: 'each must be a three-letter currency code' }), {
            error: 'must be an array of currency codes such as ["NGN", "USD"]',
          })
          .min(1, { error: 'must name at least one currency' })
          .transform((codes) => [...new Set(codes.map((c) => c.toUpperCase()))])
          .describe(
            'The currencies a customer gets an account in, each opened at the first visit: `["NGN", "USD"]`.',
          ),
        customer: fn<(customerId: string) => FundingCustomer | Promise<FundingCustomer>>(
          'customerId → {id_number?, codes?}',
        )
          .optional()
          .describe(
            "`(customerId)` → `{id_number?, codes?}`: what opening the customer's accounts needs, the customer's BVN for NGN (`id_number`) and the banks to open them at (`codes`, one account each).",
          ),
        recentDeposits: count()
          .max(500, { error: 'must be at most 500' })
          .default(20)
          .describe('How many of the latest deposits the funding view lists.'),
        tokenTtlSeconds: count()
          .max(366 * 24 * 3600, { error: 'must be at most a year (31622400)' })
          .default(24 * 3600)
          .describe(
            'How long a funding token made by `pay.fundingToken(customerId)` opens the page, in seconds.',
          ),
      },
      { error: 'must be an object such as { currencies: ["NGN", "USD"] }' },
    )
    .optional()
    .meta({
      description:
        "Customers' own permanent accounts (`GET /funding/{token}`): which currencies, and what opening them needs. Off unless given.",
      default: 'off',
    }),
  streams: StreamOptionsSchema,
});

/** What `createPayHandler` takes. */
export type PayHandlerOptions = z.input<typeof Options>;
/** Each option as the kit holds it once parsed: defaults filled in. */
export type PayHandlerConfig = Omit<z.output<typeof Options>, 'store'> & { store: PayStore };
export type CircuitBreakerOptions = NonNullable<PayHandlerOptions['circuitBreaker']>;
export type BankSuggestionOptions = NonNullable<PayHandlerOptions['bankSuggestions']>;
export type FundingOptions = NonNullable<PayHandlerOptions['funding']>;
export type AccountRateLimitOptions = Exclude<NonNullable<PayHandlerOptions['accountRateLimit']>, false>;

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
  const store = result.data.store ?? new MemoryStore();
  if (result.data.funding && !store.funding)
    throw new PayConfigError(
      'createPayHandler: option "funding" needs a store with a funding part (MemoryStore, SqliteStore, PostgresStore and D1Store have one)',
    );
  return { ...result.data, store };
}

/** The options, one row each (nested ones by their dotted name): the README's table is made from these. */
export function optionsTable(): OptionRow[] {
  return optionRows(Options.shape, '');
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

/** One row of the options table. */
export interface OptionRow {
  name: string;
  /** the default as the README says it, or `required` / `none` */
  default: string;
  description: string;
}

type Shape = Readonly<Record<string, z.ZodType>>;

/** The schema's own default of an option, as text: a literal as JSON, a function by its meta. */
function defaultText(schema: z.ZodType): string {
  const meta = schema.meta();
  if (typeof meta?.['default'] === 'string') return meta['default'];
  // a default before a transform (basePath): the default the merchant would write
  const inner = schema instanceof z.ZodPipe ? (schema.in as z.ZodType) : schema;
  if (inner instanceof z.ZodDefault) {
    const value: unknown = inner.def.defaultValue;
    if (Array.isArray(value) && value.length === 0) return 'none';
    // an object's defaults are its fields', on the rows below it
    if (typeof value === 'object' && value !== null) return 'below';
    if (typeof value === 'string') return `\`${value}\``;
    return `\`${JSON.stringify(value)}\``;
  }
  return schema.safeParse(undefined).success ? 'none' : 'required';
}

/** The object schema inside an option (through its default, optional or union), if it has one. */
function nestedShape(schema: z.ZodType): Shape | null {
  let inner: z.ZodType = schema;
  for (;;) {
    if (inner instanceof z.ZodDefault || inner instanceof z.ZodOptional) inner = inner.unwrap() as z.ZodType;
    else if (inner instanceof z.ZodUnion) {
      const object = inner.options.find((o): o is z.ZodObject => o instanceof z.ZodObject);
      if (!object) return null;
      inner = object;
    } else break;
  }
  return inner instanceof z.ZodObject ? inner.shape : null;
}

function optionRows(shape: Shape, prefix: string): OptionRow[] {
  return Object.entries(shape).flatMap(([key, schema]) => {
    const name = `${prefix}${key}`;
    const row = { name, default: defaultText(schema), description: schema.description ?? '' };
    const nested = nestedShape(schema);
    return nested ? [row, ...optionRows(nested, `${name}.`)] : [row];
  });
}
