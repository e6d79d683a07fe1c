// The kit's core options, described once: the schema below holds each option's meaning, its check and
// its default; each flow describes its own (flows/<name>/options.ts) and the registry merges them
// (flows/index.ts). The TypeScript type comes from the schema, and the README's table is generated
// from it (`optionsTable`, held to the README by options.test.ts). Parsed once when the handler is
// created: a bad option fails there, with a message naming it and saying what it expects.
import * as z from 'zod';
import { WebhookSecret, type PayClient, type WebhookEvent } from '@pay-elements/api';
import { SessionMerchant } from '@pay-elements/protocol';
import type { Clock } from './clock.js';
import type { PayStore } from './store/contract.js';
import { PayConfigError } from './errors.js';
import type { AnyKitEvent } from './flow.js';
import type { EventDeliveries } from './outbox/events.js';
import { defaultLogger, type LogFields, type Logger } from './log.js';
import type { PayObserver } from './observer.js';
import { issueFields } from './http/input.js';
import { StreamOptionsSchema } from './streams/options.js';

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

/** The waits after each failed delivery of an event: from seconds to about a day in all. */
const EVENT_RETRY_MS = [5, 30, 120, 600, 1800, 3600, 7200, 14_400, 28_800, 36_000].map((s) => s * 1000);

/** The least a token secret must carry, in bits, as its characters' spread estimates it. */
const MIN_SECRET_BITS = 96;

/**
 * A secret's bits as the spread of its characters estimates them (Shannon's entropy of the
 * characters, times the length): 32 identical characters carry none, 32 random base64 ones about 150.
 */
export function secretBits(secret: string): number {
  const characters = [...secret];
  const counts = new Map<string, number>();
  for (const c of characters) counts.set(c, (counts.get(c) ?? 0) + 1);
  let perCharacter = 0;
  for (const n of counts.values()) {
    const p = n / characters.length;
    perCharacter -= p * Math.log2(p);
  }
  return perCharacter * characters.length;
}

export function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null;
}

export function hasMethods(value: unknown, ...names: string[]): boolean {
  return isObject(value) && names.every((name) => typeof value[name] === 'function');
}

/** Whether a value has the store's blocks (store/contract.ts), each with its methods, and close(). */
function isStore(value: unknown): boolean {
  if (!isObject(value) || typeof value['close'] !== 'function') return false;
  return (
    hasMethods(value['records'], 'get', 'list', 'commit') &&
    hasMethods(value['outbox'], 'due', 'lease', 'done') &&
    hasMethods(value['once'], 'seen', 'remember', 'forgetBefore') &&
    hasMethods(value['changes'], 'subscribe')
  );
}

/** An option that is a function: `what` says what it takes and answers. */
export const fn = <T>(what: string) =>
  z.custom<T>((v) => typeof v === 'function', { error: `must be a function (${what})` });

/** An option that is a whole number of milliseconds. */
export const ms = () =>
  z
    .number({ error: 'must be a number of milliseconds' })
    .int({ error: 'must be a whole number of milliseconds' });

/** An option that is a whole number, at least 1. */
export const count = () =>
  z
    .number({ error: 'must be a number' })
    .int({ error: 'must be a whole number' })
    .min(1, { error: 'must be at least 1' });
/** a rate limit: requests a minute, also the burst */
export const perMinute = (fallback: number) =>
  count().max(10_000, { error: 'must be at most 10000' }).default(fallback);
/** how many clients (or orders) a rate limit tracks at once */
export const tracked = () => count().default(10_000);

