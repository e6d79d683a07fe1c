// The emulator as a Fetch-standard handler, `(Request) => Promise<Response>`: faults on /v1, then
// routing (404 / 405), authentication, the JSON body, and the route's synchronous handler.
import { setTimeout as sleep } from 'node:timers/promises';
import { defaultConventions } from '@pay-elements/api';
import { authorize } from './auth.js';
import { readJsonObject } from './body.js';
import { createClock, type SandboxClock } from './clock.js';
import type { RequestContext, Route, SandboxConfig, SandboxLogger, Services } from './context.js';
import { controlRoutes } from './control.js';
import { DroppedConnection, FaultRegistry, faultMessage } from './faults.js';
import { seedState } from './seed.js';
import { bankRoutes } from './resources/banks.js';
import { cardRoutes } from './resources/cards.js';
import { customerRoutes } from './resources/customers.js';
import { invoiceRoutes } from './resources/invoices.js';
import { linkRoutes } from './resources/links.js';
import { paymentRoutes } from './resources/payments.js';
import { transactionRoutes } from './resources/transactions.js';
import { virtualAccountRoutes } from './resources/virtual-accounts.js';
import { walletRoutes } from './resources/wallets.js';
import { failureResponse, messages, render } from './responses.js';
import { createRouter } from './router.js';
import type { State } from './store.js';
import { WebhookDispatcher } from './webhooks.js';

export const DEFAULT_API_KEY = 'sk_sandbox_local';
export const DEFAULT_RESTRICTED_KEY = 'sk_sandbox_restricted';
export const DEFAULT_WEBHOOK_SECRET = 'whsec_sandbox_local';

export interface SandboxOptions {
  clock?: SandboxClock;
  /** the key that may do everything; default `sk_sandbox_local` */
  apiKey?: string;
  /** the key that may only read banks; default `sk_sandbox_restricted` */
  restrictedKey?: string;
  /** where events are POSTed; none: events are not sent */
  webhookUrl?: string;
  /** default `whsec_sandbox_local` */
  webhookSecret?: string;
  /** card reveals per card per minute; default conventions.revealLimitPerMinute (10) */
  revealLimit?: number;
  /** waits before each webhook retry, in real milliseconds; default [250, 1000] (two retries) */
  webhookRetryDelaysMs?: readonly number[];
  /** default: silent */
  logger?: SandboxLogger;
}

/** The emulator without a socket: mount `handle` anywhere a Fetch handler fits. */
export interface SandboxHandler {
  clock: SandboxClock;
  handle(request: Request): Promise<Response>;
  /** resolves when every webhook delivery started so far has finished */
  flushWebhooks(): Promise<void>;
  /** back to the seed fixtures (also clears faults) */
  reset(): void;
  /** abandons webhook deliveries and injected delays in flight */
  close(): void;
}

export const silentLogger: SandboxLogger = { info: () => {}, warn: () => {}, error: () => {} };

const routes: readonly Route[] = [
  ...bankRoutes,
  ...paymentRoutes,
  ...invoiceRoutes,
  ...virtualAccountRoutes,
  ...customerRoutes,
  ...walletRoutes,
  ...transactionRoutes,
  ...linkRoutes,
  ...cardRoutes,
  ...controlRoutes,
];

function resolveConfig(options: SandboxOptions): SandboxConfig {
  const apiKey = options.apiKey ?? DEFAULT_API_KEY;
  const restrictedKey = options.restrictedKey ?? DEFAULT_RESTRICTED_KEY;
  const revealLimit = options.revealLimit ?? defaultConventions.revealLimitPerMinute;
  if (!apiKey.trim()) throw new TypeError('startSandbox: apiKey must not be empty');
  if (!restrictedKey.trim() || restrictedKey === apiKey)
    throw new TypeError('startSandbox: restrictedKey must be non-empty and differ from apiKey');
  if (!Number.isInteger(revealLimit) || revealLimit < 1)
    throw new TypeError('startSandbox: revealLimit must be an integer ≥ 1');
  if (options.webhookUrl !== undefined && !URL.canParse(options.webhookUrl))
    throw new TypeError('startSandbox: webhookUrl must be an absolute URL');
  return {
    apiKey,
    restrictedKey,
    revealLimit,
    webhookUrl: options.webhookUrl,
    webhookSecret: options.webhookSecret ?? DEFAULT_WEBHOOK_SECRET,
    webhookRetryDelaysMs: options.webhookRetryDelaysMs ?? [250, 1000],
    logger: options.logger ?? silentLogger,
  };
}

const isV1 = (path: string) => path === '/v1' || path.startsWith('/v1/');

export function createSandbox(options: SandboxOptions = {}): SandboxHandler {
  const config = resolveConfig(options);
  const clock = options.clock ?? createClock();
  const faults = new FaultRegistry();
  const webhooks = new WebhookDispatcher({
    url: config.webhookUrl,
    secret: config.webhookSecret,
    clock,
    retryDelaysMs: config.webhookRetryDelaysMs,
    logger: config.logger,
  });
  const closing = new AbortController();
  const match = createRouter(routes);
  let state: State = seedState(clock.now());

  const reset = () => {
    state = seedState(clock.now());
    faults.clear();
  };
  const services = (): Services => ({
    state,
    clock,
    config,
    faults,
    reset,
    emit: (event) => void webhooks.emit(event),
  });

  async function dispatch(request: Request): Promise<Response> {
    let url: URL;
    try {
      url = new URL(request.url);
    } catch {
      return failureResponse(400, messages.malformedUrl);
    }
    const method = request.method.toUpperCase();
    if (isV1(url.pathname)) {
      const fault = faults.take(method, url.pathname);
      if (fault) {
        if (fault.delay_ms > 0) {
          try {
            await sleep(fault.delay_ms, undefined, { signal: closing.signal });
          } catch {
            throw new DroppedConnection();
          }
        }
        if (fault.drop) throw new DroppedConnection();
        if (fault.status !== null)
          return failureResponse(
            fault.status,
            faultMessage(fault.status),
            fault.status === 429 || fault.status === 503 ? { 'retry-after': '1' } : undefined,
          );
      }
    }
    const found = match(method, url.pathname);
    if (found.kind === 'bad-path') return failureResponse(400, messages.malformedUrl);
    if (found.kind === 'not-found') return failureResponse(404, messages.routeNotFound);
    if (found.kind === 'wrong-method')
      return failureResponse(405, messages.methodNotAllowed, { allow: found.allow.join(', ') });
    const { route, params } = found;
    try {
      authorize(request, url, config, route.access ?? 'full');
      const body = route.body ? await readJsonObject(request) : {};
      // From here on everything is synchronous: no other request runs until the answer is built.
      const ctx: RequestContext = { ...services(), request, url, params, body };
      return route.handle(ctx);
    } catch (error) {
      const rendered = render(error);
      if (rendered) return rendered;
      config.logger.error(
        `${method} ${url.pathname}: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`,
      );
      return failureResponse(500, messages.internal);
    }
  }

  return {
    clock,
    async handle(request) {
      const started = Date.now();
      const response = await dispatch(request);
      config.logger.info(
        `${request.method} ${new URL(request.url, 'http://sandbox').pathname} ${response.status} ${Date.now() - started}ms`,
      );
      return response;
    },
    flushWebhooks: () => webhooks.flush(),
    reset,
    close() {
      closing.abort();
      webhooks.close();
    },
  };
}
