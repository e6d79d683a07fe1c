// The service's environment, read once and parsed with zod: the variables server-example reads (the
// provider, the store, the listener and its limits, logs, metrics, the stop), which both programs share
// through `commonEnv`, and the service's own (its keys, where notifications go, the shoppers' origins,
// the merchant). A wrong value stops the start with a message naming the variable and what it expects.
import * as z from 'zod';
import { WebhookSecret } from '@pay-elements/api';
import { issueFields, issueMessage } from '@pay-elements/server';

const port = (fallback: number) =>
  z.coerce
    .number({ error: 'must be a port number' })
    .int('must be a whole number')
    .min(0, 'must be 0 to 65535')
    .max(65_535, 'must be 0 to 65535')
    .default(fallback);

const flag = () =>
  z
    .enum(['0', '1', 'true', 'false'], { error: 'must be 1 or 0' })
    .default('0')
    .transform((value) => value === '1' || value === 'true');

const ms = (min: number, max: number, fallback: number) =>
  z.coerce
    .number({ error: 'must be a number of milliseconds' })
    .int('must be a whole number of milliseconds')
    .min(min, `must be at least ${min}`)
    .max(max, `must be at most ${max}`)
    .default(fallback);

/** 127.0.0.0/8, ::1 and localhost: reachable from this machine only. */
export function isLoopback(host: string): boolean {
  const bare = host.replace(/^\[|\]$/g, '').toLowerCase();
  return bare === 'localhost' || bare === '::1' || /^127(\.\d{1,3}){3}$/.test(bare);
}

/**
 * The origin of a host and port, `http://host:port`, an IPv6 literal in brackets (`http://[::1]:3000`):
 * every URL built from HOST (the default PUBLIC_URL, the kit's own origin, the emulator's webhook URL).
 */
export function hostOrigin(host: string, port: number): string {
  const bare = host.replace(/^\[|\]$/g, '');
  return `http://${bare.includes(':') ? `[${bare}]` : bare}:${port}`;
}

/** Whether a URL's host is loopback (`isLoopback`); a URL that does not parse has its own issue. */
function isLoopbackUrl(url: string): boolean {
  return !URL.canParse(url) || isLoopback(new URL(url).hostname);
}

/**
 * Emulator mode: no PAY_API_KEY, so the emulator stands in for the provider, whose keys and webhook
 * secret are public: not a real provider, nothing is real money. The one flag every banner, log line
 * and notification reads (`livemode` is its opposite).
 */
export function emulatorMode(config: Pick<CommonConfig, 'PAY_API_KEY'>): boolean {
  return !config.PAY_API_KEY;
}

/** What the start-up banner says in emulator mode. */
export const EMULATOR_BANNER = 'emulator mode: not a real provider, nothing here is real money';

/**
 * The variables the service and server-example both read, `defaultDb` being where each keeps its
 * SQLite file when PAY_DB is unset.
 */
export function commonEnv(defaultDb: string) {
  return {
    PORT: port(3000),
    HOST: z.string().min(1).default('127.0.0.1'),
    /** the public origin of this server, for links in pages (default http://HOST:PORT) */
    PUBLIC_URL: z.url({ error: 'must be an absolute URL such as https://shop.example' }).optional(),
    /**
     * `1` when a proxy stands in front: its `X-Forwarded-Proto` is believed for HSTS, and the last
     * address of its `X-Forwarded-For` is the client's for rate limits (else every shopper would be
     * the proxy). Off by default, since anyone can send those headers to a server reached directly.
     */
    TRUST_PROXY: flag(),
    /**
     * `1` to serve the emulator on a HOST other than loopback on purpose (a public demo): its keys and
     * webhook secret are public, so nothing real may depend on it.
     */
    PAY_DEMO_PUBLIC: flag(),
    /**
     * the origins of the merchant's pages (or an app's) that may show the hosted checkout in an iframe
     * and hear its outcomes (posted to the parent window on those origins only), comma-separated; none:
     * the hosted pages may not be framed at all (`frame-ancestors 'none'`)
     */
    PAY_FRAME_ORIGINS: commaList()
      .pipe(z.array(frameOrigin).max(20, 'must list at most 20 origins'))
      .default([]),
    ...providerEnv(),
    /** `text` (readable, the default) or `json` (one object per line, pino's shape) */
    PAY_LOG_FORMAT: z.enum(['text', 'json'], { error: 'must be text or json' }).default('text'),
    /** the Prometheus metrics listener's port (GET /metrics); none when unset */
    PAY_METRICS_PORT: z.coerce
      .number({ error: 'must be a port number' })
      .int('must be a whole number')
      .min(0, 'must be 0 to 65535')
      .max(65_535, 'must be 0 to 65535')
      .optional(),
    /** the metrics listener's interface; loopback by default, so that only this machine scrapes it */
    PAY_METRICS_HOST: z.string().min(1).default('127.0.0.1'),
    /** SQLite file of the kit's state; `:memory:` keeps it in memory */
    PAY_DB: z.string().min(1).default(defaultDb),
    /** PostgreSQL, shared by several instances; takes the place of PAY_DB when set */
    PAY_DATABASE_URL: z
      .string()
      .regex(/^postgres(ql)?:\/\/\S+$/, 'must be a PostgreSQL URL such as postgres://user@host:5432/shop')
      .optional(),
    /**
     * the in-process emulator's state file; default beside PAY_DB (sandbox.json), none when PAY_DB is
     * `:memory:`, so the emulator lives as long as the sessions that point at its accounts
     */
    PAY_SANDBOX_DATA: z.string().min(1).optional(),
    ...mailEnv(),
    ...limitsEnv(),
  };
}

