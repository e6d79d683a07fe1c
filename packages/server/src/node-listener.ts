// @pay-elements/server/node: runs the kit (or any Fetch-standard handler) on node:http, through the
// node adapter of @pay-elements/http, with the adapter's own 413 and 500 in the protocol's error body
// and the kit's webhook limit as its default body limit. The kit's answers are written as they are.
import {
  toNodeListener as nodeListener,
  type FetchHandler,
  type NodeListener,
  type NodeAdapterOptions as AdapterOptions,
} from '@pay-elements/http/node';
import { errorBody } from './http/answers.js';
import { WEBHOOK_BODY_LIMIT } from './http/input.js';

export { clientAddress } from '@pay-elements/http';
export type { FetchHandler, NodeListener };

export type NodeListenerOptions = Omit<AdapterOptions, 'errorBody'>;

/** The protocol's error body of the adapter's own answers. */
function adapterErrorBody(status: 413 | 500, message: string): string {
  return JSON.stringify(errorBody(status === 413 ? 'payload_too_large' : 'internal', message));
}

/**
 * `(req, res) => void` for `http.createServer`, answering through the Fetch-standard handler (its
 * request body streamed under `maxBodyBytes`, default 256 KiB; its answer streamed back; a client
 * gone aborts the request's signal). It also serves as Express middleware (`app.use(listener)`,
 * before any body parser) and inside Fastify (`reply.hijack()`, then `listener(request.raw, reply.raw)`).
 */
export function toNodeListener(handler: FetchHandler, options: NodeListenerOptions = {}): NodeListener {
  return nodeListener(handler, { maxBodyBytes: WEBHOOK_BODY_LIMIT, ...options, errorBody: adapterErrorBody });
}
