// The backend of the elements' browser tests (packages/elements/web-test-runner.config.js): the real
// emulator on a frozen clock and the real kit on top of it, as koa middleware for the dev server, the
// kit under /pay and test-only controls under /_test (the key stays in Node). docs/testing.md lists
// the controls and the fixtures the tests rely on.
import { randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { PayClient } from '@pay-elements/api';
import { createClock, type SandboxControl } from '@pay-elements/sandbox';
import { MemoryStore } from '@pay-elements/server';
import { startEmulatorAndKit, type EmulatorAndKit } from './emulator-and-kit.js';

/** The parts of the dev server's (koa's) context the middleware uses. */
interface Context {
  readonly path: string;
  readonly method: string;
  readonly req: IncomingMessage;
  readonly res: ServerResponse;
  status: number;
  type: string;
  body: unknown;
  respond?: boolean;
  get(header: string): string;
}
type Middleware = (ctx: Context, next: () => Promise<unknown>) => Promise<unknown>;

export interface BrowserBackend {
  /** The control routes first, then the kit. */
  middleware: Middleware[];
  close(): Promise<void>;
}

// a Standard Webhooks secret: `whsec_` + base64 of 32 bytes
const WEBHOOK_SECRET = `whsec_${Buffer.from('pay-elements element tests hooks').toString('base64')}`;

/**
 * Orders the kit's resolveOrder knows (src/test/backend.ts names them), each also with any suffix
 * (`order-basic-<uuid>`): the kit keeps one session per order, and each test wants its own.
 */
const orderAmounts: Record<string, string> = { 'order-basic': '5000.00', 'order-large': '1234567.89' };
const orderPattern = /^(order-[a-z]+)(?:-[\w-]+)?$/;

/** A valid BVN: what opening a customer's naira account needs (the emulator checks its shape). */
const BVN = '22212345678';

/** The status streams counted and refused in front of the kit: a session's and a customer's accounts'. */
const streamPath = /^\/pay\/(?:sessions|funding)\/[^/]+\/events$/;

/** A control route's JSON body (the tests send well-formed ones). */
type Body = Record<string, unknown>;

/** A string field of a body ('' or `fallback` when it is not one). */
const text = (value: unknown, fallback = ''): string => (typeof value === 'string' ? value : fallback);

async function readJson(req: IncomingMessage): Promise<Body> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  const text = Buffer.concat(chunks).toString('utf8');
  return text ? (JSON.parse(text) as Body) : {};
}

function send(ctx: Context, status: number, body: unknown): void {
  ctx.status = status;
  ctx.type = 'application/json';
  ctx.body = JSON.stringify(body);
}

/**
 * The kit's stream as a backend that names no event sends it: each `event:` line taken out, so the
 * browser hears every view as an unnamed `message` (the kit writes one whole event per chunk), and
 * the stream kept open after a final view, as such a backend does (the browser closes it).
 */
function withoutEventNames(res: ServerResponse): void {
  res.end = (() => res) as ServerResponse['end'];
  const write = res.write.bind(res) as (chunk: unknown, ...rest: unknown[]) => boolean;
  res.write = ((chunk: unknown, ...rest: unknown[]) =>
    write(
      typeof chunk === 'string' || chunk instanceof Uint8Array
        ? Buffer.from(chunk)
            .toString('utf8')
            .replace(/^event:.*\n/gm, '')
        : chunk,
      ...rest,
    )) as ServerResponse['write'];
}

/** What the test-only controls set and the kit's middleware reads, for the backend's life. */
interface Controls {
  /** /_test/bank-suggestions/reset moves every later suggestion to a fresh rate-limit bucket */
  suggestBucket: number;
  /** the next session reads answered 503 */
  outage: number;
  /** the kit's status streams: open responses, how many were opened, the Last-Event-ID of each */
  readonly streams: { open: Set<ServerResponse>; total: number; lastEventIds: (string | null)[] };
  /** the next status streams refused with this status */
  refusal: { status: number; times: number };
  /** the next status streams answered with their events' names taken out (`data:` alone) */
  unnamed: number;
}

export async function startBrowserBackend(): Promise<BrowserBackend> {
  const controls: Controls = {
    suggestBucket: 0,
    outage: 0,
    streams: { open: new Set(), total: 0, lastEventIds: [] },
    refusal: { status: 0, times: 0 },
    unnamed: 0,
  };
  const started = await startKit(controls);
  const routes = { ...providerRoutes(started), ...faultRoutes(controls, started.control) };
  return {
    middleware: [controlMiddleware(started, routes), kitMiddleware(controls, started.listener)],
    async close() {
      await started.close();
    },
  };
}