/** The receipt emails' mail server and sender: none are sent when PAY_SMTP_URL is unset. */
function mailEnv() {
  return {
    /**
     * the SMTP server receipt emails go through: `smtp://user:password@host:587` (STARTTLS when the
     * server offers it) or `smtps://…:465` (TLS from the start)
     */
    PAY_SMTP_URL: z
      .string()
      .refine((value) => URL.canParse(value) && /^smtps?:$/.test(new URL(value).protocol), {
        error: 'must be an SMTP URL such as smtp://user:password@mail.example:587 or smtps://…:465',
      })
      .optional(),
    /** who the receipt emails are from: `shop@example.com` or `Acme Stores <shop@example.com>` */
    PAY_MAIL_FROM: z
      .string()
      .max(320, 'must be at most 320 characters')
      .regex(/^(?:[^<>\r\n]*<[^\s<>@]+@[^\s<>@]+>|[^\s<>@]+@[^\s<>@]+)$/, {
        error: 'must be an address such as shop@example.com or "Acme Stores <shop@example.com>"',
      })
      .optional(),
  };
}

/** The provider: its key, base URL and webhook secret (none of them: the emulator), the links' secret. */
function providerEnv() {
  return {
    PAY_API_KEY: z.string().min(1, 'must not be empty').optional(),
    PAY_BASE_URL: z
      .url({ error: 'must be the provider base URL, e.g. https://api.provider.example' })
      .optional(),
    /** the provider's Standard Webhooks secret, `whsec_` + base64 */
    PAY_WEBHOOK_SECRET: WebhookSecret.optional(),
    /**
     * signs the invoice, funding and receipt links (the kit's `tokenSecret`): the same on every
     * instance, kept as long as links sent out should work; with the emulator, a fixed demo secret when unset
     */
    PAY_TOKEN_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
    PAY_SANDBOX_PORT: port(4010),
  };
}

