// node:http ⇄ Fetch through @hono/node-server. Its request body streams, so the size limit is
// enforced while reading. A DroppedConnection from the handler destroys the socket with no answer.
import type { IncomingMessage, ServerResponse } from 'node:http';
import { getRequestListener, RequestError } from '@hono/node-server';
import { DroppedConnection } from './faults.js';
import { failureResponse, messages } from './responses.js';

export function toNodeListener(
  handle: (request: Request) => Promise<Response>,
): (req: IncomingMessage, res: ServerResponse) => void {
  const listener = getRequestListener(
    (request, env) =>
      handle(request).catch((error: unknown) => {
        if (error instanceof DroppedConnection) env.incoming.socket.destroy();
        throw error;
      }),
    {
      // a library does not swap the process's Request and Response for its own
      overrideGlobalObjects: false,
      errorHandler: (error) => {
        if (error instanceof DroppedConnection) return undefined;
        return failureResponse(
          error instanceof RequestError ? 400 : 500,
          error instanceof RequestError ? messages.malformedUrl : messages.internal,
        );
      },
    },
  );
  return (req, res) => void listener(req, res);
}