/** The emulator on a frozen clock and the kit on it, with the fixtures the tests rely on. */
function startKit(controls: Controls): Promise<EmulatorAndKit> {
  // The kit also listens on its own loopback port, for the emulator's webhooks.
  return startEmulatorAndKit({
    // frozen at the backend's start time: the fixtures are seeded relative to it
    clock: createClock({ frozen: true }),
    webhooks: true,
    webhookSecret: WEBHOOK_SECRET,
    customer: {
      email: 'ada.obi@example.com',
      first_name: 'Ada',
      last_name: 'Obi',
      country_code: 'NGA',
      phone: '8031234567',
      dial_code: '+234',
    },
    client: () => ({ timeout: 2000 }),
    kit: ({ customerId }) => ({
      store: new MemoryStore(),
      resolveOrder: (orderId) => {
        const amount = orderAmounts[orderPattern.exec(orderId)?.[1] ?? ''];
        return amount ? { amount, currency: 'NGN', customer_id: customerId } : null;
      },
      // a dropped stream comes back quickly, so that the resume test waits little real time
      streams: { retryMs: 100 },
      checkoutUrl: (sessionId) => `https://shop.example/checkout/${encodeURIComponent(sessionId)}`,
      invoiceUrl: (token) => `https://shop.example/invoices/${token}`,
      tokenSecret: 'pay-elements browser tests token secret',
      bankSuggestions: { enabled: true, perMinute: 10 },
      linkCurrency: 'NGN',
      // customers' own accounts, one in naira and one in dollars, opened at a token's first visit
      funding: {
        currencies: ['NGN', 'USD'],
        customer: () => ({ id_number: BVN }),
        openingRateLimit: false,
      },
      merchant: { name: 'Acme Stores' },
      clientKey: () => `browser-${controls.suggestBucket}`,
      // every browser test opens accounts for orders of its own, on a frozen clock
      accountRateLimit: false,
      logger: {
        debug() {},
        info() {},
        warn() {},
        error: (message: string, fields?: unknown) => console.error(message, fields),
      },
    }),
  });
}

/** /pay/... → the kit's node listener (koa steps aside: the kit writes the answer itself). */
function kitMiddleware(controls: Controls, kitListener: EmulatorAndKit['listener']): Middleware {
  return async (ctx, next) => {
    if (ctx.path !== '/pay' && !ctx.path.startsWith('/pay/')) return next();
    if (controls.outage > 0 && ctx.method === 'GET' && ctx.path.startsWith('/pay/sessions/')) {
      controls.outage--;
      return send(ctx, 503, {
        error: { code: 'upstream_unavailable', message: 'the payment service is unavailable' },
      });
    }
    if (ctx.method === 'GET' && streamPath.test(ctx.path)) {
      const { refusal, streams } = controls;
      if (refusal.times > 0) {
        refusal.times--;
        const code = refusal.status === 404 ? 'not_found' : 'upstream_unavailable';
        return send(ctx, refusal.status, { error: { code, message: 'refused by the test backend' } });
      }
      const res = ctx.res;
      if (controls.unnamed > 0) {
        controls.unnamed--;
        withoutEventNames(res);
      }
      streams.total++;
      streams.lastEventIds.push(ctx.get('last-event-id') || null);
      streams.open.add(res);
      res.once('close', () => streams.open.delete(res));
    }
    ctx.respond = false;
    await new Promise<void>((resolve) => {
      ctx.res.once('close', resolve);
      ctx.res.once('finish', resolve);
      kitListener(ctx.req, ctx.res);
    });
    return undefined;
  };
}

type Routes = Record<string, (body: Body) => unknown>;

// the bodies come from the tests' own helpers (src/test/*.ts) and are passed on as they are: the
// emulator's control API and the api client check them

