// Test support (not exported from the package): a scripted `fetch` that records every call.
import type { FetchLike } from '../core/options.js';

export interface RecordedCall {
  url: URL;
  method: string;
  headers: Headers;
  /** the JSON body sent, parsed; undefined when none */
  body: unknown;
}

/** One scripted answer: a Response, an error to throw, or `hang` (never answers; honours the signal). */
export type Step = Response | Error | 'hang' | ((call: RecordedCall) => Response);

export function json(body: unknown, status = 200, headers: Record<string, string> = {}): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json', ...headers },
  });
}

export function ok(data: unknown): Response {
  return json({ status: true, data, error: [], message: 'operation was successful' });
}

export function failure(message: string, status: number, headers: Record<string, string> = {}): Response {
  return json({ status: false, data: {}, error: [], message }, status, headers);
}

/** A fetch that answers `steps` in order (the last one repeats) and records each call. */
export function scriptedFetch(...steps: Step[]): { fetch: FetchLike; calls: RecordedCall[] } {
  const calls: RecordedCall[] = [];
  const fetch: FetchLike = (input, init) => {
    const body = typeof init.body === 'string' ? (JSON.parse(init.body) as unknown) : undefined;
    const call: RecordedCall = {
      url: new URL(input),
      method: init.method ?? 'GET',
      headers: new Headers(init.headers),
      body,
    };
    calls.push(call);
    const step = steps[Math.min(calls.length - 1, steps.length - 1)];
    if (step === undefined) return Promise.reject(new Error('no scripted answer'));
    if (step === 'hang') {
      return new Promise<Response>((_resolve, reject) => {
        init.signal?.addEventListener('abort', () => reject(new Error('aborted')), { once: true });
      });
    }
    if (step instanceof Error) return Promise.reject(step);
    // A Response body can be read once: answer a copy so a repeated last step still works.
    return Promise.resolve(typeof step === 'function' ? step(call) : step.clone());
  };
  return { fetch, calls };
}

/** A `sleep` that waits for nothing and records what it was asked to wait. */
export function recordingSleep(): { sleep: (ms: number) => Promise<void>; waits: number[] } {
  const waits: number[] = [];
  return {
    waits,
    sleep: (ms) => {
      waits.push(ms);
      return Promise.resolve();
    },
  };
}

/** A bank-transfer payment the tests send, and the result the provider answers for it. */
export const paymentParams = {
  from_amount: 100,
  from_wallet_id: 'w_ngn',
  to_currency: 'NGN',
  payment_method: 'bank_transfer',
  info: { account_number: '0123456789', bank_code: '058', account_name: 'Ada Obi' },
};
export const paymentResult = {
  transaction_ref: 'trx_1',
  status: 'processing',
  from_amount: 100,
  to_amount: 100,
  from_currency: 'NGN',
  to_currency: 'NGN',
  method: 'bank_transfer',
  created_at: '2026-11-21T10:00:00Z',
};
