// The emulator on node:http, through the node adapter the kit uses too (@pay-elements/http/node): the
// request body streams under the emulator's limit, and the adapter's own 413 and 500 carry the spec's
// envelope. A DroppedConnection from the handler ends the connection with no answer.
import { toNodeListener as nodeListener, type NodeListener } from '@pay-elements/http/node';
import { BODY_LIMIT } from './app.js';
import { messages } from './responses.js';

/** The spec's failure envelope of the adapter's own answers. */
function adapterErrorBody(status: 413 | 500): string {
  const message = status === 413 ? messages.bodyTooLarge : messages.internal;
  return JSON.stringify({ status: false, data: {}, error: [], message });
}

export function toNodeListener(handle: (request: Request) => Promise<Response>): NodeListener {
  return nodeListener(handle, { maxBodyBytes: BODY_LIMIT, errorBody: adapterErrorBody });
}
