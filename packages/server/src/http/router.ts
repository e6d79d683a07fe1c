// The kit's one Hono app: each route at its protocol pattern under the base path, its body limit,
// CORS for the allowed origins (preflights included), and every failure turned into the protocol's
// error body in one place (`onError`, `notFound`). A known path asked with the wrong method answers
// 405 with an Allow header, which Hono alone would answer 404. A POST from a browser on another site
// (not an allowed origin), or with a body not declared JSON, is refused before its route runs. The
// lines a failure writes name no token: a path's `:token` segment is written as its fingerprint.
import { Hono, type Context, type MiddlewareHandler } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import {
  allowedMethods,
  clientAddress,
  recordClientAddress,
  requestHeader,
  setAnswerHeader,
} from '@pay-elements/http';
import { CORS_ALLOW_HEADERS, CORS_EXPOSE_HEADERS, refuseForeignBrowsers } from './browser-guard.js';
import { errorResponse } from './failures.js';
import { endpoints } from '@pay-elements/protocol';
import { HttpError } from '../errors.js';
import { tooLarge } from './input.js';
import { describeError, withFields, type LogFields, type Logger } from '../log.js';
import { tokenPathMasker } from './token-paths.js';

export type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export interface RouteInput {
  request: Request;
  /** decoded path parameters */
  params: Readonly<Record<string, string>>;
  /**
   * this request's logger: the kit's, with the host's `logFields` of the request on every line.
   * Work shared by many requests (the watcher's checks, the breaker, streams) logs kit-wide instead.
   */
  log: Logger;
}

export interface Route {
  method: Method;
  /** a protocol pattern (`endpoints.*.path`), relative to the base path: `/sessions/:id/renew` */
  path: string;
  /** the most bytes the request body may have */
  maxBodyBytes: number;
  /**
   * Sent by servers, verified by its own means (a provider's signed webhook): no check of the
   * browser's site or of the body's type. Every other POST refuses other sites and non-JSON bodies.
   */
  serverToServer?: boolean;
  handle(input: RouteInput): Promise<Response>;
}

export interface RouterOptions {
  routes: readonly Route[];
  /** `''` or `/pay` */
  basePath: string;
  allowedOrigins: ReadonlySet<string>;
  logger: Logger;
  /** fields added to each line written while answering a request (the kit's `logFields` option) */
  logFields?: ((request: Request) => LogFields | undefined) | undefined;
}

/**
 * The route's parameters (`names`) decoded, or null when one is empty or not valid percent-encoding
 * (Hono passes it on raw). Asked by the names the route declares, so a route reads only its own.
 */
function decodedParams(c: Context, names: readonly string[]): Record<string, string> | null {
  const params: Record<string, string> = {};
  for (const name of names) {
    const value: string | undefined = c.req.param(name);
    if (value === undefined || value === '') return null;
    if (value.includes('%')) {
      try {
        decodeURIComponent(value);
      } catch {
        return null;
      }
    }
    params[name] = value;
  }
  return params;
}

/** `log` with `mask` applied to its messages and to every text in its fields (four levels deep). */
function maskingLogger(log: Logger, mask: (text: string) => string): Logger {
  const clean = (value: unknown, depth: number): unknown => {
    if (typeof value === 'string') return mask(value);
    if (value instanceof Error) return clean(describeError(value), depth);
    if (depth > 4 || value === null || typeof value !== 'object') return value;
    if (Array.isArray(value)) return value.map((v) => clean(v, depth + 1));
    const out: LogFields = {};
    for (const [key, v] of Object.entries(value)) out[key] = clean(v, depth + 1);
    return out;
  };
  const line =
    (write: Logger['info']) =>
    (message: string, fields?: LogFields): void =>
      write(mask(message), fields === undefined ? undefined : (clean(fields, 0) as LogFields));
  return {
    debug: line((m, f) => log.debug(m, f)),
    info: line((m, f) => log.info(m, f)),
    warn: line((m, f) => log.warn(m, f)),
    error: line((m, f) => log.error(m, f)),
  };
}

/** What a router's handlers share: its options, the request's logger, CORS, and the one failure path. */
class RouterParts {
  readonly methodsAt: (path: string) => string[];
  /** a text with the token of every path by token (the protocol's and the routes' `:token`) fingerprinted */
  readonly #maskTokens: (text: string) => string;

