// A view the kit pushes as Server-Sent Events (an invoice's status): one EventSource, each event's
// view checked like an answer, and word of whether the stream is open (the host polls whenever it is
// not). Loaded on the first listen, so no part of an element's first load. Where EventSource is
// missing or the browser refuses the stream, nothing opens and the host polls.
import { openEventSource } from './event-source.js';

export interface ViewStreamOptions<T> {
  /** the SSE event name carrying the view */
  event: string;
  read: (value: unknown) => T | null;
  /** a view pushed, with its version (the poll's ETag without quotes) */
  onView: (view: T, version: string) => void;
  onOpen: (open: boolean) => void;
}

export interface ViewStream {
  close(): void;
  /**
   * Opens it again if the browser closed it without an error event (iOS Safari on an app switch, a
   * page kept in the back/forward cache); one it refused stays closed.
   */
  revive(): void;
}

/** Opens the stream at `url` (null where the browser refuses it at once: poll instead). */
export function openViewStream<T>(url: string, options: ViewStreamOptions<T>): ViewStream | null {
  let source = openEventSource(url);
  if (!source) return null;
  let refused = false;
  const wire = (current: EventSource): void => {
    current.onopen = () => options.onOpen(true);
    // EventSource reconnects by itself unless it gave up (CLOSED); either way, poll meanwhile
    current.onerror = () => {
      refused = current.readyState === EventSource.CLOSED;
      options.onOpen(false);
    };
    current.addEventListener(options.event, (event) => {
      const { data, lastEventId } = event as MessageEvent<string>;
      let view: T | null = null;
      try {
        view = options.read(JSON.parse(data));
      } catch {
        // not JSON: ignored, as a poll's unreadable answer would be
      }
      if (view) options.onView(view, lastEventId);
    });
  };
  wire(source);
  return {
    close: () => source?.close(),
    revive: () => {
      if (refused || source?.readyState !== EventSource.CLOSED) return;
      source = openEventSource(url);
      if (source) wire(source);
      options.onOpen(false);
    },
  };
}