export const coreOptions = {
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
        '{records, outbox, once, changes, close()}',
    })
    .optional()
    .meta({
      description:
        'Where every flow keeps its state: `SqliteStore` to survive restarts, `PostgresStore` for several instances, `D1Store` on Workers, or your own (13 methods, see *Store*).',
      default: 'a `MemoryStore` (lost on restart)',
    }),
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
    .describe(
      "How long a merchant callback owed (a flow's, such as onPaid) that failed, or whose instance died, is left alone before `sweep()` retries it, ms.",
    ),
  onEvent: fn<(event: AnyKitEvent) => void | Promise<void>>('event → void')
    .optional()
    .describe(
      "`(event)`: every kit event (`session.paid`, `session.expired`, and each flow's, listed under *Events*) at least once, through the store, by whichever instance is alive; throw to have it retried.",
    ),
  eventDeliveries: z
    .custom<EventDeliveries>(
      (v) =>
        isObject(v) &&
        (v['writes'] === undefined || typeof v['writes'] === 'function') &&
        (v['owed'] === undefined || typeof v['owed'] === 'function'),
      { error: 'must be an object of functions ({ writes?(event, now), owed?(ids) })' },
    )
    .optional()
    .describe(
      "`{ writes?(event, now), owed?(ids) }`: the host's own delivery of every kit event, of any type, on the kit's outbox (pay-service's notifications): owed on topic `events.host` with `writes`' records in the transition's commit, then leased and delivered by the host itself.",
    ),
  eventRetryMs: z
    .array(ms().min(100, { error: 'each must be at least 100' }), {
      error: 'must be an array of milliseconds',
    })
    .min(1, { error: 'must have at least one step' })
    .default([...EVENT_RETRY_MS])
    .meta({
      description:
        'The waits after each failed delivery of an event (`onEvent`, a flow reacting to one), ms; past the last it is given up with an error line.',
      default: '5 s, 30 s, 2 min, 10 min, 30 min, 1 h, 2 h, 4 h, 8 h, 10 h (about a day)',
    }),
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
  tokenSecret: z
    .string({ error: 'must be a string' })
    .min(32, { error: 'must be at least 32 characters (a random secret of the shop)' })
    .refine((secret) => secretBits(secret) >= MIN_SECRET_BITS, {
      error: `has too little variety to be a secret (a random one: \`openssl rand -base64 32\`)`,
    })
    .optional()
    .meta({
      description:
        "The secret that signs the flows' tokens (the links a browser opens without signing in): the same on every instance, kept as long as links sent out should work; a new one ends every link made with the old.",
      default: 'random per process (tokens die with it; a warning says so)',
    }),
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
  streams: StreamOptionsSchema,
};

/** The core options' values once parsed; the store is filled in. */
export type CoreConfig = Omit<z.output<z.ZodObject<typeof coreOptions>>, 'store'> & { store: PayStore };
export type CircuitBreakerOptions = NonNullable<z.input<z.ZodObject<typeof coreOptions>>['circuitBreaker']>;

/**
 * Parses createPayHandler's options against `schema` (the core's and every flow's), or throws a
 * PayConfigError naming each bad option and what it expects.
 */
export function parseOptions<S extends z.ZodType>(schema: S, options: unknown): z.output<S> {
  if (!isObject(options)) throw new PayConfigError('createPayHandler: options must be an object');
  const result = schema.safeParse(options);
  if (result.success) return result.data;
  const fields = issueFields(result.error.issues, (issue) => issue.message);
  const lines = Object.entries(fields).flatMap(([path, messages]) => {
    const name = path === '_' ? 'options' : path;
    return messages.map((message) => `option "${name}" ${message}`);
  });
  throw new PayConfigError(`createPayHandler: ${lines.join('; ')}`);
}

/** The rules between core options, checked once they each parse. */
export function checkCoreOptions(
  config: Pick<CoreConfig, 'webhookEventRetentionMs' | 'webhookToleranceSeconds'>,
): void {
  // a replay within the tolerance must still find its id remembered
  if (config.webhookEventRetentionMs < config.webhookToleranceSeconds * 1000)
    throw new PayConfigError(
      `createPayHandler: option "webhookEventRetentionMs" must be at least the webhook tolerance ` +
        `(${config.webhookToleranceSeconds * 1000} ms): a replay signed within it would be taken again`,
    );
}

/** One row of the options table. */
export interface OptionRow {
  name: string;
  /** the default as the README says it, or `required` / `none` */
  default: string;
  description: string;
}

type Shape = Readonly<Record<string, z.ZodType>>;

/** The options of `shape`, one row each (nested ones by their dotted name). */
export function optionRowsOf(shape: Shape): OptionRow[] {
  return optionRows(shape, '');
}

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