/** The connection cap, the timeouts and the intervals of the kit, the stop, the demo's lifespan. */
function limitsEnv() {
  return {
    /**
     * the most connections open at once. Past it a new connection is closed at once (a few are kept a
     * moment to answer 503, or a health check), so the process never runs out of file descriptors.
     * Keep it below the open-files limit (`ulimit -n`) with room for the store, the emulator and the logs
     */
    PAY_MAX_CONNECTIONS: z.coerce
      .number({ error: 'must be a number of connections' })
      .int('must be a whole number')
      .min(1, 'must be at least 1')
      .max(1_000_000, 'must be at most 1000000')
      .default(900),
    /**
     * one client's share (an address; an IPv6 /64) of those, held to only when the instance is crowded
     * (a tenth below the cap): from there its new connections are refused, and at the cap a client past
     * its share gives way (its newest idle connection closed) to a client within its own. Below it a
     * busy address (shoppers behind a carrier's NAT) is served. Default a tenth of
     * PAY_MAX_CONNECTIONS (at least 8). Not applied with TRUST_PROXY=1 (every connection is the proxy's:
     * the proxy keeps the share, nginx's `limit_conn`)
     */
    PAY_MAX_CONNECTIONS_PER_CLIENT: z.coerce
      .number({ error: 'must be a number of connections' })
      .int('must be a whole number')
      .min(1, 'must be at least 1')
      .max(1_000_000, 'must be at most 1000000')
      .optional(),
    /** how long a client may take to send a request's headers, ms (slow clients are cut off) */
    HEADERS_TIMEOUT_MS: ms(100, 3_600_000, 10_000),
    /** how long a client may take to send a whole request, ms; at least HEADERS_TIMEOUT_MS */
    REQUEST_TIMEOUT_MS: ms(100, 3_600_000, 30_000),
    /** the least time between two merchant-wide provider checks, for all instances together, ms */
    PAY_POLL_INTERVAL_MS: ms(100, 600_000, 5000),
    /** how long a claimed onPaid delivery is left to its instance before another retries it, ms */
    PAY_ONPAID_RETRY_AFTER_MS: ms(100, 86_400_000, 300_000),
    /** how often the kit's sweep runs (pending sessions checked, owed deliveries retried), ms */
    PAY_SWEEP_INTERVAL_MS: ms(100, 3_600_000, 10_000),
    /**
     * how long a stop (SIGTERM) may take, ms: requests under way and deliveries finish within it; past
     * it what is left is cut (an unfinished delivery stays owed, delivered by another instance)
     */
    PAY_SHUTDOWN_GRACE_MS: ms(0, 600_000, 10_000),
    /**
     * how long a stopping instance keeps taking connections after readiness turned 503, ms, so that a
     * balancer that learns of readiness by polling (Kubernetes) stops sending before the port closes
     */
    PAY_SHUTDOWN_DELAY_MS: ms(0, 600_000, 0),
    PAY_LIFESPAN_MINUTES: z.coerce
      .number({ error: 'must be a number of minutes' })
      .int('must be a whole number of minutes')
      .min(1, 'must be at least 1 minute')
      .max(10_080, 'must be at most 10080 minutes (a week)')
      .default(30),
  };
}

/** What the service and server-example both read (the operations, the provider, the store). */
export type CommonConfig = z.infer<z.ZodObject<ReturnType<typeof commonEnv>>>;

/** The checks across variables that both programs make. */
export function commonChecks(env: CommonConfig, ctx: z.RefinementCtx): void {
  if (Boolean(env.PAY_API_KEY) !== Boolean(env.PAY_BASE_URL)) {
    ctx.addIssue({
      code: 'custom',
      path: [env.PAY_API_KEY ? 'PAY_BASE_URL' : 'PAY_API_KEY'],
      message:
        'PAY_API_KEY and PAY_BASE_URL go together: set both to use a provider, or neither for the emulator',
    });
  }
  if (emulatorMode(env) && !env.PAY_DEMO_PUBLIC) refuseDeployedEmulator(env, ctx);
  if (env.REQUEST_TIMEOUT_MS < env.HEADERS_TIMEOUT_MS) {
    ctx.addIssue({
      code: 'custom',
      path: ['REQUEST_TIMEOUT_MS'],
      message: 'must be at least HEADERS_TIMEOUT_MS (the headers are part of the request)',
    });
  }
  if (env.PAY_SMTP_URL && !env.PAY_MAIL_FROM) {
    ctx.addIssue({
      code: 'custom',
      path: ['PAY_MAIL_FROM'],
      message: 'must be set with PAY_SMTP_URL: the address receipt emails are sent from',
    });
  }
  if (env.PAY_API_KEY && !env.PAY_TOKEN_SECRET) {
    ctx.addIssue({
      code: 'custom',
      path: ['PAY_TOKEN_SECRET'],
      message:
        'must be a random secret of at least 32 characters: it signs the invoice, funding and receipt links',
    });
  }
}

/** What the emulator's guard says after naming the variable: why, and the three ways out. */
const EMULATOR_WAYS_OUT =
  'and with no PAY_API_KEY the emulator is served, whose keys and webhook secret are public (not a ' +
  'real provider, nothing is real money): set PAY_API_KEY and PAY_BASE_URL for a provider, or ' +
  'PAY_DEMO_PUBLIC=1 for a public demo on purpose';

/**
 * Fails closed: the emulator only where nothing but this machine reaches it, a loopback HOST and
 * PUBLIC_URL (or none) and no TRUST_PROXY (a proxy in front, such as the docs' nginx on loopback,
 * serves it to the world).
 */
