// What `new PayClient(options)` and every method's last `options` argument accept.
import * as z from 'zod';
import type { Conventions } from './conventions.js';
import { PayError } from './error.js';
import type { DeepPartial } from '../internal/resolve-conventions.js';
import { defaultUserAgent } from '../internal/env.js';

/** Where the local emulator (`npx --no-install pay-sandbox`) listens by default. */
export const LOCAL_SANDBOX_BASE_URL = 'http://127.0.0.1:4010';

export const DEFAULT_TIMEOUT_MS = 30_000;
export const DEFAULT_MAX_RETRIES = 2;

export type FetchLike = (input: string, init: RequestInit) => Promise<Response>;

export interface ClientOptions {
  /** The secret key, sent as `X-API-KEY`. Never logged, never put in an error. */
  apiKey: string;
  /** The provider's production or sandbox base URL (no default host), or LOCAL_SANDBOX_BASE_URL. */
  baseUrl: string;
  /** Defaults to the global `fetch`. */
  fetch?: FetchLike;
  /** Per attempt, in milliseconds; default 30 000. */
  timeout?: number;
  /** Repeats of a request that is safe to repeat; default 2. */
  maxRetries?: number;
  /** Overrides of the choices where the spec is silent, deep-merged over the defaults. */
  conventions?: DeepPartial<Conventions>;
  userAgent?: string;
  /** Waits between attempts; injectable so tests do not wait on real time. */
  sleep?: (ms: number) => Promise<void>;
  /** A number in [0, 1) for the backoff jitter; injectable for tests. */
  random?: () => number;
}

/** The last argument of every method. */
export interface RequestOptions {
  signal?: AbortSignal;
  /** Per attempt, in milliseconds; overrides the client's. */
  timeout?: number;
  /** Overrides the client's. */
  maxRetries?: number;
}

const Timeout = z.number().int().positive().max(2_147_483_647);
const MaxRetries = z.number().int().min(0).max(10);

const ClientOptionsSchema = z.object({
  apiKey: z.string().min(1, 'must be a non-empty string'),
  baseUrl: z
    .string()
    .refine((u) => URL.canParse(u) && /^https?:$/.test(new URL(u).protocol), 'must be an http(s) URL'),
  fetch: z.custom<FetchLike>((f) => typeof f === 'function', 'must be a function').optional(),
  timeout: Timeout.optional(),
  maxRetries: MaxRetries.optional(),
  userAgent: z.string().min(1).optional(),
  sleep: z.custom<(ms: number) => Promise<void>>((f) => typeof f === 'function').optional(),
  random: z.custom<() => number>((f) => typeof f === 'function').optional(),
});

export interface ResolvedOptions {
  apiKey: string;
  baseUrl: string;
  fetch: FetchLike;
  timeout: number;
  maxRetries: number;
  userAgent: string;
  sleep: ((ms: number) => Promise<void>) | undefined;
  random: () => number;
}

/** Checks the options once, at construction; the message names the option, never the key's value. */
export function resolveClientOptions(options: ClientOptions): ResolvedOptions {
  const result = ClientOptionsSchema.safeParse(options);
  if (!result.success) {
    const where = result.error.issues.map((i) => `${i.path.join('.') || 'options'}: ${i.message}`);
    throw new PayError(`invalid PayClient option: ${where.join('; ')}`);
  }
  const o = result.data;
  return {
    apiKey: o.apiKey,
    baseUrl: o.baseUrl.replace(/\/+$/, ''),
    fetch: o.fetch ?? ((input, init) => fetch(input, init)),
    timeout: o.timeout ?? DEFAULT_TIMEOUT_MS,
    maxRetries: o.maxRetries ?? DEFAULT_MAX_RETRIES,
    userAgent: o.userAgent ?? defaultUserAgent(),
    sleep: o.sleep,
    random: o.random ?? Math.random,
  };
}

/** Checks a method's options; a bad value fails locally like any bad parameter. */
export function checkRequestOptions(options: RequestOptions): void {
  const problems: string[] = [];
  if (options.timeout !== undefined && !Timeout.safeParse(options.timeout).success)
    problems.push('timeout: must be a positive integer of milliseconds');
  if (options.maxRetries !== undefined && !MaxRetries.safeParse(options.maxRetries).success)
    problems.push('maxRetries: must be an integer from 0 to 10');
  if (problems.length > 0) throw new PayError(`invalid request option: ${problems.join('; ')}`);
}
