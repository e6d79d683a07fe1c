// Each request to the kit or to the site: named as it arrives (its x-request-id), then everything
// under /pay to the kit's own node listener (the kit of the moment, hence no mount), which
// writes its answers without making Fetch objects and refuses cross-site POSTs itself; every other
// path to the site's router. Every answer carries the security headers and the request's id.
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Hono } from 'hono';
import { describeError, type Health, type Logger } from '@pay-elements/server';
import { toNodeListener } from '@pay-elements/server/node';
import { nameRequest } from './logging.js';
import type { NotFoundLimit } from './not-found-limit.js';

/** A handler that threw, on one line naming the request (the adapter has answered 500). */
export function logHandlerError(log: Logger): (error: unknown, req: IncomingMessage) => void {
  return (error, req) => {
    const id = req.headers['x-request-id'];
    log.error('handler threw', {
      ...(typeof id === 'string' ? { request_id: id } : {}),
      error: describeError(error),
    });
  };
}

/** The headers of every answer: the security headers of the request, and its id. */
export function answerHeaders(
  securityFor: (req: IncomingMessage) => Readonly<Record<string, string>>,
): (req: IncomingMessage) => Readonly<Record<string, string>> {
  return (req) => {
    // copied, then the id set: a literal spreading them gives each request's object a hidden class
    // of its own in V8, which the adapter then reads on the slow path (docs/performance.md)
    const headers: Record<string, string> = Object.assign({}, securityFor(req));
    const id = req.headers['x-request-id'];
    headers['x-request-id'] = typeof id === 'string' ? id : '';
    return headers;
  };
}

/** The node listener of the kit of the moment (server-example's demo reset puts a new kit in place). */
export interface KitListener {
  readonly listener: (req: IncomingMessage, res: ServerResponse) => void;
}

export interface DispatchOptions {
  kit: KitListener;
  site: Hono;
  health: Health;
  headers: (req: IncomingMessage) => Readonly<Record<string, string>>;
  /** a handler that threw (answered 500 by the adapter) */
  onError: (error: unknown, req: IncomingMessage) => void;
  /** the clients guessing on the shoppers' routes, their 404s answered 429 (not-found-limit.ts) */
  notFoundLimit?: NotFoundLimit;
}

/**
 * The server's request listener. The request's id is its own header, set as it arrives, where the
 * adapter, the kit's logFields and the site's lines all read it (no async context: on Node 20 one
 * runs promise hooks for the whole process; docs/performance.md).
 */
export function dispatch(options: DispatchOptions): (req: IncomingMessage, res: ServerResponse) => void {
  const { kit, health, notFoundLimit, headers } = options;
  const siteListener = toNodeListener(options.site, { headers: options.headers, onError: options.onError });
  return (req, res) => {
    // while draining, every answer ends its connection, so keep-alive clients move to another instance
    if (health.draining) res.shouldKeepAlive = false;
    nameRequest(req);
    notFoundLimit?.watch(req, res, headers);
    const path = req.url ?? '/';
    const listener =
      path === '/pay' || path.startsWith('/pay/') || path.startsWith('/pay?') ? kit.listener : siteListener;
    listener(req, res);
  };
}
