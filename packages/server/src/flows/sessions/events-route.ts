// GET /sessions/:id/events: the session's status as Server-Sent Events. The first event is the
// current view (unless Last-Event-ID says the client holds it), then one per change (the hub, which
// hears of changes from the store and checks watched pending sessions); each event's id is the
// view's version (its ETag without quotes); a comment line every heartbeat; the stream ends after a
// final state.
import { endpoints } from '@pay-elements/protocol';
import { HttpError } from '../../errors.js';
import {
  eventFrame,
  nothingMore,
  openEventStream,
  retryHint,
  streamSink,
  viewVersion,
} from '../../http/event-stream.js';
import type { Route } from '../../http/router.js';
import type { Logger } from '../../log.js';
import type { StreamAdmission } from '../../streams/admission.js';
import type { StreamConfig } from '../../streams/options.js';
import type { SessionBook, SessionRecord } from './book.js';
import type { SessionHub } from './hub.js';

export interface SessionEventRouteOptions {
  sessions: SessionBook;
  hub: SessionHub;
  admission: StreamAdmission;
  streams: StreamConfig;
  maxBodyBytes: number;
  /** the session's view as the status route answers it (without server_time) */
  view: (session: SessionRecord) => Promise<object>;
  /** who a request comes from, for the per-client limit */
  clientKey: (request: Request, log: Logger) => string;
}

export function sessionEventRoutes(options: SessionEventRouteOptions): Route[] {
  const { sessions, hub } = options;
  const retry = retryHint(options.streams.retryMs);
  // the last event frame encoded: every stream of a session is sent the same bytes
  let lastFrame: { version: string; data: string; bytes: Uint8Array } = {
    version: '',
    data: '',
    bytes: new Uint8Array(),
  };
  function frame(version: string, data: string): Uint8Array {
    if (lastFrame.version !== version || lastFrame.data !== data)
      lastFrame = { version, data, bytes: eventFrame('session', version, data) };
    return lastFrame.bytes;
  }

  const events: Route = {
    ...endpoints.events,
    maxBodyBytes: options.maxBodyBytes,
    async handle({ request, params, log }) {
      const session = await sessions.get(params['id'] ?? '');
      if (!session) throw new HttpError('not_found', 'No such session.');
      const held = request.headers.get('last-event-id');
      // a final session the client already holds: EventSource stops reconnecting
      if (session.status !== 'pending' && held === viewVersion(await options.view(session)))
        return nothingMore();
      return openEventStream({
        request,
        log,
        admission: options.admission,
        clientKey: options.clientKey(request, log),
        retry,
        feed: (writer) =>
          hub.open(session.id, {
            ...streamSink(writer, held),
            send: (version, data) => writer.write(frame(version, data)),
          }),
      });
    },
  };
  return [events];
}