function refuseDeployedEmulator(env: CommonConfig, ctx: z.RefinementCtx): void {
  if (!isLoopback(env.HOST))
    ctx.addIssue({
      code: 'custom',
      path: ['HOST'],
      message: `is not a loopback address, ${EMULATOR_WAYS_OUT}; or listen on 127.0.0.1`,
    });
  if (env.PUBLIC_URL && !isLoopbackUrl(env.PUBLIC_URL))
    ctx.addIssue({
      code: 'custom',
      path: ['PUBLIC_URL'],
      message: `is not a loopback address (the server looks deployed), ${EMULATOR_WAYS_OUT}`,
    });
  if (env.TRUST_PROXY)
    ctx.addIssue({
      code: 'custom',
      path: ['TRUST_PROXY'],
      message: `is set, so a proxy serves this server to others, ${EMULATOR_WAYS_OUT}`,
    });
}

/** A service key: long enough to be a secret, one line of printable characters. */
const ServiceKey = z
  .string()
  .min(32, 'each key must be at least 32 characters (a random secret)')
  .max(256, 'each key must be at most 256 characters')
  .regex(/^[\x21-\x7e]+$/, 'each key must be printable characters with no spaces')
  .refine((key) => new Set(key).size >= 8, 'each key must be random, not a repeated few characters');

/** A comma-separated list, its parts trimmed and the empty ones left out. */
const commaList = (unset?: string) =>
  z.string(unset ? { error: unset } : undefined).transform((value) =>
    value
      .split(',')
      .map((part) => part.trim())
      .filter(Boolean),
  );

const origin = z.string().refine(
  (value) => {
    try {
      return new URL(value).origin === value;
    } catch {
      return false;
    }
  },
  { error: 'each must be an origin such as https://shop.example (scheme, host, port; no path)' },
);

/** A frame's origin: an origin (as `origin`), http or https, never `*`. */
const frameOrigin = z.string().refine(
  (value) => {
    try {
      const url = new URL(value);
      return (url.protocol === 'https:' || url.protocol === 'http:') && url.origin === value;
    } catch {
      return false;
    }
  },
  { error: 'each must be an origin such as https://shop.example (scheme, host, port; no path, no *)' },
);

const ServiceEnv = z
  .object({
    ...commonEnv('data/pay-service.sqlite'),
    /**
     * the keys the merchant's servers call /api with (`Authorization: Bearer <key>`), comma-separated
     * so that a key can be rotated: add the new one, move the callers, remove the old
     */
    PAY_SERVICE_KEYS: commaList(
      'must be set: the keys your servers call /api with, comma-separated (each a random secret of 32 characters or more)',
    ).pipe(z.array(ServiceKey).min(1, 'must list at least one key')),
    /** where the notifications are posted (the merchant's endpoint); none are sent when unset */
    PAY_NOTIFY_URL: z
      .url({ error: 'must be an absolute URL such as https://shop.example/hooks/pay' })
      .optional(),
    /**
     * the Standard Webhooks secrets the notifications are signed with, `whsec_` + base64, separated by
     * spaces or commas: each signs every notification, so that a secret can be rotated (add the new,
     * move the endpoint to it, remove the old)
     */
    PAY_NOTIFY_SECRET: z
      .string()
      .transform((value) => value.split(/[\s,]+/).filter(Boolean))
      .pipe(
        z.array(WebhookSecret).min(1, 'must name at least one secret').max(5, 'must name at most 5 secrets'),
      )
      .optional(),
    /** how long the merchant's endpoint may take to answer a notification, ms (then it is retried) */
    PAY_NOTIFY_TIMEOUT_MS: ms(100, 60_000, 15_000),
    /**
     * the waits before each retry of a notification, ms, comma-separated; default 5 s, 30 s, 2 min,
     * 10 min, 30 min, 1 h, 2 h, 4 h, 8 h, 12 h, 24 h (about 52 hours), after which it is given up
     */
    PAY_NOTIFY_RETRY_MS: commaList()
      .pipe(
        z
          .array(
            z
              .string()
              .regex(/^\d{1,12}$/, 'each must be a whole number of milliseconds')
              .transform(Number)
              .pipe(
                z
                  .number()
                  .min(10, 'each must be at least 10')
                  .max(7 * 86_400_000, 'each must be at most a week'),
              ),
          )
          .min(1, 'must list at least one wait')
          .max(50, 'must list at most 50 waits'),
      )
      .optional(),
    /** the origins of the merchant's own pages that embed the elements (CORS on /pay), comma-separated */
    PAY_ALLOWED_ORIGINS: commaList().pipe(z.array(origin)).default([]),
    /**
     * the shop's own site, where the hosted invoice, accounts and receipt pages' "Back to …" link goes;
     * no such link when unset (the service has no shop page of its own)
     */
    PAY_SHOP_URL: z.url({ error: 'must be an absolute URL such as https://shop.example' }).optional(),
    /** who asks for the money, as the hosted pages name it */
    PAY_MERCHANT_NAME: z.string().min(1).max(120, 'must be at most 120 characters').optional(),
    /** the merchant's logo on the hosted pages, an absolute https URL */
    PAY_MERCHANT_LOGO_URL: z.url({ error: 'must be an absolute URL of an image' }).optional(),
    /** the currencies a customer's own accounts are opened in (POST /api/funding-links) */
    PAY_FUNDING_CURRENCIES: commaList()
      .pipe(
        z
          .array(
            z
              .string()
              .regex(/^[A-Za-z]{3}$/, 'each must be a three-letter currency code')
              .transform((code) => code.toUpperCase()),
          )
          .min(1, 'must name at least one currency'),
      )
      .default(['NGN', 'USD']),
  })
  .superRefine((env, ctx) => {
    commonChecks(env, ctx);
    if (Boolean(env.PAY_NOTIFY_URL) !== Boolean(env.PAY_NOTIFY_SECRET)) {
      ctx.addIssue({
        code: 'custom',
        path: [env.PAY_NOTIFY_URL ? 'PAY_NOTIFY_SECRET' : 'PAY_NOTIFY_URL'],
        message:
          'PAY_NOTIFY_URL and PAY_NOTIFY_SECRET go together: notifications are signed (whsec_ + base64)',
      });
    }
  });

