// The backend under test, asked as the elements ask it: JSON bodies declared as such, no cookies, no
// credentials, conditional GETs, status streams. Every answer is kept whole (status, headers, text,
// the JSON if it is some) for the rules to judge, up to a bound: a backend may be hostile, and an
// answer read without one took the runner to 4 GB of memory (1 GiB answers).
import { BodyError, readBytes } from '@pay-elements/http';
import { EventStreamReader } from './sse.js';

export interface Answer {
  status: number;
  headers: Headers;
  text: string;
  /** the body parsed as JSON, or undefined when it is not JSON */
  json: unknown;
  /** "POST /sessions", for messages */
  what: string;
}

export interface Ask {
  method?: 'GET' | 'POST';
  /** sent as JSON text unless a string (sent as it is) */
  body?: unknown;
  headers?: Record<string, string>;
}

export interface OpenStream {
  /** the answer's status and headers (its body is the stream when 200) */
  answer: Omit<Answer, 'text' | 'json'>;
  reader: EventStreamReader | null;
  close(): Promise<void>;
}

/** How long one request may take before it counts as unanswered, ms. */
const REQUEST_MS = 15_000;

/** The most bytes of an answer the runner reads: a view is a few KiB, so 4 MiB is generous. */
export const ANSWER_LIMIT_BYTES = 4 * 1024 * 1024;

/** The body of `response` as text, read to ANSWER_LIMIT_BYTES at most (then the rule fails). */
async function boundedText(response: Response, what: string): Promise<string> {
  try {
    return new TextDecoder().decode(await readBytes(response, ANSWER_LIMIT_BYTES));
  } catch (error) {
    await response.body?.cancel().catch(() => undefined);
    if (error instanceof BodyError && error.problem === 'too_large')
      throw new Error(
        `${what}: answer larger than ${ANSWER_LIMIT_BYTES} bytes (the runner stops reading there)`,
        { cause: error },
      );
    throw new Error(`${what}: the answer was cut off or took over ${REQUEST_MS / 1000} s`, { cause: error });
  }
}

export class Backend {
  /** `base`: the base URL of the widget routes, "https://shop.example/pay" */
  constructor(readonly base: string) {}

  url(path: string): string {
    return `${this.base.replace(/\/+$/, '')}${path}`;
  }

  async ask(path: string, ask: Ask = {}): Promise<Answer> {
    const method = ask.method ?? (ask.body === undefined ? 'GET' : 'POST');
    const headers: Record<string, string> = { accept: 'application/json', ...ask.headers };
    let body: string | undefined;
    if (ask.body !== undefined) {
      body = typeof ask.body === 'string' ? ask.body : JSON.stringify(ask.body);
      headers['content-type'] ??= 'application/json';
    }
    const what = `${method} ${path}`;
    const response = await fetch(this.url(path), {
      method,
      headers,
      body,
      redirect: 'manual',
      signal: AbortSignal.timeout(REQUEST_MS),
    }).catch((error: unknown) => {
      throw new Error(
        `${what} could not be asked: ${error instanceof Error ? error.message : String(error)}`,
      );
    });
    const text = await boundedText(response, what);
    let json: unknown;
    try {
      json = JSON.parse(text);
    } catch {
      json = undefined;
    }
    return { status: response.status, headers: response.headers, text, json, what };
  }

  /** Opens a status stream as EventSource does (`Accept: text/event-stream`, Last-Event-ID to resume). */
  async stream(path: string, lastEventId?: string): Promise<OpenStream> {
    const controller = new AbortController();
    const headers: Record<string, string> = { accept: 'text/event-stream', 'cache-control': 'no-cache' };
    if (lastEventId !== undefined) headers['last-event-id'] = lastEventId;
    const timer = setTimeout(() => controller.abort(), REQUEST_MS);
    try {
      const response = await fetch(this.url(path), { headers, signal: controller.signal });
      clearTimeout(timer);
      const answer = { status: response.status, headers: response.headers, what: `GET ${path}` };
      const isStream = response.status === 200 && response.body !== null;
      const reader = isStream && response.body ? new EventStreamReader(response.body, answer.what) : null;
      if (!reader) await response.body?.cancel().catch(() => undefined);
      return {
        answer,
        reader,
        close: async () => {
          await reader?.cancel();
          controller.abort();
        },
      };
    } catch (error) {
      clearTimeout(timer);
      const why = error instanceof Error ? error.message : String(error);
      throw new Error(`GET ${path} could not be asked: ${why}`, { cause: error });
    }
  }
}
