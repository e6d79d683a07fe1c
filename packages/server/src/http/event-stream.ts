// A Server-Sent Events answer, as the kit's status streams give them (each flow's view as it
// changes): the `retry` hint first, then what the stream's hub writes until it ends the
// stream or the client goes away; HEAD answers what a stream would be without one; a stream is only
// opened once the instance admits it (streams/admission.ts).
import type { Logger } from '../log.js';
import type { StreamAdmission } from '../streams/admission.js';
import { etagOf } from './answers.js';

/** The version of a view: the ETag of its stable part, without quotes (an SSE event id). */
export function viewVersion(view: object): string {
  return etagOf(view).slice(1, -1);
}

export const STREAM_HEADERS = {
  'content-type': 'text/event-stream; charset=utf-8',
  'cache-control': 'no-store',
  'x-accel-buffering': 'no',
  'x-content-type-options': 'nosniff',
} as const;

const encoder = new TextEncoder();
const HEARTBEAT = encoder.encode(': keep-alive\n\n');
/** How soon (ms) a stream ended by a draining instance is told to reconnect (to another instance). */
const RECONNECT_MS = 500;
/** The instance is going away: EventSource reconnects this soon after the clean end, to another one. */
export const RECONNECT_SOON = encoder.encode(`retry: ${RECONNECT_MS}\n: reconnect\n\n`);

/** One event's bytes: its name, its id (the view's version) and its data (the view's JSON). */
export function eventFrame(event: string, version: string, data: string): Uint8Array {
  return encoder.encode(`id: ${version}\nevent: ${event}\ndata: ${data}\n\n`);
}

/** The `retry:` hint a stream opens with: how long the browser waits before reopening it, ms. */
export function retryHint(retryMs: number): Uint8Array {
  return encoder.encode(`retry: ${retryMs}\n\n`);
}

/** 204: the client holds the final view already, so EventSource stops reconnecting. */
export function nothingMore(): Response {
  return new Response(null, { status: 204, headers: { 'cache-control': 'no-store' } });
}

/** What feeds a status stream is given: raw bytes out, a heartbeat comment, the end of the stream. */
export interface EventStreamWriter {
  write: (bytes: Uint8Array) => void;
  heartbeat: () => void;
  end: () => void;
}

/**
 * What every hub's stream holds but the way it is sent events: the version the client holds (its
 * Last-Event-ID), its heartbeat and end, and on a drain a hint to reconnect soon (elsewhere), then the end.
 */
export function streamSink(writer: EventStreamWriter, held: string | null) {
  return {
    version: held,
    heartbeat: writer.heartbeat,
    end: writer.end,
    reconnect: () => {
      writer.write(RECONNECT_SOON);
      writer.end();
    },
  };
}

export interface OpenStream {
  request: Request;
  log: Logger;
  admission: StreamAdmission;
  /** who the request comes from, for the per-client limit */
  clientKey: string;
  /** the `retry:` hint's bytes */
  retry: Uint8Array;
  /** registers the stream with its hub; answers how to let go of it, called once it is over */
  feed: (writer: EventStreamWriter) => () => void;
}

/**
 * The stream's answer: HEAD gets the headers alone; otherwise the stream, once admitted (429 or 503
 * when it is not), counted until it ends however it ends.
 */
export function openEventStream(open: OpenStream): Response {
  // HEAD: what a stream would be, without one (Hono would drop its body and never free its place)
  if (open.request.method === 'HEAD') return new Response(null, { status: 200, headers: STREAM_HEADERS });
  // the instance is going away: the browser reconnects in a moment, to another instance (a 503 would
  // make EventSource give up and the page poll)
  if (open.admission.draining) return new Response(RECONNECT_SOON, { status: 200, headers: STREAM_HEADERS });
  const leave = open.admission.enter(open.clientKey, open.log);
  return eventStream(open.request, open.retry, (writer) => {
    const release = open.feed(writer);
    return () => {
      release();
      leave();
    };
  });
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
