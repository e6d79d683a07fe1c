// Shared by the conformance files: one emulator per file on loopback, plain fetch, assertions on
// the spec's three body shapes (success envelope, failure envelope, validation body), and a webhook
// receiver on loopback.
import assert from 'node:assert/strict';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import { FailureEnvelope, SUCCESS_MESSAGE, ValidationBody, Wallet, envelope, page } from '@pay-elements/api';
import {
  SandboxControl,
  createClock,
  startSandbox,
  type Sandbox,
  type StartOptions,
  DEFAULT_API_KEY,
  DEFAULT_RESTRICTED_KEY,
} from '@pay-elements/sandbox';

/** A zod schema of the api package (its own zod copy; `test/` resolves another). */
type Schema = Parameters<typeof envelope>[0];

export const KEY = DEFAULT_API_KEY;
export const RESTRICTED = DEFAULT_RESTRICTED_KEY;
/** Every conformance run starts its frozen clock here. */
export const START = Date.UTC(2025, 0, 15, 10, 0, 0);

export interface Harness {
  sandbox: Sandbox;
  control: SandboxControl;
  call(path: string, init?: CallInit): Promise<Answer>;
}

export interface CallInit {
  method?: string;
  /** JSON-encoded unless already a string */
  body?: unknown;
  /** the full key unless given; null for none */
  key?: string | null;
  headers?: Record<string, string>;
}

export interface Answer {
  status: number;
  headers: Headers;
  text: string;
  json: unknown;
}

export async function boot(options: StartOptions = {}): Promise<Harness> {
  const sandbox = await startSandbox({
    port: 0,
    clock: createClock({ frozen: true, start: START }),
    ...options,
  });
  const call = async (path: string, init: CallInit = {}): Promise<Answer> => {
    const headers: Record<string, string> = { ...init.headers };
    const key = init.key === undefined ? KEY : init.key;
    if (key !== null) headers['x-api-key'] = key;
    let body: string | undefined;
    if (init.body !== undefined) {
      body = typeof init.body === 'string' ? init.body : JSON.stringify(init.body);
      headers['content-type'] ??= 'application/json';
    }
    const response = await fetch(`${sandbox.url}${path}`, { method: init.method ?? 'GET', headers, body });
    const text = await response.text();
    let json: unknown;
    try {
      json = JSON.parse(text);
    } catch {
      json = undefined;
    }
    return { status: response.status, headers: response.headers, text, json };
  };
  return { sandbox, control: new SandboxControl(sandbox.url), call };
}

/** A 200 success envelope whose data fits `schema`; answers the parsed data. */
export function expectOk<T extends Schema>(answer: Answer, schema: T) {
  assert.equal(answer.status, 200, `expected 200, got ${answer.status}: ${answer.text}`);
  const body: { status: boolean; error: unknown[]; message: string } = envelope(schema).parse(answer.json);
  assert.equal(body.status, true);
  assert.equal(body.message, SUCCESS_MESSAGE);
  assert.deepEqual(body.error, []);
  return schema.parse(Reflect.get(Object(answer.json), 'data'));
}

/** A paginated success whose items fit `item`. */
export function expectPage<T extends Schema>(answer: Answer, item: T) {
  return expectOk(answer, page(item));
}

/** The failure envelope: status false, empty data, empty error array, this message and HTTP status. */
export function expectFailure(answer: Answer, status: number, message: string): void {
  assert.equal(answer.status, status, `expected ${status}, got ${answer.status}: ${answer.text}`);
  const body = FailureEnvelope.parse(answer.json);
  assert.deepEqual(body, { status: false, data: {}, error: [], message });
}

/** The validation body (no envelope), HTTP 400; answers field → messages. */
export function expectValidation(answer: Answer): Record<string, string[]> {
  assert.equal(answer.status, 400, `expected 400, got ${answer.status}: ${answer.text}`);
  const body = ValidationBody.strict().parse(answer.json);
  return body.error;
}

/** The balance of a wallet, as the API shows it. */
export async function balanceOf(harness: Harness, walletId: string): Promise<string> {
  const answer = await harness.call('/v1/wallets');
  assert.equal(answer.status, 200);
  const wallets = envelope(Wallet.array()).parse(answer.json).data;
  const wallet = wallets.find((w) => w.id === walletId);
  assert.ok(wallet, `wallet ${walletId} exists`);
  return wallet.balance;
}

/** One webhook delivery as a receiver got it. */
export interface Received {
  body: string;
  headers: IncomingHttpHeaders;
}

/** A receiver on loopback that records each delivery and answers `status(n)` to the n-th (from 1). */
export async function receiver(status: (n: number) => number) {
  const received: Received[] = [];
  const waiters: Array<() => void> = [];
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      received.push({ body: Buffer.concat(chunks).toString('utf8'), headers: req.headers });
      res.statusCode = status(received.length);
      res.end();
      waiters.splice(0).forEach((w) => w());
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  assert.ok(address && typeof address === 'object');
  return {
    url: `http://127.0.0.1:${address.port}/hooks`,
    received,
    /** resolves when `n` deliveries in all have arrived */
    async count(n: number): Promise<void> {
      while (received.length < n) await new Promise<void>((resolve) => waiters.push(resolve));
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
