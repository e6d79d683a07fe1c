// A status stream read as the browser's EventSource reads it (the Server-Sent Events parsing rules),
// keeping what the elements depend on and EventSource hides: each event's name as sent (none is
// `message`), the `retry:` hint, comments, and whether the backend ended the stream. Read to a bound,
// as answers are (backend.ts): an event past EVENT_LIMIT_BYTES, or a stream past STREAM_LIMIT_BYTES,
// fails the rule reading it and the connection is let go.

/** The most bytes of one event (or one line): a session view is a few KiB. */
export const EVENT_LIMIT_BYTES = 1024 * 1024;
/** The most bytes the runner reads of one stream, however long it stays open. */
export const STREAM_LIMIT_BYTES = 16 * 1024 * 1024;

export interface StreamEvent {
  /** the `event:` field, or '' when the event named none (EventSource's `message`) */
  name: string;
  /** the `id:` field, or null when the event had none */
  id: string | null;
  data: string;
}

export type StreamItem =
  | { kind: 'event'; event: StreamEvent }
  | { kind: 'retry'; ms: number }
  | { kind: 'comment'; text: string }
  | { kind: 'end' };

/** Reads the items of an event stream's body one at a time, each within a time limit. */
export class EventStreamReader {
  readonly #reader: ReadableStreamDefaultReader<Uint8Array>;
  readonly #decoder = new TextDecoder();
  #buffer = '';
  #pending: StreamItem[] = [];
  #ended = false;
  #event: { name: string; id: string | null; data: string[] } = { name: '', id: null, data: [] };
  /** a read still under way when a wait ran out: the next wait takes its chunk */
  #reading: Promise<Uint8Array | 'done'> | null = null;
  /** bytes read so far, and the characters of the event being read (each is at least a byte) */
  #bytes = 0;
  #eventChars = 0;
  /** a bound passed: every later read fails with it */
  #failure: Error | null = null;

  /** `what`: "GET /sessions/…/events", for messages */
  constructor(
    body: ReadableStream<Uint8Array>,
    private readonly what = 'the stream',
  ) {
    this.#reader = body.getReader();
  }

  /** The next item, or null when none came within `ms`; throws once the stream passed a bound. */
  async next(ms: number): Promise<StreamItem | null> {
    const deadline = Date.now() + ms;
    while (this.#pending.length === 0) {
      if (this.#failure) throw this.#failure;
      if (this.#ended) return { kind: 'end' };
      const left = deadline - Date.now();
      if (left <= 0) return null;
      this.#reading ??= this.#reader.read().then(
        (r) => (r.done ? 'done' : r.value),
        // the connection failed or was cut: the stream is over
        () => 'done' as const,
      );
      const chunk = await within(this.#reading, left);
      if (chunk !== 'timeout') this.#reading = null;
      if (chunk === 'timeout') return null;
      if (chunk === 'done') {
        this.#ended = true;
        this.#lines(`${this.#decoder.decode()}\n\n`);
        continue;
      }
      this.#bytes += chunk.byteLength;
      if (this.#bytes > STREAM_LIMIT_BYTES)
        await this.#fail(`answer larger than ${STREAM_LIMIT_BYTES} bytes (the runner stops reading there)`);
      this.#lines(this.#decoder.decode(chunk, { stream: true }));
      if (this.#buffer.length + this.#eventChars > EVENT_LIMIT_BYTES)
        await this.#fail(`an event larger than ${EVENT_LIMIT_BYTES} bytes (the runner stops reading there)`);
    }
    return this.#pending.shift() ?? null;
  }

  /** The next event (comments and hints passed over, and kept), or the end, or null after `ms`. */
  async nextEvent(ms: number, seen?: StreamItem[]): Promise<StreamEvent | 'end' | null> {
    const deadline = Date.now() + ms;
    for (;;) {
      const item = await this.next(Math.max(0, deadline - Date.now()));
      if (item === null) return null;
      seen?.push(item);
      if (item.kind === 'event') return item.event;
      if (item.kind === 'end') return 'end';
    }
  }

  /** Lets go of the connection. */
  async cancel(): Promise<void> {
    this.#ended = true;
    await this.#reader.cancel().catch(() => undefined);
  }

  async #fail(why: string): Promise<never> {
    this.#failure = new Error(`${this.what}: ${why}`);
    this.#pending = [];
    this.#buffer = '';
    await this.cancel();
    throw this.#failure;
  }

  #lines(text: string): void {
    this.#buffer += text;
    const lines = this.#buffer.split(/\r\n|\r|\n/);
    this.#buffer = lines.pop() ?? '';
    for (const line of lines) this.#line(line);
  }

  #line(line: string): void {
    if (line === '') {
      const { name, id, data } = this.#event;
      if (data.length > 0) this.#pending.push({ kind: 'event', event: { name, id, data: data.join('\n') } });
      this.#event = { name: '', id: null, data: [] };
      this.#eventChars = 0;
      return;
    }
    if (line.startsWith(':')) {
      this.#pending.push({ kind: 'comment', text: line.slice(1).trim() });
      return;
    }
    const colon = line.indexOf(':');
    const field = colon < 0 ? line : line.slice(0, colon);
    const value = colon < 0 ? '' : line.slice(colon + 1).replace(/^ /, '');
    if (field === 'event') this.#event.name = value;
    else if (field === 'data') {
      this.#event.data.push(value);
      this.#eventChars += value.length + 1;
    } else if (field === 'id') this.#event.id = value;
    else if (field === 'retry' && /^\d+$/.test(value))
      this.#pending.push({ kind: 'retry', ms: Number(value) });
  }
}

/** `promise`'s value, or 'timeout' after `ms`. */
async function within<T>(promise: Promise<T>, ms: number): Promise<T | 'timeout'> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<'timeout'>((resolve) => (timer = setTimeout(() => resolve('timeout'), ms)));
  try {
    return await Promise.race([promise, timeout]);
  } finally {
    clearTimeout(timer);
  }
}
