// The kit's one Hono app: each route at its protocol pattern under the base path, its body limit,
// CORS for the allowed origins (preflights included), and every failure turned into the protocol's
// error body in one place (`onError`, `notFound`). A known path asked with the wrong method answers
// 405 with an Allow header, which Hono alone would answer 404.
import { Hono, type Context, type MiddlewareHandler } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import {
  addHeaders,
  CORS_ALLOW_HEADERS,
  CORS_EXPOSE_HEADERS,
  errorResponse,
  HttpError,
  requestHeader,
  tooLarge,
} from './http.js';
import type { Logger } from './log.js';

export type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export interface RouteInput {
  request: Request;
  /** decoded path parameters */
  params: Readonly<Record<string, string>>;
}

export interface Route {
  method: Method;
  /** a protocol pattern (`endpoints.*.path`), relative to the base path: `/sessions/:id/renew` */
  path: string;
  /** the most bytes the request body may have */
  maxBodyBytes: number;
  handle(input: RouteInput): Promise<Response>;
}

export interface RouterOptions {
  routes: readonly Route[];
  /** `''` or `/pay` */
  basePath: string;
  allowedOrigins: ReadonlySet<string>;
  logger: Logger;
}

/** `/sessions/:id` → a regular expression over a path relative to the base path (trailing slash ignored). */
function patternOf(path: string): RegExp {
  const source = path
    .split('/')
    .map((segment) => (segment.startsWith(':') ? '[^/]+' : segment.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')))
    .join('/');
  return new RegExp(`^${source}/?$`);
}

/** Decoded parameters, or null when one is not valid percent-encoding (Hono passes it on raw). */
function decodedParams(c: Context): Record<string, string> | null {
  const params = c.req.param() as Record<string, string>;
  for (const value of Object.values(params)) {
    if (value === '') return null;
    if (value.includes('%')) {
      try {
        decodeURIComponent(value);
      } catch {
        return null;
      }
    }
  }
  return params;
}

export function createRouter(options: RouterOptions): Hono {
  const { basePath, allowedOrigins: origins, logger } = options;
  const app = new Hono({ strict: false });
  // literal segments first, as Hono matches them (`/banks/suggest` before `/banks/:country`)
  const literals = (path: string) => path.split('/').filter((s) => s && !s.startsWith(':')).length;
  const known = [...options.routes]
    .sort((a, b) => literals(b.path) - literals(a.path))
    .map((route) => ({ method: route.method, pattern: patternOf(route.path) }));

  /** The methods of every route whose pattern matches the path, in table order. */
  function underBase(pathname: string): boolean {
    return basePath === '' || pathname === basePath || pathname.startsWith(`${basePath}/`);
  }

  function allowed(pathname: string): Method[] {
    if (!underBase(pathname)) return [];
    const path = pathname === basePath ? '/' : pathname.slice(basePath.length);
    const methods: Method[] = [];
    for (const { method, pattern } of known)
      if (pattern.test(path) && !methods.includes(method)) methods.push(method);
    return methods;
  }

  // CORS and Vary on every answer under the base path, errors included (onError's answer passes
  // back through here); only there, so that a merchant's app that mounts this one keeps its own
  const vary = { vary: 'Origin' };
  function withCors(c: Context, response: Response): Response {
    const origin = requestHeader(c.req.raw, 'origin');
    if (origin && origins.has(origin))
      addHeaders(response, {
        'access-control-allow-origin': origin,
        'access-control-expose-headers': CORS_EXPOSE_HEADERS,
      });
    addHeaders(response, vary);
    return response;
  }
  const cors: MiddlewareHandler = async (c, next) => {
    await next();
    withCors(c, c.res);
  };
  if (basePath === '') app.use('*', cors);
  else app.use(basePath, cors).use(`${basePath}/*`, cors);

  for (const route of options.routes) {
    const path = `${basePath}${route.path}`;
    const handle = (c: Context): Promise<Response> => {
      const params = decodedParams(c);
      if (params === null) throw new HttpError('not_found', 'No such route.');
      return route.handle({ request: c.req.raw, params });
    };
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
    app.on(route.method, path, limit, handle);
  }

  function fail(error: unknown, c: Context): Response {
    let path = c.req.url;
    try {
      path = new URL(c.req.url).pathname;
    } catch {
      // keep the raw URL
    }
    return errorResponse(error, logger, { method: c.req.method, path });
  }

  app.onError(fail);

  // returns rather than throws: Hono does not pass a throw from here to onError
  app.notFound((c) => {
    const method = c.req.method.toUpperCase();
    const pathname = new URL(c.req.url).pathname;
    const allow = allowed(pathname);
    if (allow.length === 0) {
      const answer = fail(new HttpError('not_found', 'No such route.'), c);
      // outside the base path the CORS middleware did not run
      return underBase(pathname) ? answer : withCors(c, answer);
    }
    const allowHeader = [...allow, 'OPTIONS'].join(', ');
    if (method !== 'OPTIONS') {
      const message = `Use ${allow.join(' or ')} on this route.`;
      return fail(new HttpError('method_not_allowed', message, { headers: { allow: allowHeader } }), c);
    }
    // a preflight: granted to an allowed origin asking for a method of this path
    const headers: Record<string, string> = { allow: allowHeader };
    const origin = c.req.header('origin');
    const asked = c.req.header('access-control-request-method')?.toUpperCase();
    if (origin && origins.has(origin) && asked && allowHeader.split(', ').includes(asked)) {
      headers['access-control-allow-methods'] = allowHeader;
      headers['access-control-allow-headers'] = CORS_ALLOW_HEADERS;
      headers['access-control-max-age'] = '600';
    }
    return new Response(null, { status: 204, headers });
  });

  return app;
}
