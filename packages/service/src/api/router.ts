// The merchant's API as a Hono app under /api: every operation of the table (operations.ts) with its
// key check, its JSON body read under a limit and parsed by its schema, its answer as JSON never cached,
// and every failure as the error body in one place; and the OpenAPI document of the same table.
import { Hono, type Context } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import {
  failureAnswer,
  HttpError,
  isStoreUnavailable,
  ProviderUnavailableError,
  StoreUnavailableError,
} from '@pay-elements/server';
import { requestFields } from '../operations/logging.js';
import { serviceKeyCheck, unauthorized } from './auth.js';
import { openApiDocument } from './openapi.js';
import { operations, type ApiContext, type ApiOperation } from './operations.js';

/** The most a request body to /api may be, bytes. */
export const API_BODY_LIMIT = 16 * 1024;

function json(status: number, body: unknown, headers: Record<string, string> = {}): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store', ...headers },
  });
}

const errorJson = (
  status: number,
  code: string,
  message: string,
  extra: { fields?: Record<string, string[]>; headers?: Record<string, string> } = {},
) =>
  json(
    status,
    { error: { code, message, ...(extra.fields ? { fields: extra.fields } : {}) } },
    extra.headers,
  );

/** Hono's `:id` of OpenAPI's `{id}`. */
const honoPath = (path: string) => path.replace(/\{(\w+)\}/g, ':$1');

/** The request's JSON body: 415 for another type, 400 for JSON that does not parse. */
async function jsonBody(c: Context): Promise<unknown> {
  const type = c.req.header('content-type') ?? '';
  if (!/^application\/json\b/i.test(type))
    throw new HttpError('unsupported_media_type', 'Send the body as application/json.');
  const text = await c.req.text();
  try {
    return JSON.parse(text) as unknown;
  } catch {
    throw new HttpError('invalid_request', 'The body is not JSON.');
  }
}

/** The methods the operations at `path` take (GET with its HEAD), in the table's order; none: no route. */
function allowedAt(path: string): string[] {
  const methods: string[] = [];
  const routes = [{ method: 'get', path: '/api/openapi.json' }, ...operations];
  for (const route of routes) {
    if (!new RegExp(`^${honoPath(route.path).replace(/:\w+/g, '[^/]+')}$`).test(path)) continue;
    for (const method of route.method === 'get' ? ['GET', 'HEAD'] : [route.method.toUpperCase()])
      if (!methods.includes(method)) methods.push(method);
  }
  return methods;
}

export function apiApp(context: ApiContext, keys: readonly string[]): Hono {
  const app = new Hono();
  const authorised = serviceKeyCheck(keys);
  const document = openApiDocument(operations);
  app.get('/api/openapi.json', () => json(200, document));
  app.use(
    '/api/*',
    bodyLimit({
      maxSize: API_BODY_LIMIT,
      onError: () => errorJson(413, 'payload_too_large', `The body is over ${API_BODY_LIMIT} bytes.`),
    }),
  );
  app.use('/api/*', async (c, next) => {
    if (!authorised(c.req.header('authorization') ?? null)) return unauthorized();
    await next();
  });
  for (const operation of operations) mount(app, operation, context);
  app.all('/api/*', (c) => {
    const allow = allowedAt(c.req.path);
    // RFC 9110: a 405 names the methods the path takes
    return allow.length > 0
      ? errorJson(405, 'method_not_allowed', `Use ${allow.join(' or ')} on this route.`, {
          headers: { allow: allow.join(', ') },
        })
      : errorJson(404, 'not_found', 'No such route.');
  });
  app.onError((error, c) => failure(error, c, context));
  return app;
}

function mount(app: Hono, operation: ApiOperation, context: ApiContext): void {
  app.on(operation.method.toUpperCase(), honoPath(operation.path), async (c) => {
    const body = operation.body ? await jsonBody(c) : undefined;
    const answer = await operation.run(context, {
      params: c.req.param(),
      query: new URL(c.req.url).searchParams,
      body,
      caller: c.req.header('authorization') ?? '',
    });
    return json(answer.status, answer.body);
  });
}

/** Every failure of an operation as the error body: the kit's own, the store or provider away, or ours. */
function failure(error: unknown, c: Context, context: ApiContext): Response {
  if (error instanceof HttpError) {
    return errorJson(error.status, error.code, error.message, {
      ...(error.fields ? { fields: error.fields } : {}),
      headers: error.headers,
    });
  }
  if (error instanceof StoreUnavailableError || isStoreUnavailable(error)) {
    const seconds = error instanceof StoreUnavailableError ? error.retryAfterSeconds : 2;
    return errorJson(503, 'upstream_unavailable', 'The store cannot answer now: try again shortly.', {
      headers: { 'retry-after': String(seconds) },
    });
  }
  if (error instanceof ProviderUnavailableError) {
    return errorJson(
      503,
      'upstream_unavailable',
      'The payment provider cannot answer now: try again shortly.',
      {
        headers: { 'retry-after': String(error.retryAfterSeconds) },
      },
    );
  }
  // the rest as the kit answers it: a body past the node adapter's limit 413, cut off 400, else 500
  return failureAnswer(error, context.logger, requestFields(c.req.raw));
}
