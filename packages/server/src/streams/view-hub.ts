// The streams of views read by a key (a flow's view of one subject): who watches which key, and what each stream holds. A change comes at once when the kit
// hears of it (`changed`: a webhook, the store's change feed), and, as the fallback, from one read
// per watched key per interval however many streams watch it (`beforeCheck` first: the watcher's
// merchant-wide check, when the view is the kit's own record). A stream ends once its view is final,
// or is told to reconnect elsewhere when the instance drains.
import { eventFrame, viewVersion } from '../http/event-stream.js';
import { describeError, type Logger } from '../log.js';
import type { StreamConfig } from './options.js';

export interface ViewSink {
  version: string | null;
  send(bytes: Uint8Array): void;
  heartbeat(): void;
  end(): void;
  /** the instance is going away: tell the client to reconnect soon (elsewhere), then end the stream */
  reconnect(): void;
}

interface Watched {
  sinks: Set<ViewSink>;
  timer: unknown;
  heartbeat: unknown;
  queue: Promise<void>;
}

export interface ViewHubOptions<V extends object> {
  /** the SSE event's name (the flow's view's) */
  event: string;
  /** the view as its route answers it (without server_time), and when it was read */
  viewOf: (key: string) => Promise<{ view: V; now: number }>;
  /** whether nothing more will change: the stream ends after sending it */
  final?: (view: V) => boolean;
  /** before each periodic read (the watcher's check); a failure is logged, the read goes on */
  beforeCheck?: () => Promise<void>;
  logger: Logger;
  streams: StreamConfig;
  /** how often a watched key is read again, ms (the fallback of `changed`) */
  checkIntervalMs: number;
}

export class ViewHub<V extends object> {
  private readonly watched = new Map<string, Watched>();
  constructor(private readonly options: ViewHubOptions<V>) {}

  /** Keys with at least one open stream. */
  get keys(): number {
    return this.watched.size;
  }

  /** Starts a stream of `key` into `sink`; answers how to stop it. */
  watch(key: string, sink: ViewSink): () => void {
    const { scheduler } = this.options.streams;
    let entry = this.watched.get(key);
    if (!entry) {
      entry = { sinks: new Set(), timer: null, heartbeat: null, queue: Promise.resolve() };
      this.watched.set(key, entry);
      this.schedule(key, entry);
      const beat = () => {
        for (const s of entry?.sinks ?? []) s.heartbeat();
        if (entry) entry.heartbeat = scheduler.setTimeout(beat, this.options.streams.heartbeatMs);
      };
      entry.heartbeat = scheduler.setTimeout(beat, this.options.streams.heartbeatMs);
    }
    entry.sinks.add(sink);
    void this.refresh(key, [sink]);
    let released = false;
    return () => {
      if (released) return;
      released = true;
      const current = this.watched.get(key);
      if (!current) return;
      current.sinks.delete(sink);
      if (current.sinks.size === 0) this.forget(key, current);
    };
  }

  /** The key's view changed: every stream of it hears now. `'*'`: any may have. */
  changed(key: string): void {
    if (key === '*') for (const watched of [...this.watched.keys()]) this.changed(watched);
    else if (this.watched.has(key)) void this.refresh(key);
  }

  /** Tells every open stream to reconnect (elsewhere) and ends it, and stops every timer. */
  close(): void {
    for (const [key, entry] of this.watched) {
      for (const sink of [...entry.sinks]) sink.reconnect();
      this.forget(key, entry);
    }
  }

  private schedule(key: string, entry: Watched): void {
    entry.timer = this.options.streams.scheduler.setTimeout(() => {
      void this.check(key).then(() => {
        if (this.watched.get(key) === entry) this.schedule(key, entry);
      });
    }, this.options.checkIntervalMs);
  }

  private async check(key: string): Promise<void> {
    try {
      await this.options.beforeCheck?.();
    } catch (error) {
      // an outage is the breaker's to log; the streams stay and the next check may succeed
      this.options.logger.debug(`${this.options.event} stream: check failed`, {
        error: describeError(error),
      });
    }
    await this.refresh(key);
  }

  private forget(key: string, entry: Watched): void {
    const { scheduler } = this.options.streams;
    scheduler.clearTimeout(entry.timer);
    scheduler.clearTimeout(entry.heartbeat);
    if (this.watched.get(key) === entry) this.watched.delete(key);
  }

  /** Reads the view once and sends it to the sinks (all, or `only`) that do not hold it yet. */
  private refresh(key: string, only?: ViewSink[]): Promise<void> {
    const entry = this.watched.get(key);
    if (!entry) return Promise.resolve();
    entry.queue = entry.queue.then(async () => {
      let view: V;
      let now: number;
      try {
        ({ view, now } = await this.options.viewOf(key));
      } catch (error) {
        // the provider or the store is down or slow: the streams stay open, the next check tries again
        this.options.logger.warn(`${this.options.event} stream check failed`, {
          error: describeError(error),
        });
        return;
      }
      const version = viewVersion(view);
      const data = JSON.stringify({ ...view, server_time: new Date(now).toISOString() });
      const bytes = eventFrame(this.options.event, version, data);
      const final = this.options.final?.(view) ?? false;
      for (const sink of only ?? [...entry.sinks]) {
        if (!entry.sinks.has(sink)) continue;
        if (sink.version !== version) {
          sink.version = version;
          sink.send(bytes);
        }
        if (final) sink.end();
      }
    });
    return entry.queue;
  }
}
