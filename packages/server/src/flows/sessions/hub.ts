// The kit's change hub for status streams: which streams watch which session, what version of the
// view each one holds, and when to send the next. It hears of changes from the store (`subscribe`:
// in process for memory and SQLite, LISTEN/NOTIFY for PostgreSQL) and, while a pending session has
// a stream open, asks the watcher about that session at its interval (one timer per session however
// many streams watch it). Timers come from an injectable scheduler so tests move time themselves.
import type { Clock } from '../../clock.js';
import { viewVersion } from '../../http/event-stream.js';
import { describeError, type Logger } from '../../log.js';
import type { Scheduler } from '../../streams/options.js';
import type { SessionBook, SessionRecord } from './book.js';

/** One open stream, as the hub sees it: the version it holds and how to reach it. */
export interface StreamSink {
  /** the event id (view version) the stream's client holds, null before the first */
  version: string | null;
  /** a session view event (`id` is its version); `data` is the view's JSON, one string for every sink */
  send(version: string, data: string): void;
  /** a comment line that keeps proxies and the browser from giving up on a quiet stream */
  heartbeat(): void;
  /** the session reached a final state: end the stream */
  end(): void;
  /** the instance is going away: tell the client to reconnect soon (elsewhere), then end the stream */
  reconnect(): void;
}

export interface HubOptions {
  sessions: SessionBook;
  /** hears of each changed session's id (the store's change feed); answers the unsubscribe */
  subscribe: (listener: (sessionId: string) => void) => () => void;
  /** the session brought up to date by the watcher's check, when one is due */
  refresh: (session: SessionRecord) => Promise<SessionRecord>;
  clock: Clock;
  logger: Logger;
  scheduler: Scheduler;
  /** how often a watched pending session is checked, ms (the watcher's interval) */
  checkIntervalMs: number;
  heartbeatMs: number;
  /** the session's view as the status route answers it (without server_time) */
  view: (session: SessionRecord) => Promise<object>;
}

interface Watched {
  sinks: Set<StreamSink>;
  timer: unknown;
  /** updates run one after another so that no stream sees an older view after a newer one */
  queue: Promise<void>;
}

export class SessionHub {
  private readonly options: HubOptions;
  private readonly watched = new Map<string, Watched>();
  private streams = 0;
  private heartbeatTimer: unknown = null;
  private readonly unsubscribe: () => void;
  private closed = false;

  constructor(options: HubOptions) {
    this.options = options;
    this.unsubscribe = options.subscribe((sessionId) => this.changed(sessionId));
  }

  /** Open streams on this instance. */
  get size(): number {
    return this.streams;
  }

  /** Sessions with at least one open stream (each has one check timer while pending). */
  get sessions(): number {
    return this.watched.size;
  }

  /**
   * Registers a stream on a session (once admitted): it is sent the current view unless it holds that
   * version already, then every change. Answers the release, safe to call more than once.
   */
  open(sessionId: string, sink: StreamSink): () => void {
    this.streams++;
    let entry = this.watched.get(sessionId);
    if (!entry) {
      entry = { sinks: new Set(), timer: null, queue: Promise.resolve() };
      this.watched.set(sessionId, entry);
    }
    entry.sinks.add(sink);
    this.startHeartbeat();
    this.changed(sessionId);
    let released = false;
    return () => {
      if (released) return;
      released = true;
      this.streams--;
      const current = this.watched.get(sessionId);
      if (current?.sinks.delete(sink) && current.sinks.size === 0) this.forget(sessionId, current);
      if (this.streams === 0) this.stopHeartbeat();
    };
  }

  /**
   * Tells every open stream to reconnect and ends it, and stops every timer (the instance drains or
   * the kit is closing). Safe to call more than once.
   */
  close(): void {
    this.closed = true;
    this.unsubscribe();
    for (const [sessionId, entry] of this.watched) {
      for (const sink of [...entry.sinks]) sink.reconnect();
      this.forget(sessionId, entry);
    }
    this.stopHeartbeat();
  }

  /** A session may have changed: bring its streams up to date (in order, one update at a time). */
  private changed(sessionId: string): void {
    // '*': the store cannot say which (its announcements were lost for a while), so every one
    if (sessionId === '*') {
      for (const id of [...this.watched.keys()]) this.changed(id);
      return;
    }
    const entry = this.watched.get(sessionId);
    if (!entry) return;
    entry.queue = entry.queue.then(() => this.update(sessionId, entry));
  }

  private async update(sessionId: string, entry: Watched): Promise<void> {
    if (this.watched.get(sessionId) !== entry) return;
    let session: SessionRecord | null;
    try {
      session = await this.options.sessions.get(sessionId);
    } catch (error) {
      this.options.logger.warn('status stream: reading the session failed', {
        sessionId,
        error: describeError(error),
      });
      return;
    }
    if (!session || this.watched.get(sessionId) !== entry) return;
    const stable = await this.options.view(session);
    if (this.watched.get(sessionId) !== entry) return;
    const version = viewVersion(stable);
    // serialised once however many streams watch the session (a fan-out to thousands)
    const data = JSON.stringify({ ...stable, server_time: new Date(this.options.clock.now()).toISOString() });
    for (const sink of entry.sinks) {
      if (sink.version === version) continue;
      sink.version = version;
      sink.send(version, data);
    }
    if (session.status !== 'pending') {
      // final: nothing more will be sent (a renewal happens through a new request, then a new stream)
      for (const sink of entry.sinks) sink.end();
      this.forget(sessionId, entry);
    } else if (entry.timer === null) {
      this.scheduleCheck(sessionId, entry);
    }
  }

  /** While a pending session is watched, the kit asks the provider about it at the watcher's interval. */
  private scheduleCheck(sessionId: string, entry: Watched): void {
    entry.timer = this.options.scheduler.setTimeout(() => {
      entry.timer = null;
      void this.check(sessionId, entry);
    }, this.options.checkIntervalMs);
  }

  private async check(sessionId: string, entry: Watched): Promise<void> {
    if (this.watched.get(sessionId) !== entry) return;
    try {
      const session = await this.options.sessions.get(sessionId);
      // a change is announced by the store; without `subscribe`, the update below finds it
      if (session) await this.options.refresh(session);
    } catch (error) {
      // an outage is the breaker's to log; the stream stays and the next check may succeed
      this.options.logger.debug('status stream: payment check failed', {
        sessionId,
        error: describeError(error),
      });
    }
    if (this.watched.get(sessionId) !== entry) return;
    this.changed(sessionId);
    await entry.queue;
    if (this.watched.get(sessionId) === entry && entry.timer === null) this.scheduleCheck(sessionId, entry);
  }

  private forget(sessionId: string, entry: Watched): void {
    if (entry.timer !== null) this.options.scheduler.clearTimeout(entry.timer);
    entry.timer = null;
    entry.sinks.clear();
    if (this.watched.get(sessionId) === entry) this.watched.delete(sessionId);
  }

  private startHeartbeat(): void {
    if (this.heartbeatTimer !== null) return;
    this.heartbeatTimer = this.options.scheduler.setTimeout(() => {
      this.heartbeatTimer = null;
      for (const entry of this.watched.values()) for (const sink of entry.sinks) sink.heartbeat();
      if (this.streams > 0 && !this.closed) this.startHeartbeat();
    }, this.options.heartbeatMs);
  }

  private stopHeartbeat(): void {
    if (this.heartbeatTimer !== null) this.options.scheduler.clearTimeout(this.heartbeatTimer);
    this.heartbeatTimer = null;
  }
}
