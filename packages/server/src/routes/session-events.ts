// GET /sessions/:id/events: the session's status as Server-Sent Events. The first event is the
// current view (unless Last-Event-ID says the client holds it), then one per change; each event's
// id is the view's version (its ETag without quotes); a comment line every heartbeat; the stream
// ends after a final state. Past a limit the answer is an error status, which makes EventSource
// give up, and the element polls instead.
import { endpoints } from '@pay-elements/protocol';
import type { Clock } from '../options.js';
import { SessionHub, viewVersion } from '../streams/session-hub.js';
import { HttpError } from '../errors.js';
import type { Logger } from '../log.js';
import { clientKeyOrShared } from '../provider/rate-limit.js';
import type { Route } from '../http/router.js';
import type { StableSessionView } from './sessions.js';
import type { SessionRecord } from '../store/parts.js';
import type { PayStore } from '../store/parts.js';
import type { StreamConfig } from '../streams/options.js';
import type { PaymentWatcher } from '../provider/watcher.js';

/** How soon (s) a refused client may try a stream again; it polls meanwhile. */
const RETRY_AFTER_SECONDS = 30;

/** How soon (ms) a stream ended by a draining instance is told to reconnect (to another instance). */
const RECONNECT_MS = 500;

const HEARTBEAT = new TextEncoder().encode(': keep-alive\n\n');

export const STREAM_HEADERS = {
  'content-type': 'text/event-stream; charset=utf-8',
  'cache-control': 'no-store',
  'x-accel-buffering': 'no',
  'x-content-type-options': 'nosniff',
} as const;

export interface EventRouteOptions {
  store: PayStore;
  watcher: PaymentWatcher;
  clock: Clock;
  logger: Logger;
  streams: StreamConfig;
  /** the watcher's interval, ms: how often a watched pending session is checked */
  checkIntervalMs: number;
  maxBodyBytes: number;
  /** the session's view as the status route answers it (without server_time) */
  view: (session: SessionRecord) => Promise<StableSessionView>;
  clientKey: ((request: Request) => string) | undefined;
}

/** The route and its hub (the handler closes the hub on close()). */
export function eventRoutes(options: EventRouteOptions): { routes: Route[]; hub: SessionHub | null } {
  if (!options.streams.enabled) return { routes: [], hub: null };
  const { store, logger } = options;
  const hub = new SessionHub({
    store,
    watcher: options.watcher,
    clock: options.clock,
    logger,
    scheduler: options.streams.scheduler,
    checkIntervalMs: Math.max(options.checkIntervalMs, 1000),
    heartbeatMs: options.streams.heartbeatMs,
    maxStreams: options.streams.maxStreams,
    maxStreamsPerClient: options.streams.maxStreamsPerClient,
    view: options.view,
  });
  const keyOf = clientKeyOrShared(options.clientKey, logger, 'status streams');
  const encoder = new TextEncoder();
  const retry = encoder.encode(`retry: ${options.streams.retryMs}\n\n`);
  // the instance is going away: EventSource reconnects this soon after the clean end, to another one
  const reconnectSoon = encoder.encode(`retry: ${RECONNECT_MS}\n: reconnect\n\n`);
  // the last event frame encoded: every stream of a session is sent the same bytes
  let lastFrame = { version: '', data: '', bytes: new Uint8Array() };
  function frame(version: string, data: string): Uint8Array {
    if (lastFrame.version !== version || lastFrame.data !== data) {
      const text = `id: ${version}\nevent: session\ndata: ${data}\n\n`;
      lastFrame = { version, data, bytes: encoder.encode(text) };
    }
    return lastFrame.bytes;
  }

  const events: Route = {
    ...endpoints.events,
    maxBodyBytes: options.maxBodyBytes,
    async handle({ request, params, log }) {
      const session = await store.sessions.get(params['id'] ?? '');
      if (!session) throw new HttpError('not_found', 'No such session.');
      const held = request.headers.get('last-event-id');
      // a final session the client already holds: 204 tells EventSource to stop reconnecting
      if (session.status !== 'pending' && held === viewVersion(await options.view(session)))
        return new Response(null, { status: 204, headers: { 'cache-control': 'no-store' } });
      // HEAD: what a stream would be, without one (Hono would drop its body and never free its place)
      if (request.method === 'HEAD') return new Response(null, { status: 200, headers: STREAM_HEADERS });
      const key = keyOf(request, log);
      const admission = hub.admit(key);
      if (admission !== 'ok') {
        const headers = { 'retry-after': String(RETRY_AFTER_SECONDS) };
        if (admission === 'client-full')
          throw new HttpError('rate_limited', 'Too many status streams from this client; poll instead.', {
            headers,
          });
        throw new HttpError('upstream_unavailable', 'Too many status streams open; poll instead.', {
          headers,
        });
      }
      return eventStream(request, retry, ({ write, heartbeat, end }) =>
        hub.open(session.id, key, {
          version: held,
          send: (version, data) => write(frame(version, data)),
          heartbeat,
          end,
          reconnect: () => {
            write(reconnectSoon);
            end();
          },
        }),
      );
    },
  };

  return { routes: [events], hub };
}

/** What feeds a status stream is given: raw bytes out, a heartbeat comment, the end of the stream. */
export interface EventStreamWriter {
  write: (bytes: Uint8Array) => void;
  heartbeat: () => void;
  end: () => void;
}

/**
 * A Server-Sent Events answer: the `retry` hint first, then what `feed` writes until it ends the
 * stream or the client goes away (the request aborts, or the body is cancelled). `feed` answers how
 * to let go of what feeds the stream, called once it is over, however it ended.
 */
export function eventStream(
  request: Request,
  retry: Uint8Array,
  feed: (writer: EventStreamWriter) => () => void,
): Response {
  let release = (): void => undefined;
  let open = true;
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      const write = (bytes: Uint8Array): void => {
        if (open) controller.enqueue(bytes);
      };
      const end = (): void => {
        release();
        if (!open) return;
        open = false;
        controller.close();
      };
      write(retry);
      release = feed({ write, heartbeat: () => write(HEARTBEAT), end });
      request.signal.addEventListener('abort', end, { once: true });
    },
    cancel() {
      open = false;
      release();
    },
  });
  return new Response(body, { status: 200, headers: STREAM_HEADERS });
}
