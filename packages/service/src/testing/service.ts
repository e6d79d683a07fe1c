// The service started in this process for a test: its emulator in demo mode on a clock the test moves,
// a key, its log lines kept; and the merchant's side of a test: a notification endpoint that records
// what it is sent and answers what the test says, and the reference verifier of what it got.
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Webhook } from 'standardwebhooks';
import {
  createClock,
  DEFAULT_API_KEY,
  fixtures,
  SandboxControl,
  type SandboxClock,
} from '@pay-elements/sandbox';
import { startService, type Service, type ServiceOptions } from '../app.js';
import { hostOrigin, readServiceConfig } from '../config.js';

export const KEY = 'sk_test_service_key_0123456789abcdefABCDEF';
export const NOTIFY_SECRET = 'whsec_dGVzdCBub3RpZmljYXRpb24gc2VjcmV0IG9mIHRoZSBzaG9w';

export interface Started {
  service: Service;
  base: string;
  clock: SandboxClock;
  control: SandboxControl;
  /** every line the service logged: level, message and fields */
  lines: string[];
  /** the merchant's API with the key (or `key` given: null for none) */
  api(path: string, init?: { method?: string; body?: unknown; key?: string | null }): Promise<Response>;
  close(): Promise<void>;
}

export async function startTestService(
  env: Record<string, string> = {},
  options: ServiceOptions = {},
): Promise<Started> {
  const clock = options.clock ?? createClock();
  const lines: string[] = [];
  const collect =
    (level: string) =>
    (message: string, fields?: Record<string, unknown>): void => {
      lines.push(`${level} ${message} ${JSON.stringify(fields ?? {})}`);
    };
  const config = readServiceConfig({
    PORT: '0',
    PAY_SANDBOX_PORT: '0',
    PAY_DB: ':memory:',
    PAY_SERVICE_KEYS: KEY,
    PAY_MERCHANT_NAME: 'Acme Stores',
    ...env,
  });
  const service = await startService(config, {
    clock,
    logger: {
      debug: collect('debug'),
      info: collect('info'),
      warn: collect('warn'),
      error: collect('error'),
    },
    ...options,
  });
  const address = service.server.address() as AddressInfo;
  // a wildcard HOST listens on loopback too; a loopback HOST only there (::1 has no 127.0.0.1)
  const base = hostOrigin(['::', '0.0.0.0'].includes(config.HOST) ? '127.0.0.1' : config.HOST, address.port);
  if (!service.sandbox) throw new Error('the test service runs its emulator');
  return {
    service,
    base,
    clock,
    control: new SandboxControl(service.sandbox.url, DEFAULT_API_KEY),
    lines,
    api(path, init = {}) {
      const key = init.key === undefined ? KEY : init.key;
      return fetch(`${base}${path}`, {
        method: init.method ?? (init.body === undefined ? 'GET' : 'POST'),
        headers: {
          ...(key === null ? {} : { authorization: `Bearer ${key}` }),
          ...(init.body === undefined ? {} : { 'content-type': 'application/json' }),
        },
        ...(init.body === undefined ? {} : { body: JSON.stringify(init.body) }),
      });
    },
    close: async () => {
      await service.close();
    },
  };
}

export interface Received {
  headers: IncomingMessage['headers'];
  body: string;
  /** what the endpoint answered */
  status: number;
}

export interface MerchantEndpoint {
  url: string;
  received: Received[];
  /** the statuses to answer, one per notification, then 200 */
  answers: number[];
  /** a Retry-After header sent with each answer that is not a 2xx, while set */
  retryAfter: string | undefined;
  /** the bodies of those answers, one per notification, then `ok` or `not now` */
  bodies: string[];
  /** resolves once `count` notifications have been received */
  until(count: number, ms?: number): Promise<Received[]>;
  close(): Promise<void>;
}

/** The merchant's notification endpoint: records each request and answers `answers`, then 200. */
export async function merchantEndpoint(): Promise<MerchantEndpoint> {
  const received: Received[] = [];
  const answers: number[] = [];
  const bodies: string[] = [];
  const waiting: Array<{ count: number; resolve: () => void }> = [];
  const server: Server = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk: Buffer) => (body += chunk.toString('utf8')));
    req.on('end', () => {
      const status = answers.shift() ?? 200;
      received.push({ headers: req.headers, body, status });
      const later = status >= 300 && endpoint.retryAfter ? { 'retry-after': endpoint.retryAfter } : {};
      const answer = bodies.shift() ?? (status < 300 ? 'ok' : 'not now');
      res.writeHead(status, { 'content-type': 'text/plain', ...later }).end(answer);
      for (const w of waiting.filter((w) => received.length >= w.count)) w.resolve();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const endpoint: MerchantEndpoint = {
    retryAfter: undefined,
    url: `http://127.0.0.1:${port}/hooks/pay`,
    received,
    answers,
    bodies,
    until(count, ms = 10_000) {
      if (received.length >= count) return Promise.resolve(received);
      return new Promise((resolve, reject) => {
        const timer = setTimeout(
          () => reject(new Error(`${received.length} of ${count} notifications within ${ms} ms`)),
          ms,
        );
        waiting.push({
          count,
          resolve: () => {
            clearTimeout(timer);
            resolve(received);
          },
        });
      });
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
  return endpoint;
}

/**
 * What the `standardwebhooks` package (the reference verifier) says of a notification received, with
 * `secret`: `verifies`, or its error's message ("Message timestamp too new").
 */
export function standardVerdict(received: Received, secret: string): string {
  try {
    new Webhook(secret).verify(received.body, {
      'webhook-id': String(received.headers['webhook-id']),
      'webhook-timestamp': String(received.headers['webhook-timestamp']),
      'webhook-signature': String(received.headers['webhook-signature']),
    });
    return 'verifies';
  } catch (error) {
    return error instanceof Error ? error.message : String(error);
  }
}

/** Opens a session for `orderId` and pays it through the emulator: the `session.paid` id. */
export async function paidSession(s: Started, orderId: string): Promise<string> {
  const created = await s.api('/api/sessions', {
    body: { order_id: orderId, amount: '2500.00', currency: 'NGN', customer_id: fixtures.customers.ada.id },
  });
  const session = (await created.json()) as { id: string; account: { account_number: string } };
  await s.control.transfer({ account_number: session.account.account_number, amount: 2500 });
  await s.service.sandbox?.flushWebhooks();
  return session.id;
}

/** The notification's entry in the delivery log once `done` holds of it (polled, 2 s at most). */
export async function notificationOnce(
  s: Started,
  id: string,
  done: (entry: Record<string, unknown>) => boolean,
): Promise<Record<string, unknown> | null> {
  for (let i = 0; i < 100; i++) {
    const answer = await s.api(`/api/notifications/${id}`);
    const entry = answer.ok ? ((await answer.json()) as Record<string, unknown>) : null;
    if (entry && done(entry)) return entry;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  return null;
}
