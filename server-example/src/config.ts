// server-example's environment, read once and parsed with zod. A wrong value stops the start with a
// message naming the variable and what it expects.
import * as z from 'zod';
import { WebhookSecret } from '@pay-elements/api';
import { issueFields } from '@pay-elements/server';

const port = (fallback: number) =>
  z.coerce
    .number({ error: 'must be a port number' })
    .int('must be a whole number')
    .min(0, 'must be 0 to 65535')
    .max(65_535, 'must be 0 to 65535')
    .default(fallback);

/** 127.0.0.0/8, ::1 and localhost: reachable from this machine only. */
function isLoopback(host: string): boolean {
  const bare = host.replace(/^\[|\]$/g, '').toLowerCase();
  return bare === 'localhost' || bare === '::1' || /^127(\.\d{1,3}){3}$/.test(bare);
}

const Env = z
  .object({
    PORT: port(3000),
    HOST: z.string().min(1).default('127.0.0.1'),
    /** the public origin of this server, for links in pages (default http://HOST:PORT) */
    PUBLIC_URL: z.url({ error: 'must be an absolute URL such as https://shop.example' }).optional(),
    /**
     * `1` when a proxy stands in front: its `X-Forwarded-Proto` is believed for HSTS, and the last
     * address of its `X-Forwarded-For` is the client's for rate limits (else every shopper would be
     * the proxy). Off by default, since anyone can send those headers to a server reached directly.
     */
    TRUST_PROXY: z
      .enum(['0', '1', 'true', 'false'], { error: 'must be 1 or 0' })
      .default('0')
      .transform((value) => value === '1' || value === 'true'),
    /**
     * `1` to serve the emulator on a HOST other than loopback on purpose (a public demo): its keys and
     * webhook secret are public, so nothing real may depend on it.
     */
    PAY_DEMO_PUBLIC: z
      .enum(['0', '1', 'true', 'false'], { error: 'must be 1 or 0' })
      .default('0')
      .transform((value) => value === '1' || value === 'true'),
    PAY_API_KEY: z.string().min(1, 'must not be empty').optional(),
    PAY_BASE_URL: z
      .url({ error: 'must be the provider base URL, e.g. https://api.provider.example' })
      .optional(),
    /** the provider's Standard Webhooks secret, `whsec_` + base64 */
    PAY_WEBHOOK_SECRET: WebhookSecret.optional(),
    /**
     * signs the invoice and funding links (the kit's `tokenSecret`): the same on every instance, kept as
     * long as links sent out should work; with the emulator, a fixed demo secret when unset
     */
    PAY_TOKEN_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
    PAY_SANDBOX_PORT: port(4010),
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
    /** SQLite file for sessions; `:memory:` keeps them in memory */
    PAY_DB: z.string().min(1).default('server-example/data/pay.sqlite'),
    /** PostgreSQL for sessions, shared by several instances; takes the place of PAY_DB when set */
    PAY_DATABASE_URL: z
      .string()
      .regex(/^postgres(ql)?:\/\/\S+$/, 'must be a PostgreSQL URL such as postgres://user@host:5432/shop')
      .optional(),
    /**
     * the in-process emulator's state file; default beside PAY_DB (sandbox.json), none when PAY_DB is
     * `:memory:`, so the emulator lives as long as the sessions that point at its accounts
     */
    PAY_SANDBOX_DATA: z.string().min(1).optional(),
    /** the provider customer the demo orders are charged to (real provider mode) */
    PAY_DEMO_CUSTOMER_ID: z.string().min(1).optional(),
    /**
     * the demo customer's BVN, for opening their own accounts (/fund/{token}); with the emulator a demo
     * number when unset; with a real provider those accounts are offered only when it is set
     */
    PAY_DEMO_CUSTOMER_BVN: z
      .string()
      .regex(/^\d{11}$/, 'must be the 11 digits of a BVN')
      .optional(),
    /**
     * the most connections open at once; past it a new connection's request is answered 503 with
     * Retry-After and the connection closed (health checks still answered), rather than the process
     * running out of file descriptors and resetting every new connection. Keep it below the open-files
     * limit (`ulimit -n`) with room for the store, the emulator and the logs
     */
    PAY_MAX_CONNECTIONS: z.coerce
      .number({ error: 'must be a number of connections' })
      .int('must be a whole number')
      .min(1, 'must be at least 1')
      .max(1_000_000, 'must be at most 1000000')
      .default(900),
    /** how long a client may take to send a request's headers, ms (slow clients are cut off) */
    HEADERS_TIMEOUT_MS: z.coerce
      .number({ error: 'must be a number of milliseconds' })
      .int('must be a whole number of milliseconds')
      .min(100, 'must be at least 100')
      .default(10_000),
    /** how long a client may take to send a whole request, ms; at least HEADERS_TIMEOUT_MS */
    REQUEST_TIMEOUT_MS: z.coerce
      .number({ error: 'must be a number of milliseconds' })
      .int('must be a whole number of milliseconds')
      .min(100, 'must be at least 100')
      .default(30_000),
    /** the least time between two provider checks of one customer, for all instances together, ms */
    PAY_POLL_INTERVAL_MS: z.coerce
      .number()
      .int('must be a whole number of ms')
      .min(100)
      .max(600_000)
      .default(5000),
    /** how long a claimed onPaid delivery is left to its instance before another retries it, ms */
    PAY_ONPAID_RETRY_AFTER_MS: z.coerce
      .number()
      .int('must be a whole number of ms')
      .min(100)
      .max(86_400_000)
      .default(300_000),
    /** how often the kit's sweep runs (pending sessions checked, owed onPaid retried), ms */
    PAY_SWEEP_INTERVAL_MS: z.coerce
      .number()
      .int('must be a whole number of ms')
      .min(100)
      .max(3_600_000)
      .default(10_000),
    /** how long the demo's onPaid takes to fulfil an order (a merchant's would call its systems), ms */
    PAY_DEMO_FULFIL_MS: z.coerce.number().int('must be a whole number of ms').min(0).max(60_000).default(0),
    /**
     * how long a stop (SIGTERM) may take, ms: requests under way and onPaid deliveries finish within
     * it; past it what is left is cut (an unfinished onPaid stays owed, delivered by another instance)
     */
    PAY_SHUTDOWN_GRACE_MS: z.coerce
      .number({ error: 'must be a number of milliseconds' })
      .int('must be a whole number of milliseconds')
      .min(0)
      .max(600_000)
      .default(10_000),
    /**
     * how long a stopping instance keeps taking connections after readiness turned 503, ms, so that a
     * balancer that learns of readiness by polling (Kubernetes) stops sending before the port closes
     */
    PAY_SHUTDOWN_DELAY_MS: z.coerce
      .number({ error: 'must be a number of milliseconds' })
      .int('must be a whole number of milliseconds')
      .min(0)
      .max(600_000)
      .default(0),
    PAY_LIFESPAN_MINUTES: z.coerce
      .number()
      .int('must be a whole number of minutes')
      .min(1)
      .max(10_080)
      .default(30),
  })
  .superRefine((env, ctx) => {
    if (Boolean(env.PAY_API_KEY) !== Boolean(env.PAY_BASE_URL)) {
      ctx.addIssue({
        code: 'custom',
        path: [env.PAY_API_KEY ? 'PAY_BASE_URL' : 'PAY_API_KEY'],
        message:
          'PAY_API_KEY and PAY_BASE_URL go together: set both to use a provider, or neither for the emulator',
      });
    }
    if (!env.PAY_API_KEY && !env.PAY_DEMO_PUBLIC && !isLoopback(env.HOST)) {
      ctx.addIssue({
        code: 'custom',
        path: ['HOST'],
        message:
          'is not a loopback address, and with no PAY_API_KEY the emulator is served, whose keys and ' +
          'webhook secret are public: listen on 127.0.0.1, set PAY_API_KEY and PAY_BASE_URL for a ' +
          'provider, or PAY_DEMO_PUBLIC=1 for a public demo on purpose',
      });
    }
    if (env.REQUEST_TIMEOUT_MS < env.HEADERS_TIMEOUT_MS) {
      ctx.addIssue({
        code: 'custom',
        path: ['REQUEST_TIMEOUT_MS'],
        message: 'must be at least HEADERS_TIMEOUT_MS (the headers are part of the request)',
      });
    }
    if (env.PAY_API_KEY && !env.PAY_TOKEN_SECRET) {
      ctx.addIssue({
        code: 'custom',
        path: ['PAY_TOKEN_SECRET'],
        message: 'must be a random secret of at least 32 characters: it signs the invoice and funding links',
      });
    }
    if (env.PAY_API_KEY && !env.PAY_DEMO_CUSTOMER_ID) {
      ctx.addIssue({
        code: 'custom',
        path: ['PAY_DEMO_CUSTOMER_ID'],
        message: 'must name the provider customer the demo orders are charged to',
      });
    }
  });

export type ExampleConfig = z.infer<typeof Env>;

export class ConfigError extends Error {
  override readonly name = 'ConfigError';
}

/** Parses the environment; empty variables count as unset. */
export function readConfig(env: Readonly<Record<string, string | undefined>>): ExampleConfig {
  const present = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined && v !== ''));
  const parsed = Env.safeParse(present);
  if (!parsed.success) {
    const fields = issueFields(parsed.error.issues, (issue) => issue.message);
    const problems = Object.entries(fields).flatMap(([path, messages]) =>
      messages.map((message) => `${path === '_' ? '' : path} ${message}`),
    );
    throw new ConfigError(`invalid environment: ${problems.join('; ')}`);
  }
  return parsed.data;
}
