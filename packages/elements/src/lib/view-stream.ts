// A view the kit pushes as Server-Sent Events (an invoice's status): one EventSource, each event's
// view checked like an answer, and word of whether the stream is open (the host polls whenever it is
// not). It counts as open only once an event of the protocol's name has been read from it, so a
// backend whose events have no name leaves the host polling. Loaded on the first listen, so no part
// of an element's first load. Where EventSource is missing or the browser refuses the stream,
// nothing opens and the host polls.
import type { Reader } from './backend.js';
import { refusedBy } from './backend.js';
import { openEventSource, warnUnnamed } from './event-source.js';

export interface ViewStreamOptions<T> {
  /** the SSE event name carrying the view */
  event: string;
  read: Reader<T>;
  /** a view pushed, with its version (the poll's ETag without quotes) */
  onView: (view: T, version: string) => void;
  onOpen: (open: boolean) => void;
}

/**
 * Opens the stream at `url`: the EventSource, to close, or to open again once the browser closed it
 * (its readyState CLOSED); null where the browser refuses it at once (poll instead).
 */
export function openViewStream<T>(url: string, options: ViewStreamOptions<T>): EventSource | null {
  const source = openEventSource(url);
  if (!source) return null;
  /** an event was read from it: it speaks the protocol, and open means views arrive */
  let heard = false;
  source.onopen = () => heard && options.onOpen(true);
  // EventSource reconnects by itself unless it gave up (CLOSED); either way, poll meanwhile
  source.onerror = () => options.onOpen(false);
  source.addEventListener(options.event, (event) => {
    const { data, lastEventId } = event as MessageEvent<string>;
    let view: T | null = null;
    try {
      view = options.read(JSON.parse(data), refusedBy(`the "${options.event}" event of ${url}`));
    } catch {
      // not JSON: ignored, as a poll's unreadable answer would be
    }
    if (!view) return;
    options.onView(view, lastEventId);
    if (!heard) options.onOpen((heard = true));
  });
  warnUnnamed(source, url);
  return source;
}
