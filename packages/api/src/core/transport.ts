// One request, start to finish: URL and headers, a timeout per attempt, the retry loop, and the answer
// read whole. What the answer means is decided in internal/response.ts.
import type * as z from 'zod';
import { ConnectionError, RequestAbortedError, TimeoutError } from './error.js';
import { checkRequestOptions, type RequestOptions, type ResolvedOptions } from './options.js';
import { requestHeaders } from '../internal/headers.js';
import { readEnvelope, readText, type RawResponse } from '../internal/response.js';
import { backoffDelay, isRetryableStatus, isSafeToRepeat, retryDelay } from '../internal/retry.js';

export type HttpMethod = 'GET' | 'POST' | 'PUT';

export interface HttpRequest {
  method: HttpMethod;
  /** Already encoded (internal/path.ts), beginning with `/v1`. */
  path: string;
  query?: Readonly<Record<string, string>>;
  /** Already parsed by the request schema and renamed for the wire. */
  body?: unknown;
}

/** Request fields whose values no error may repeat, whatever the provider's refusal echoes. */
const SECRET_FIELDS: ReadonlySet<string> = new Set(['id_number']);

/** The key and the secret fields' values a request carries: masked in any error made of its answer. */
function secretsOf(apiKey: string, body: unknown): string[] {
  const sent =
    typeof body === 'object' && body !== null
      ? Object.entries(body).flatMap(([field, value]) =>
          SECRET_FIELDS.has(field) && typeof value === 'string' ? [value] : [],
        )
      : [];
  return [apiKey, ...sent];
}

export class Transport {
  readonly #options: ResolvedOptions;

  constructor(options: ResolvedOptions) {
    this.#options = options;
  }

  /** The envelope's `data`, parsed by `schema`. */
  async json<S extends z.ZodType>(
    request: HttpRequest,
    schema: S,
    options: RequestOptions = {},
  ): Promise<z.output<S>> {
    const raw = await this.send(request, 'application/json', options);
    return readEnvelope(raw, schema, secretsOf(this.#options.apiKey, request.body));
  }

  /** A text answer, such as the transactions CSV export. */
  async text(request: HttpRequest, options: RequestOptions = {}): Promise<string> {
    const raw = await this.send(request, 'text/csv', options);
    return readText(raw, secretsOf(this.#options.apiKey, request.body));
  }

  /** Sends, repeating what is safe to repeat; answers the last response, or throws the last failure. */
  async send(
    request: HttpRequest,
    accept: 'application/json' | 'text/csv',
    options: RequestOptions,
  ): Promise<RawResponse> {
    checkRequestOptions(options);
    const maxRetries = options.maxRetries ?? this.#options.maxRetries;
    const timeout = options.timeout ?? this.#options.timeout;
    const repeatable = isSafeToRepeat(request.method, request.path, request.body);
    const init = {
      method: request.method,
      headers: requestHeaders({
        apiKey: this.#options.apiKey,
        userAgent: this.#options.userAgent,
        accept,
        hasBody: request.body !== undefined,
      }),
      body: request.body === undefined ? undefined : JSON.stringify(request.body),
    };
    const url = this.url(request);
    for (let retry = 0; ; retry++) {
      const mayRepeat = repeatable && retry < maxRetries;
      let delay: number | undefined;
      try {
        const raw = await this.attempt(url, init, request, timeout, options.signal);
        if (raw.ok || !mayRepeat || !isRetryableStatus(raw.status)) return raw;
        delay = retryDelay(retry, raw.headers, this.#options.random, Date.now());
        if (delay === undefined) return raw; // asked to wait longer than we will
      } catch (error) {
        if (!(error instanceof ConnectionError) || !mayRepeat) throw error;
        delay = backoffDelay(retry, this.#options.random);
      }
      await this.sleep(delay, options.signal);
    }
  }

  url(request: HttpRequest): string {
    const query = new URLSearchParams(request.query ?? {}).toString();
    return `${this.#options.baseUrl}${request.path}${query ? `?${query}` : ''}`;
  }

  /** One attempt under its own timeout; the body is read before the timer stops. */
  private async attempt(
    url: string,
    init: RequestInit,
    request: HttpRequest,
    timeout: number,
    signal: AbortSignal | undefined,
  ): Promise<RawResponse> {
    const where = `${request.method} ${request.path}`;
    if (signal?.aborted) throw new RequestAbortedError(`${where}: request aborted`, { cause: signal.reason });
    const controller = new AbortController();
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      controller.abort(new TimeoutError(`${where}: no answer within ${timeout} ms`));
    }, timeout);
    const onAbort = () => controller.abort(signal?.reason);
    signal?.addEventListener('abort', onAbort, { once: true });
    // An injected fetch may ignore the signal: race it, so a timeout always ends the attempt.
    const aborted = new Promise<never>((_resolve, reject) => {
      controller.signal.addEventListener('abort', () => reject(new Error('aborted')), { once: true });
    });
    aborted.catch(() => undefined);
    try {
      const response = await Promise.race([
        this.#options.fetch(url, { ...init, signal: controller.signal }),
        aborted,
      ]);
      const text = await Promise.race([response.text(), aborted]);
      return { status: response.status, ok: response.ok, headers: response.headers, text };
    } catch (error) {
      if (timedOut) throw new TimeoutError(`${where}: no answer within ${timeout} ms`, { cause: error });
      if (signal?.aborted)
        throw new RequestAbortedError(`${where}: request aborted`, { cause: signal.reason });
      throw new ConnectionError(`${where}: connection error (${describe(error)})`, { cause: error });
    } finally {
      clearTimeout(timer);
      signal?.removeEventListener('abort', onAbort);
    }
  }

  private async sleep(ms: number, signal: AbortSignal | undefined): Promise<void> {
    if (this.#options.sleep) await this.#options.sleep(ms);
    else await abortableDelay(ms, signal);
    if (signal?.aborted) throw new RequestAbortedError('request aborted', { cause: signal.reason });
  }
}

function abortableDelay(ms: number, signal: AbortSignal | undefined): Promise<void> {
  return new Promise((resolve) => {
    const done = () => {
      clearTimeout(timer);
      signal?.removeEventListener('abort', done);
      resolve();
    };
    const timer = setTimeout(done, ms);
    signal?.addEventListener('abort', done, { once: true });
  });
}

/** The network reason (ECONNREFUSED, ...), without the URL or any header. */
function describe(error: unknown): string {
  const cause = error instanceof Error ? error.cause : undefined;
  if (typeof cause === 'object' && cause !== null && 'code' in cause && typeof cause.code === 'string')
    return cause.code;
  return error instanceof Error ? error.message : 'unknown';
}