/** The controls that move money and time, and hand out what the merchant's server would. */
function providerRoutes(started: EmulatorAndKit): Routes {
  const { sandbox, client, control } = started;
  return {
    'POST /transfers': async (body) => {
      const credit = await control.transfer({
        account_number: text(body.account_number),
        amount: Number(body.amount),
        // a transfer that settles late: `processing` until the emulator's clock has moved that far
        ...(body.settle_after_seconds === undefined
          ? {}
          : { settle_after_seconds: Number(body.settle_after_seconds) }),
      });
      await sandbox.flushWebhooks();
      return credit;
    },
    'POST /clock': async (body) => ({ now: await control.advanceClock(Number(body.advance_minutes)) }),
    /** an invoice's token, as the merchant's server would put it in the page */
    'POST /invoice-tokens': (body) => ({ token: started.kit.invoiceToken(text(body.number)) }),
    /**
     * a customer's funding token, as the merchant's server would put it in the page: a new customer
     * each time (their own accounts, no deposits yet) unless `customer_id` names one
     */
    'POST /funding-tokens': async (body) => {
      const given = text(body.customer_id);
      const customerId =
        given ||
        (
          await control.createCustomer({
            email: `funding-${randomUUID()}@example.com`,
            first_name: 'Ada',
            last_name: 'Obi',
            country_code: 'NGA',
          })
        ).id;
      return { token: started.kit.fundingToken(customerId), customer_id: customerId };
    },
    'POST /invoices': (body) =>
      client.invoices.create(body as unknown as Parameters<PayClient['invoices']['create']>[0]),
    'POST /payouts': (body) =>
      client.payments.send({
        from_amount: Number(body.amount ?? 100),
        from_wallet_id: 'wal_ngn_main',
        to_currency: 'NGN',
        payment_method: 'bank_transfer',
        info: {
          account_number: text(body.account_number),
          bank_code: text(body.bank_code),
          account_name: text(body.account_name, 'Test Recipient'),
        },
      }),
  };
}

/** The controls of faults: the emulator's, the kit's outages, the status streams' refusals and drops. */
function faultRoutes(controls: Controls, control: SandboxControl): Routes {
  const { streams } = controls;
  return {
    'POST /faults': (body) =>
      control.injectFault(body as unknown as Parameters<SandboxControl['injectFault']>[0]),
    'DELETE /faults': async () => {
      await control.clearFaults();
      controls.outage = 0;
      controls.refusal = { status: 0, times: 0 };
      controls.unnamed = 0;
      return {};
    },
    'POST /kit-outage': (body) => {
      controls.outage = Number(body.times ?? 1);
      return { times: controls.outage };
    },
    'DELETE /kit-outage': () => {
      controls.outage = 0;
      return {};
    },
    'POST /bank-suggestions/reset': () => ({ bucket: ++controls.suggestBucket }),
    'POST /streams': () => ({
      open: streams.open.size,
      total: streams.total,
      lastEventIds: streams.lastEventIds,
    }),
    'POST /streams/drop': () => {
      const dropped = streams.open.size;
      for (const res of streams.open) res.destroy();
      return { dropped };
    },
    'POST /stream-refusal': (body) => {
      controls.refusal = { status: Number(body.status ?? 503), times: Number(body.times ?? 1) };
      return controls.refusal;
    },
    'POST /stream-unnamed': (body) => {
      controls.unnamed = Number(body.times ?? 1);
      return { times: controls.unnamed };
    },
  };
}

/** /_test/... → a control route, its answer `{data}`, or its failure with the status it carries. */
function controlMiddleware(started: EmulatorAndKit, routes: Routes): Middleware {
  /** POST /_test/invoices/{number}/pay */
  const payInvoice = async (number: string): Promise<unknown> => {
    const invoice = await started.control.payInvoice(number);
    await started.sandbox.flushWebhooks();
    return invoice;
  };
  return async (ctx, next) => {
    if (!ctx.path.startsWith('/_test/')) return next();
    const key = `${ctx.method} ${ctx.path.slice('/_test'.length)}`;
    const paying = /^POST \/invoices\/([^/]+)\/pay$/.exec(key);
    const route = paying ? () => payInvoice(decodeURIComponent(paying[1] ?? '')) : routes[key];
    if (!route) return send(ctx, 404, { message: 'unknown test route' });
    try {
      const body = ctx.method === 'POST' ? await readJson(ctx.req) : {};
      return send(ctx, 200, { data: await route(body) });
    } catch (error) {
      // the api client's own refusals (bad parameters, nothing sent) carry status 0
      const {
        status: given,
        message,
        fields,
      } = (error ?? {}) as { status?: number; message?: string; fields?: unknown };
      const status = given !== undefined && given >= 400 && given < 600 ? given : given === 0 ? 400 : 500;
      return send(ctx, status, { message: String(message ?? error), fields });
    }
  };
}
