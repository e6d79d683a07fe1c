// A status stream read as the browser's EventSource reads it (the Server-Sent Events parsing rules),
// keeping what the elements depend on and EventSource hides: each event's name as sent (none is
// `message`), the `retry:` hint, comments, and whether the backend ended the stream.

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

  constructor(body: ReadableStream<Uint8Array>) {
    this.#reader = body.getReader();
  }

  /** The next item, or null when none came within `ms`. */
  async next(ms: number): Promise<StreamItem | null> {
    const deadline = Date.now() + ms;
    while (this.#pending.length === 0) {
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
      this.#lines(this.#decoder.decode(chunk, { stream: true }));
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
    else if (field === 'data') this.#event.data.push(value);
    else if (field === 'id') this.#event.id = value;
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
