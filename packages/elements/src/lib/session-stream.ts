// The status streams of the page: one EventSource per endpoint and session, shared by every element
// showing that session (two widgets of one checkout hold one connection to the kit). Views are
// parsed like polled ones; a stream the kit refuses (404, 429, 503, any answer that is not a
// stream), that a policy blocks, or that sends something unparseable is reported as failed so the
// elements poll instead. It counts as open only once it has sent a `session` event the elements
// read: a backend whose events have no name (`data:` alone) is never heard, so the elements go on
// polling. A final view closes it. One the browser closed without a word is opened again when the
// page comes back (`reviveSession`).
//
// The protocol (the stream's URL, a `session` event's view checked by the guards) is given to each
// function rather than imported (./session-stream-protocol.ts is the one the elements give): this code
// loads lazily, and a module it shared with an element's first load would be split by a merchant's
// bundler into a chunk of its own, one more file on the first load.
import type { SessionView } from '@pay-elements/protocol';
import { openEventSource, warnUnnamed } from './event-source.js';

/** How a stream reads the protocol: its URL, and the view a `session` event carries (null: not one). */
export interface StreamProtocol {
  url(endpoint: string, session: string): string;
  parse(data: string, url: string): SessionView | null;
}

/**
 * `connecting`: not open yet (or no event read from it yet), or dropped and being reopened by the
 * browser (Last-Event-ID resumes); `open`: events flow, the elements read them; `failed`: given up (refused, blocked, or unusable): poll instead;
 * `ended`: closed after a final view.
 */
export type StreamState = 'connecting' | 'open' | 'failed' | 'ended';

export interface StreamListener {
  /** A view from the stream, with its version (the kit's ETag without quotes). */
  view(view: SessionView, version: string | null): void;
  state(state: StreamState): void;
}

interface Shared {
  source: EventSource;
  listeners: Set<StreamListener>;
  state: StreamState;
  last: { view: SessionView; version: string | null } | null;
  /** a `session` event was read from it: it speaks the protocol, and open means views arrive */
  heard?: boolean;
  /** lets go of a stream opened ahead of its elements (`openSessionStream`) once one of them listens */
  ahead?: () => void;
}

const streams = new Map<string, Shared>();

/** Streams open on this page (one per endpoint and session), for tests and diagnostics. */
export function openStreamCount(): number {
  return streams.size;
}

function finish(url: string, shared: Shared, state: 'failed' | 'ended'): void {
  shared.source.close();
  if (streams.get(url) === shared) streams.delete(url);
  shared.state = state;
  for (const listener of [...shared.listeners]) listener.state(state);
  shared.listeners.clear();
}

function tell(shared: Shared, state: 'open' | 'connecting'): void {
  shared.state = state;
  for (const listener of [...shared.listeners]) listener.state(state);
}

/** Listens to `shared`'s (new) source. */
function wire(protocol: StreamProtocol, url: string, shared: Shared): void {
  const { source } = shared;
  // open counts once the stream has been heard: until then the elements keep polling
  source.addEventListener('open', () => shared.heard && tell(shared, 'open'));
  source.addEventListener('error', () => {
    // CLOSED: refused, blocked or not a stream (the browser will not retry); otherwise it reconnects
    if (source.readyState === EventSource.CLOSED) return finish(url, shared, 'failed');
    tell(shared, 'connecting');
  });
  source.addEventListener('session', (event: MessageEvent<string>) => {
    const view = protocol.parse(event.data, url);
    if (!view) return finish(url, shared, 'failed');
    const version = event.lastEventId === '' ? null : event.lastEventId;
    shared.last = { view, version };
    for (const listener of [...shared.listeners]) listener.view(view, version);
    if (view.status !== 'pending') return finish(url, shared, 'ended');
    if (!shared.heard) {
      shared.heard = true;
      tell(shared, 'open');
    }
  });
  warnUnnamed(source, url);
}

/**
 * Opens the session's stream again if the browser closed it without an error event (iOS Safari on
 * an app switch, a page kept in the back/forward cache): its listeners hear `connecting`, then
 * `open`. A stream that is open, reconnecting, or was refused stays as it is.
 */
export function reviveSession(protocol: StreamProtocol, endpoint: string, session: string): void {
  const url = protocol.url(endpoint, session);
  const shared = streams.get(url);
  if (shared?.source.readyState !== EventSource.CLOSED) return;
  const source = openEventSource(url);
  if (!source) return finish(url, shared, 'failed');
  shared.source = source;
  wire(protocol, url, shared);
  tell(shared, 'connecting');
}

/**
 * Listens to the session's stream (opening it, or joining the page's open one: a listener that joins
 * is told its state and last view in a microtask). Answers the release; the stream closes with its last
 * listener. Without EventSource (server-side rendering, old browsers), or when the browser refuses
 * the stream at once, the listener is told `failed`.
 */
export function listenToSession(
  protocol: StreamProtocol,
  endpoint: string,
  session: string,
  listener: StreamListener,
): () => void {
  const url = typeof EventSource === 'undefined' ? '' : protocol.url(endpoint, session);
  let shared = streams.get(url);
  const joined = shared !== undefined;
  if (!shared) {
    const source = url ? openEventSource(url) : null;
    if (!source) {
      queueMicrotask(() => listener.state('failed'));
      return () => undefined;
    }
    shared = { source, listeners: new Set(), state: 'connecting', last: null };
    wire(protocol, url, shared);
    streams.set(url, shared);
  }
  const current = shared;
  current.listeners.add(listener);
  current.ahead?.();
  if (joined) {
    // told after this call answers, so that the listener holds its release when it hears
    queueMicrotask(() => {
      if (!current.listeners.has(listener)) return;
      listener.state(current.state);
      if (current.last) listener.view(current.last.view, current.last.version);
    });
  }
  return () => {
    if (!current.listeners.delete(listener) || current.listeners.size > 0) return;
    current.source.close();
    if (streams.get(url) === current) streams.delete(url);
  };
}

/**
 * Opens the session's status stream ahead of the elements that will show it, for a page whose script
 * runs before their code has arrived (the hosted checkout on a phone's network: the stream's round trip
 * then overlaps the element's download). The first element that listens joins it, as it would join
 * another element's; the stream is let go of then, or after `waitMs` (10 s) if no element listened, and
 * closes by itself on a final view. Does nothing where there is no EventSource.
 */
export function openSessionStream(
  protocol: StreamProtocol,
  endpoint: string,
  session: string,
  waitMs = 10_000,
): void {
  const url = typeof EventSource === 'undefined' ? '' : protocol.url(endpoint, session);
  if (!url || streams.has(url)) return;
  let release: (() => void) | null = null;
  const letGo = () => {
    clearTimeout(timer);
    const shared = streams.get(url);
    if (shared?.ahead === letGo) delete shared.ahead;
    release?.();
    release = null;
  };
  const timer = setTimeout(letGo, waitMs);
  release = listenToSession(protocol, endpoint, session, { view: () => undefined, state: () => undefined });
  const shared = streams.get(url);
  if (shared) shared.ahead = letGo;
  else letGo();
}
