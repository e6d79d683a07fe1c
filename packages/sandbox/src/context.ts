// What a route handler is given. Handlers are synchronous: the body is read before they run, so each
// mutation of the state happens in one piece.
import type { SandboxClock } from './clock.js';
import type { FaultRegistry } from './faults.js';
import type { SandboxLogger } from './logger.js';
import type { RateLimiter } from './rate-limit.js';
import type { State } from './store.js';
import type { EventInput, WebhookDispatcher } from './webhooks.js';

export type { SandboxLogger };

export interface SandboxConfig {
  apiKey: string;
  restrictedKey: string;
  revealLimit: number;
  webhookUrl: string | undefined;
  webhookSecret: string;
  /** waits after each failed webhook attempt, on the emulator's clock */
  webhookRetryScheduleMs: readonly number[];
  logger: SandboxLogger;
}

export type { EventInput };

export interface Services {
  state: State;
  clock: SandboxClock;
  config: SandboxConfig;
  emit(event: EventInput): void;
  webhooks: WebhookDispatcher;
  faults: FaultRegistry;
  /** the provider's rate limit on /v1 (off unless configured or a scenario turns it on) */
  rateLimit: RateLimiter;
  /** back to the seed fixtures */
  reset(): void;
  /** settles the late transfers due on the clock (./resources/settlements.ts) and waits for the next */
  settle(): void;
}

export interface RequestContext extends Services {
  request: Request;
  url: URL;
  params: Readonly<Record<string, string>>;
  /** the parsed JSON body of a route declared with `body: true`, else `{}` */
  body: Record<string, unknown>;
}

/** `banks`: the restricted key may call it too; `public`: no key (the dashboard page, the OpenAPI file) */
export type Access = 'full' | 'banks' | 'public';

export interface Route {
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  /** `/v1/cards/:card_id/withdraw` */
  path: string;
  /** whether a JSON body is read */
  body?: boolean;
  /** default `full` */
  access?: Access;
  handle(ctx: RequestContext): Response;
}

/** The path parameter `name`, which the router guarantees. */
export function param(ctx: RequestContext, name: string): string {
  return ctx.params[name] ?? '';
}
