// The emulator as a Fetch-standard handler, `(Request) => Promise<Response>`: its state, clock,
// faults and webhooks, served by the Hono app of ./app.ts.
import { defaultConventions, webhookSecretProblem } from '@pay-elements/api';
import { createApp } from './app.js';
import { createClock, type SandboxClock } from './clock.js';
import type { Route, SandboxConfig, SandboxLogger, Services } from './context.js';
import { controlRoutes } from './control.js';
import { FaultRegistry } from './faults.js';
import { lockStateFile } from './lock.js';
import { RateLimiter } from './rate-limit.js';
import { loadState, StateWriter } from './persist.js';
import { scenarioRoutes } from './scenarios.js';
import { seedState } from './seed.js';
import { dashboardRoutes } from './dashboard.js';
import { openApiRoutes } from './openapi.js';
import { bankRoutes } from './resources/banks.js';
import { cardRoutes } from './resources/cards.js';
import { customerRoutes } from './resources/customers.js';
import { invoiceRoutes } from './resources/invoices.js';
import { linkRoutes } from './resources/links.js';
import { paymentRoutes } from './resources/payments.js';
import { Settler } from './resources/settlements.js';
import { transactionRoutes } from './resources/transactions.js';
import { virtualAccountRoutes } from './resources/virtual-accounts.js';
import { walletRoutes } from './resources/wallets.js';
import type { State } from './store.js';
import { RETRY_SCHEDULE_MS, WebhookDispatcher } from './webhooks.js';

export const DEFAULT_API_KEY = 'sk_sandbox_local';
export const DEFAULT_RESTRICTED_KEY = 'sk_sandbox_restricted';
/** A valid Standard Webhooks secret (base64 of 32 bytes), public on purpose: it signs local events only. */
export const DEFAULT_WEBHOOK_SECRET = 'whsec_cGF5LWVsZW1lbnRzIGxvY2FsIHNhbmRib3ggaG9va3M=';

export interface SandboxOptions {
  clock?: SandboxClock;
  /** the key that may do everything; default `sk_sandbox_local` */
  apiKey?: string;
  /** the key that may only read banks; default `sk_sandbox_restricted` */
  restrictedKey?: string;
  /** where events are POSTed; none: events are not sent */
  webhookUrl?: string;
  /** `whsec_` + base64 of 24 to 64 bytes; default DEFAULT_WEBHOOK_SECRET */
  webhookSecret?: string;
  /** card reveals per card per minute; default conventions.revealLimitPerMinute (10) */
  revealLimit?: number;
  /** /v1 requests per second per key, past which 429 with Retry-After; default no limit */
  rateLimit?: number;
  /**
   * waits after each failed webhook attempt, on the emulator's clock; default 5 s, 5 min, 30 min,
   * 2 h, 5 h, 10 h, 10 h (its length is the number of retries)
   */
  webhookRetryScheduleMs?: readonly number[];
  /**
   * a JSON file that keeps the state across restarts (each change appended to `FILE.journal` before
   * its answer, folded into the file now and then and on close); default none
   */
  dataFile?: string;
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
  /**
   * abandons webhook deliveries and injected delays in flight; writes the state file whole (and
   * removes its journal) and releases its lock
   */
  close(): void;
}

export const silentLogger: SandboxLogger = { info: () => {}, warn: () => {}, error: () => {} };

export const routes: readonly Route[] = [
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
  ...scenarioRoutes,
  ...dashboardRoutes,
  ...openApiRoutes,
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
  if (options.rateLimit !== undefined && (!Number.isInteger(options.rateLimit) || options.rateLimit < 1))
    throw new TypeError('startSandbox: rateLimit must be an integer ≥ 1');
  if (options.webhookUrl !== undefined && !URL.canParse(options.webhookUrl))
    throw new TypeError('startSandbox: webhookUrl must be an absolute URL');
  const webhookSecret = options.webhookSecret ?? DEFAULT_WEBHOOK_SECRET;
  const secretProblem = webhookSecretProblem(webhookSecret);
  if (secretProblem) throw new TypeError(`startSandbox: webhookSecret ${secretProblem}`);
  const schedule = options.webhookRetryScheduleMs ?? RETRY_SCHEDULE_MS;
  if (!schedule.every((ms) => Number.isFinite(ms) && ms >= 0))
    throw new TypeError('startSandbox: webhookRetryScheduleMs must be a list of milliseconds ≥ 0');
  return {
    apiKey,
    restrictedKey,
    revealLimit,
    webhookUrl: options.webhookUrl,
    webhookSecret,
    webhookRetryScheduleMs: schedule,
    logger: options.logger ?? silentLogger,
  };
}

export function createSandbox(options: SandboxOptions = {}): SandboxHandler {
  const config = resolveConfig(options);
  const clock = options.clock ?? createClock();
  const faults = new FaultRegistry();
  const rateLimit = new RateLimiter(options.rateLimit);
  const closing = new AbortController();
  const { dataFile } = options;
  const unlock = dataFile ? lockStateFile(dataFile) : () => {};
  let loaded: ReturnType<typeof loadState>;
  try {
    loaded = dataFile ? loadState(dataFile, config.webhookRetryScheduleMs.length) : null;
  } catch (error) {
    unlock();
    throw error;
  }
  // the clock goes on from where the saved run had moved it (it never goes back)
  if (loaded) clock.advance(Math.max(0, loaded.clockOffsetMs - (clock.now() - Date.now())));
  let state: State = loaded?.state ?? seedState(clock.now());
  // deliveries from the file go to the URL configured now, never to one the file names
  if (loaded && config.webhookUrl) for (const d of state.deliveries.values()) d.url = config.webhookUrl;

  const writer = dataFile ? new StateWriter(dataFile) : null;
  const clockOffset = () => clock.now() - Date.now();
  const persist = writer ? () => writer.save(state, clockOffset()) : () => {};
  // a new snapshot at once: of the seed, or of the file with its journal folded in
  try {
    persist();
  } catch (error) {
    unlock();
    throw error;
  }
  const webhooks = new WebhookDispatcher({
    url: config.webhookUrl,
    secret: config.webhookSecret,
    clock,
    schedule: config.webhookRetryScheduleMs,
    logger: config.logger,
    state: () => state,
    changed: persist,
  });
  // deliveries left due by the last run go now
  webhooks.pump();

  // late transfers: settled on every request and clock move, and by a timer on real time
  const settler = new Settler(() => services(), persist);
  const reset = () => {
    state = seedState(clock.now());
    faults.clear();
    rateLimit.set(options.rateLimit ?? null);
    webhooks.reset();
    persist();
  };
  const services = (): Services => ({
    state,
    clock,
    config,
    faults,
    rateLimit,
    reset,
    settle: () => settler.settle(),
    webhooks,
    emit: (event) => void webhooks.emit(event),
  });
  // transfers the last run left settling land now, or when due
  settler.settle();
  persist();

  const app = createApp({ routes, config, services, persist, closing: closing.signal });

  return {
    clock,
    handle: async (request) => app.fetch(request),
    flushWebhooks: () => webhooks.flush(),
    reset,
    close() {
      closing.abort();
      settler.close();
      webhooks.close();
      try {
        writer?.close(state, clockOffset());
      } catch (error) {
        config.logger.error(
          `the state file ${dataFile ?? ''} could not be written on close: ${String(error)}`,
        );
      } finally {
        unlock();
      }
    },
  };
}
