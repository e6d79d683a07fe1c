// Shared by the api client's integration tests: one emulator per test file on a loopback port with a
// frozen clock, its control API, and clients that count what they send and never wait on real time.
import { startSandbox, createClock, DEFAULT_API_KEY, DEFAULT_RESTRICTED_KEY } from '@pay-elements/sandbox';
import { PayClient, type ClientOptions, type FetchLike } from '@pay-elements/api';

export const FULL_KEY = DEFAULT_API_KEY;
export const RESTRICTED_KEY = DEFAULT_RESTRICTED_KEY;

export interface Emulator {
  url: string;
  /** POST (or another method) to `/_sandbox${path}` with the full key; answers `data`, throws on `status: false`. */
  control(path: string, body?: unknown, method?: string): Promise<unknown>;
  /** A client of this emulator; `attempts` lists every request it put on the wire. */
  client(options?: Partial<ClientOptions>): Counted;
  close(): Promise<void>;
}

export interface Counted {
  pay: PayClient;
  /** `METHOD /path` of every request sent, retries included */
  attempts: string[];
  /** every wait between attempts, in ms (nothing is actually waited) */
  waits: number[];
}

export async function startEmulator(): Promise<Emulator> {
  const sandbox = await startSandbox({ port: 0, clock: createClock({ frozen: true }) });
  const url = sandbox.url.replace(/\/+$/, '');
  return {
    url,
    async control(path, body, method = 'POST') {
      const response = await fetch(`${url}/_sandbox${path}`, {
        method,
        headers: { 'x-api-key': FULL_KEY, 'content-type': 'application/json' },
        body: method === 'GET' || method === 'DELETE' ? undefined : JSON.stringify(body ?? {}),
      });
      const json: unknown = await response.json();
      if (!isObject(json) || json.status !== true)
        throw new Error(`control ${method} ${path} failed: ${response.status} ${JSON.stringify(json)}`);
      return json.data;
    },
    client(options = {}) {
      const attempts: string[] = [];
      const waits: number[] = [];
      const realFetch = options.fetch ?? ((input: string, init: RequestInit) => fetch(input, init));
      const counting: FetchLike = (input, init) => {
        attempts.push(`${init.method ?? 'GET'} ${new URL(input).pathname}`);
        return realFetch(input, init);
      };
      const pay = new PayClient({
        apiKey: FULL_KEY,
        baseUrl: url,
        sleep: (ms) => {
          waits.push(ms);
          return Promise.resolve();
        },
        ...options,
        fetch: counting,
      });
      return { pay, attempts, waits };
    },
    close: async () => {
      await sandbox.close();
    },
  };
}

export function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** A string field of a control answer, checked. */
export function field(data: unknown, name: string): string {
  const value = isObject(data) ? data[name] : undefined;
  if (typeof value !== 'string') throw new Error(`no string ${name} in ${JSON.stringify(data)}`);
  return value;
}

export async function collect<T>(iterable: AsyncIterable<T>): Promise<T[]> {
  const out: T[] = [];
  for await (const item of iterable) out.push(item);
  return out;
}

/** Catches what a promise rejects with, so a test can look at it. */
export async function failureOf(promise: Promise<unknown>): Promise<unknown> {
  try {
    await promise;
  } catch (error) {
    return error;
  }
  throw new Error('expected a failure, got an answer');
}
