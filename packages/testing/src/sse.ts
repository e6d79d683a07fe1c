// Test support: reads a Server-Sent Events body as the browser's EventSource would parse it.

export interface SseEvent {
  /** `message` unless the event names itself; `comment` for a comment line (heartbeats) */
  type: string;
  id: string | null;
  data: string;
}

export class SseReader {
  private readonly reader: ReadableStreamDefaultReader<Uint8Array>;
  private readonly decoder = new TextDecoder();
  private buffer = '';
  /** Every block read so far, comments included, in order. */
  readonly seen: SseEvent[] = [];

  constructor(body: ReadableStream<Uint8Array>) {
    this.reader = body.getReader();
  }

  /** The next event or comment; null once the stream has ended. */
  async next(): Promise<SseEvent | null> {
    for (;;) {
      const end = this.buffer.indexOf('\n\n');
      if (end >= 0) {
        const block = this.buffer.slice(0, end);
        this.buffer = this.buffer.slice(end + 2);
        const event = parseBlock(block);
        if (!event) continue;
        this.seen.push(event);
        return event;
      }
      const { done, value } = await this.reader.read();
      if (done) return null;
      this.buffer += this.decoder.decode(value, { stream: true });
    }
  }

  /** The next event that is not a comment. */
  async nextEvent(): Promise<SseEvent | null> {
    for (;;) {
      const event = await this.next();
      if (!event || event.type !== 'comment') return event;
    }
  }

  cancel(): Promise<void> {
    return this.reader.cancel();
  }
}

function parseBlock(block: string): SseEvent | null {
  let type = 'message';
  let id: string | null = null;
  const data: string[] = [];
  let comment = false;
  let fields = false;
  for (const line of block.split('\n')) {
    if (line.startsWith(':')) {
      comment = true;
      data.push(line.slice(1).trim());
      continue;
    }
    const colon = line.indexOf(':');
    const name = colon < 0 ? line : line.slice(0, colon);
    const value = colon < 0 ? '' : line.slice(colon + 1).replace(/^ /, '');
    if (name === 'event') type = value;
    else if (name === 'id') id = value;
    else if (name === 'data') data.push(value);
    else if (name === 'retry') continue;
    fields = fields || name === 'data';
  }
  if (fields) return { type, id, data: data.join('\n') };
  return comment ? { type: 'comment', id: null, data: data.join('\n') } : null;
}
