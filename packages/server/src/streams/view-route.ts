// The status stream route of a view read by a token (a flow's document or page): the token's subject,
// its view read once before the stream opens (a subject the provider does not know is a 404, so
// EventSource stops), then the hub's events; a final view the client holds already is the end.
import type { Logger } from '../log.js';
import type { Route } from '../http/router.js';
import type { Method } from '../http/router.js';
import type { StreamAdmission } from './admission.js';
import { nothingMore, openEventStream, retryHint, streamSink, viewVersion } from './event-stream.js';
import type { StreamConfig } from './options.js';
import type { ViewHub } from './view-hub.js';

export interface ViewStreamRouteOptions<V extends object> {
  /** the protocol's endpoint of the stream */
  endpoint: { method: Method; path: string };
  hub: ViewHub<V>;
  /** the subject a token stands for; throws the 404 for anything else */
  subjectOf: (token: string) => string;
  /** the subject's view now, as its route answers it */
  viewOf: (subject: string, log: Logger, request: Request) => Promise<{ view: V }>;
  /** whether nothing more will change */
  final?: (view: V) => boolean;
  streams: {
    config: StreamConfig;
    admission: StreamAdmission;
    clientKey: (request: Request, log: Logger) => string;
  };
  maxBodyBytes: number;
}

export function viewStreamRoute<V extends object>(options: ViewStreamRouteOptions<V>): Route {
  const { hub, streams } = options;
  const retry = retryHint(streams.config.retryMs);
  return {
    ...options.endpoint,
    maxBodyBytes: options.maxBodyBytes,
    async handle({ request, params, log }) {
      const subject = options.subjectOf(params['token'] ?? '');
      const { view } = await options.viewOf(subject, log, request);
      const held = request.headers.get('last-event-id');
      if (options.final?.(view) && held === viewVersion(view)) return nothingMore();
      return openEventStream({
        request,
        log,
        admission: streams.admission,
        clientKey: streams.clientKey(request, log),
        retry,
        feed: (writer) => hub.watch(subject, { ...streamSink(writer, held), send: writer.write }),
      });
    },
  };
}
