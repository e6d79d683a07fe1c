// The emulator's HTTP surface as one Hono app: request log, faults on /v1, the route table (404 /
// 405 with Allow), authentication, the JSON body under its limit, and one error mapping (onError).
import { Hono, type Context } from 'hono';
import { allowedMethods, BodyError, readJson } from '@pay-elements/http';
import { setTimeout as sleep } from 'node:timers/promises';
import { authorize, presentedKey } from './auth.js';
import type { RequestContext, Route, SandboxConfig, Services } from './context.js';
import { DroppedConnection, faultMessage } from './faults.js';
import { checkControlRequest } from './provenance.js';
import { SandboxFailure, failureResponse, messages, render } from './responses.js';

/** 1 MiB: the largest body the emulator reads. */
export const BODY_LIMIT = 1024 * 1024;

export interface AppDeps {
  routes: readonly Route[];
  config: SandboxConfig;
  services: () => Services;
  /** saves what a request changed, if anything */
  persist: () => void;
  /** aborted on close: injected delays in flight end as dropped connections */
  closing: AbortSignal;
}

const isV1 = (path: string) => path === '/v1' || path.startsWith('/v1/');
const isControl = (path: string) => path === '/_sandbox' || path.startsWith('/_sandbox/');

/**
 * The parsed JSON object of a body, read by the one reader the kit uses too. An empty body reads as
 * `{}` (so missing fields are reported one by one); a body in another type is 415; over the limit
 * 413 (the rest of the body is left unread and the connection closed after the answer); broken JSON
 * or a non-object is 400 with the envelope.
 */
async function jsonObject(request: Request): Promise<Record<string, unknown>> {
  let value: unknown;
  try {
    value = await readJson(request, { limit: BODY_LIMIT, allowEmpty: true });
  } catch (error) {
    if (!(error instanceof BodyError)) throw error;
    if (error.problem === 'too_large')
      throw new SandboxFailure(413, messages.bodyTooLarge, { connection: 'close' });
    if (error.problem === 'media_type') throw new SandboxFailure(415, messages.unsupportedMediaType);
    throw new SandboxFailure(400, messages.malformedJson);
  }
  // undefined: an empty body (JSON's null is a body that is not an object)
  if (value === undefined) return {};
  if (typeof value !== 'object' || value === null || Array.isArray(value))
    throw new SandboxFailure(400, messages.bodyNotObject);
  return value as Record<string, unknown>;
}

export function createApp({ routes, config, services, persist, closing }: AppDeps): Hono {
  const app = new Hono();
  // Which methods a path allows, for 405 (the rule the kit follows too), named in alphabetical order.
  const methodsAt = allowedMethods([...routes].sort((a, b) => a.method.localeCompare(b.method)));

  app.use(async (c, next) => {
    const started = Date.now();
    await next();
    config.logger.info(`${c.req.method} ${c.req.path} ${c.res.status} ${Date.now() - started}ms`);
  });

  app.use(async (c, next) => {
    try {
      decodeURIComponent(new URL(c.req.url).pathname);
    } catch {
      return failureResponse(400, messages.malformedUrl);
    }
    if (!isV1(c.req.path)) return next();
    const { rateLimit, clock } = services();
    const rate = rateLimit.take(presentedKey(c.req.raw, new URL(c.req.url)) ?? '', clock.now());
    if (rate.limited)
      return failureResponse(429, messages.rateLimited, { 'retry-after': String(rate.retryAfterSeconds) });
    const fault = services().faults.take(c.req.method, c.req.path, services().clock.now());
    if (!fault) return next();
    if (fault.delay_ms > 0) {
      try {
        await sleep(fault.delay_ms, undefined, { signal: closing });
      } catch {
        throw new DroppedConnection();
      }
    }
    if (fault.drop) throw new DroppedConnection();
    if (fault.status === null) return next();
    return failureResponse(
      fault.status,
      faultMessage(fault.status),
      fault.status === 429 || fault.status === 503 ? { 'retry-after': '1' } : undefined,
    );
  });

  // Static segments before parameters: `/v1/banks/suggest` wins over `/v1/banks/:country`.
  const statics = (route: Route) => route.path.split('/').filter((s) => s && !s.startsWith(':')).length;
  for (const route of [...routes].sort((a, b) => statics(b) - statics(a))) {
    const control = isControl(route.path);
    const guard = async (c: Context, next: () => Promise<void>) => {
      const url = new URL(c.req.url);
      if (control && route.method !== 'GET') checkControlRequest(c.req.raw, url);
      if (route.access !== 'public')
        authorize(c.req.raw, control ? null : url, config, route.access ?? 'full');
      await next();
    };
    const handler = async (c: Context) => {
      const body = route.body ? await jsonObject(c.req.raw) : {};
      // From here on everything is synchronous: no other request runs until the answer is built.
      // Late transfers due by now land first, so that every answer sees them.
      services().settle();
      const ctx: RequestContext = {
        ...services(),
        request: c.req.raw,
        url: new URL(c.req.url),
        params: c.req.param(),
        body,
      };
      try {
        return route.handle(ctx);
      } finally {
        // and the timer set for a late transfer the request made
        ctx.settle();
        // saved before the answer leaves, so an answered change survives a kill -9 (a GET may
        // change something too, such as a card's reveal window; when nothing changed, nothing is written)
        persist();
      }
    };
    app.on(route.method, route.path, guard, handler);
  }

  app.notFound((c) => {
    const allow = methodsAt(c.req.path);
    return allow.length
      ? failureResponse(405, messages.methodNotAllowed, { allow: allow.join(', ') })
      : failureResponse(404, messages.routeNotFound);
  });

  app.onError((error, c) => {
    if (error instanceof DroppedConnection) throw error;
    const rendered = render(error);
    if (rendered) return rendered;
    config.logger.error(`${c.req.method} ${c.req.path}: ${error.stack ?? error.message}`);
    return failureResponse(500, messages.internal);
  });

  return app;
}