export type ServiceConfig = z.infer<typeof ServiceEnv>;

/** The variables the service reads, in the order they are declared. */
export const serviceVariables: readonly string[] = Object.keys(ServiceEnv.shape);

export class ConfigError extends Error {
  override readonly name = 'ConfigError';
  /** each problem on its own, its variable first (`pay-service check` lists them a line each) */
  readonly problems: readonly string[];
  constructor(message: string, problems: readonly string[] = [message]) {
    super(message);
    this.problems = problems;
  }
}

/** Parses `env` with `schema`; empty variables count as unset. Throws a ConfigError naming each problem. */
export function parseEnv<T>(schema: z.ZodType<T>, env: Readonly<Record<string, string | undefined>>): T {
  const present = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined && v !== ''));
  // zod's own text where a schema gives none ("Invalid input: expected string, received undefined")
  // is said in plain words: a variable left unset "must be set", the rest by the one issue mapping
  const parsed = schema.safeParse(present, {
    error: (issue) =>
      issue.code === 'invalid_type' && issue.input === undefined
        ? 'must be set'
        : issueMessage(issue as z.core.$ZodIssue),
  });
  if (!parsed.success) {
    const fields = issueFields(parsed.error.issues, (issue) => issue.message);
    // the variable, not the item of its list (`PAY_SERVICE_KEYS`, never `PAY_SERVICE_KEYS.0`)
    const problems = Object.entries(fields).flatMap(([path, messages]) =>
      messages.map((message) => `${path === '_' ? '' : path.split('.')[0]} ${message}`),
    );
    throw new ConfigError(`invalid environment: ${problems.join('; ')}`, problems);
  }
  return parsed.data;
}

/** The service's configuration from the environment. */
export function readServiceConfig(env: Readonly<Record<string, string | undefined>>): ServiceConfig {
  return parseEnv(ServiceEnv, env);
}

/** The secrets of a configuration, which no log line may show. */
export function configSecrets(config: Partial<ServiceConfig> & CommonConfig): string[] {
  return [
    config.PAY_API_KEY,
    config.PAY_WEBHOOK_SECRET,
    config.PAY_TOKEN_SECRET,
    ...(config.PAY_NOTIFY_SECRET ?? []),
    ...(config.PAY_SERVICE_KEYS ?? []),
    smtpPassword(config.PAY_SMTP_URL),
  ].filter((s): s is string => Boolean(s));
}

/** The password in an SMTP URL, if any (a secret like the others). */
function smtpPassword(url: string | undefined): string | undefined {
  if (!url || !URL.canParse(url)) return undefined;
  const password = new URL(url).password;
  return password ? decodeURIComponent(password) : undefined;
}
