// The service started in this process for a test: its emulator in demo mode on a clock the test moves,
// a key, its log lines kept; and the merchant's side of a test: a notification endpoint that records
// what it is sent and answers what the test says.
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createClock, DEFAULT_API_KEY, SandboxControl, type SandboxClock } from '@pay-elements/sandbox';
import { startService, type Service, type ServiceOptions } from '../app.js';
import { readServiceConfig } from '../config.js';

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
  const clock = createClock();
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
  const base = `http://127.0.0.1:${address.port}`;
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
      const answer = bodies.shift() ?? (status < 300 ? 'ok' : 'not now');
      res.writeHead(status, { 'content-type': 'text/plain' }).end(answer);
      for (const w of waiting.filter((w) => received.length >= w.count)) w.resolve();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
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
}