  constructor(readonly options: RouterOptions) {
    this.#maskTokens = tokenPathMasker(
      [...Object.values(endpoints), ...options.routes].map(({ path }) => `${options.basePath}${path}`),
    );
    // literal segments first, as Hono matches them (`/banks/suggest` before `/banks/:country`)
    const literals = (path: string) => path.split('/').filter((s) => s && !s.startsWith(':')).length;
    this.methodsAt = allowedMethods(
      [...options.routes].sort((a, b) => literals(b.path) - literals(a.path)),
      { ignoreTrailingSlash: true },
    );
  }

  /** The request's logger: the kit's own when there are no fields to add; the fields asked for lazily. */
  logOf(request: Request): Logger {
    const { logFields, logger } = this.options;
    return logFields ? withFields(logger, () => logFields(request)) : logger;
  }

  /** The methods of every route whose pattern matches the path (the one 405 rule), in table order. */
  allowed(pathname: string): string[] {
    const { basePath } = this.options;
    const under = basePath === '' || pathname === basePath || pathname.startsWith(`${basePath}/`);
    if (!under) return [];
    return this.methodsAt(pathname === basePath ? '/' : pathname.slice(basePath.length));
  }

  // CORS and Vary on every answer of this app, errors included: each answer passes here once, from
  // a route's handler, `onError` or `notFound` (a middleware instead would cost every request a
  // compose of two handlers)
  withCors(c: Context, response: Response): Response {
    const origin = requestHeader(c.req.raw, 'origin');
    if (origin && this.options.allowedOrigins.has(origin)) {
      setAnswerHeader(response, 'access-control-allow-origin', origin);
      setAnswerHeader(response, 'access-control-expose-headers', CORS_EXPOSE_HEADERS);
    }
    setAnswerHeader(response, 'vary', 'Origin');
    return response;
  }

  /**
   * The failure's answer. What it logs names no token: the path, the message and every field (an
   * error's message and stack too) have each path by token masked (`tok:` and a fingerprint).
   */
  fail(error: unknown, c: Context, log: Logger = this.logOf(c.req.raw)): Response {
    let path = c.req.url;
    try {
      path = new URL(c.req.url).pathname;
    } catch {
      // keep the raw URL
    }
    return errorResponse(error, maskingLogger(log, this.#maskTokens), { method: c.req.method, path });
  }

  /** A route's Hono handler: its parameters decoded, the browser guard, its failures answered. */
  handler(route: Route): (c: Context) => Promise<Response> {
    const names = route.path
      .split('/')
      .filter((segment) => segment.startsWith(':'))
      .map((segment) => segment.slice(1));
    const guarded = route.method !== 'GET' && !route.serverToServer;
    return async (c) => {
      const request = c.req.raw;
      const log = this.logOf(request);
      let response: Response;
      try {
        const params = decodedParams(c, names);
        if (params === null) throw new HttpError('not_found', 'No such route.');
        if (guarded) refuseForeignBrowsers(request, this.options.allowedOrigins);
        response = await route.handle({ request, params, log });
      } catch (error) {
        response = this.fail(error, c, log);
      }
      // HEAD runs the GET route, and Hono drops the answer's body unread: a stream is cancelled here
      if (c.req.raw.method === 'HEAD' && response.body) void response.body.cancel();
      return this.withCors(c, response);
    };
  }

  /** No route matched: 404, or 405 with Allow for a known path, or the answer to a CORS preflight. */
  notFound(c: Context): Response {
    const method = c.req.method.toUpperCase();
    const allow = this.allowed(new URL(c.req.url).pathname);
    if (allow.length === 0)
      return this.withCors(c, this.fail(new HttpError('not_found', 'No such route.'), c));
    const allowHeader = [...allow, 'OPTIONS'].join(', ');
    if (method !== 'OPTIONS') {
      const message = `Use ${allow.join(' or ')} on this route.`;
      const refusal = new HttpError('method_not_allowed', message, { headers: { allow: allowHeader } });
      return this.withCors(c, this.fail(refusal, c));
    }
    // a preflight: granted to an allowed origin asking for a method of this path
    const headers: Record<string, string> = { allow: allowHeader };
    const origin = c.req.header('origin');
    const asked = c.req.header('access-control-request-method')?.toUpperCase();
    if (
      origin &&
      this.options.allowedOrigins.has(origin) &&
      asked &&
      allowHeader.split(', ').includes(asked)
    ) {
      headers['access-control-allow-methods'] = allowHeader;
      headers['access-control-allow-headers'] = CORS_ALLOW_HEADERS;
      headers['access-control-max-age'] = '600';
    }
    return this.withCors(c, new Response(null, { status: 204, headers }));
  }
}

export function createRouter(options: RouterOptions): Hono {
  const parts = new RouterParts(options);
  const app = new Hono({ strict: false });
  for (const route of options.routes) {
    const path = `${options.basePath}${route.path}`;
    const handle = parts.handler(route);
    // a GET's body is never read (the node adapter does not even make one): no limit to check
    if (route.method === 'GET') {
      app.on(route.method, path, handle);
      continue;
    }
    const limit = bodyLimit({
      maxSize: route.maxBodyBytes,
      onError: () => {
        throw tooLarge(route.maxBodyBytes);
      },
    });
    // A body without a length (chunked) is counted through a new Request in c.req.raw, which the
    // adapter never saw: its client's address is carried over, or per-client limits would see none.
    const limitKeepingAddress: MiddlewareHandler = (c, next) => {
      const address = clientAddress(c.req.raw);
      return limit(c, async () => {
        if (address !== undefined && clientAddress(c.req.raw) === undefined)
          recordClientAddress(c.req.raw, address);
        await next();
      });
    };
    app.on(route.method, path, limitKeepingAddress, handle);
  }
  // a failure outside a route's handler (its body limit)
  app.onError((error, c) => parts.withCors(c, parts.fail(error, c)));
  // returns rather than throws: Hono does not pass a throw from here to onError
  app.notFound((c) => parts.notFound(c));
  return app;
}
