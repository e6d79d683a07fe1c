// server-example's start-up, what a merchant copies, one piece at a time: the listening socket, the
// metrics, the sweeper, dispatch and the drain on stop as the service runs them
// (@pay-elements/service/operations), the provider or the emulator (provider.ts), the store (stores.ts),
// the kit and its options (kit.ts), the demo reset (demo-reset.ts) and the site beside the kit
// (site.ts). The kit answers /pay; the site the demo at /, the hosted pages (@pay-elements/service/
// hosted: the checkout at /checkout/{id}, /invoices/{token}, /fund/{token}, /receipts/{token}), the
// elements' script-tag files at /cdn/, the locked-down pages under /locked-down/ and (with the
// emulator only) the demo's sandbox buttons under /demo-api.
import type { Server } from 'node:http';
import { fileURLToPath } from 'node:url';
import type { FetchLike } from '@pay-elements/api';
import type { Sandbox, SandboxClock } from '@pay-elements/sandbox';
import {
  createHealth,
  redactingLogger,
  type AccountRateLimitOptions,
  type Logger,
  type PayHandler,
  type PayStore,
} from '@pay-elements/server';
import {
  answerHeaders,
  clientKeys,
  keyAware,
  createLogger,
  dispatch,
  drainAndStop,
  listenThen,
  logHandlerError,
  saturationAware,
  startMetrics,
  startSweeper,
  type Gate,
  type Listening,
} from '@pay-elements/service/operations';
import { checkProvider, emulatorMode, hostOrigin, requireProviderKey } from '@pay-elements/service';
import type { ExampleConfig } from './config.js';
import { demoReset } from './demo-reset.js';
import { currentKit } from './kit.js';
import { startProvider } from './provider.js';
import { siteApp } from './site.js';
import { openStore } from './stores.js';

export interface AppOptions {
  /** where the built demo is; default demo/dist of this repository */
  staticRoot?: string;
  /** the elements' script-tag files, served under /cdn/; default packages/elements/dist/cdn */
  cdnRoot?: string;
  /** the emulator's clock (emulator mode); default real time that /_sandbox/clock can move */
  clock?: SandboxClock;
  logger?: Logger;
  /**
   * a store to use instead of the one PAY_DB names, or how to open it (a pool may connect first);
   * POST /demo-api/reset cannot empty it
   */
  store?: PayStore | (() => Promise<PayStore>);
  /** called after the kit marks a session paid */
  onPaid?: (sessionId: string) => void;
  /** the provider client's fetch (default the global one); a benchmark counts provider calls through it */
  providerFetch?: FetchLike;
  /** the kit's limit on accounts opened per client and per order; default the kit's (10 and 3 a minute) */
  accountRateLimit?: AccountRateLimitOptions;
}

export interface App {
  url: string;
  /** the emulator, when there is no provider key */
  sandbox: Sandbox | null;
  /** the Prometheus metrics URL, when PAY_METRICS_PORT is set */
  metricsUrl: string | null;
  /** the kit (a new one after each POST /demo-api/reset) */
  readonly pay: PayHandler;
  server: Server;
  /**
   * Drains and stops: readiness answers 503 at once, open status streams are told to reconnect, the
   * listener takes no new connection, requests under way and onPaid deliveries finish (within
   * PAY_SHUTDOWN_GRACE_MS), then the store closes. Resolves to whether everything finished in time.
   */
  close(): Promise<boolean>;
}

const defaultStaticRoot = fileURLToPath(new URL('../../demo/dist', import.meta.url));
const defaultCdnRoot = fileURLToPath(new URL('../../packages/elements/dist/cdn', import.meta.url));

export async function startApp(config: ExampleConfig, options: AppOptions = {}): Promise<App> {
  // one logger for the kit and for server-example's own lines, no secret in either
  const secrets = [config.PAY_API_KEY, config.PAY_WEBHOOK_SECRET].filter((s): s is string => Boolean(s));
  const logger = redactingLogger(
    options.logger ?? createLogger(config.PAY_LOG_FORMAT, { livemode: !emulatorMode(config) }),
    secrets,
  );
  return listenThen(config, logger, (gate, where) => startBehind(gate, where, config, options, logger));
}

/** Everything behind the listening socket, in the order it starts; requests wait for `gate.open`. */
async function startBehind(
  gate: Gate,
  { port, url }: Listening,
  config: ExampleConfig,
  options: AppOptions,
  logger: Logger,
): Promise<App> {
  const { server } = gate;

  const metrics = await startMetrics(config);
  const provider = await startProvider(config, {
    port,
    clock: options.clock,
    fetch: metrics ? metrics.metrics.instrumentFetch(options.providerFetch) : options.providerFetch,
  });
  // a refused key stops the start with PAY_API_KEY named; readiness checks it again now and then
  const keyCheck = await checkProvider(provider.client, config);
  requireProviderKey(keyCheck, logger);
  const store =
    typeof options.store === 'function'
      ? await options.store()
      : (options.store ?? (await openStore(config, provider.lifetime === 'fresh', logger)));
  const headers = answerHeaders(gate.securityFor);
  const clients = clientKeys(config, logger);
  const setup = {
    config,
    url,
    provider,
    logger,
    observer: metrics?.metrics.observer,
    clientKey: clients.clientKey,
    onPaid: options.onPaid,
    accountRateLimit: options.accountRateLimit,
  };
  const onError = logHandlerError(logger);
  const kit = currentKit(setup, store, { headers, onError });
  metrics?.metrics.track(() => kit.pay);
  // readiness follows the kit of the moment (a new one after each reset)
  const health = keyAware(
    saturationAware(
      createHealth({
        get store() {
          return kit.pay.store;
        },
        drain: () => kit.pay.drain(),
      }),
      () => gate.saturated,
    ),
    {
      first: keyCheck,
      check: () => checkProvider(provider.client, config),
      clock: provider.emulator?.sandbox.clock ?? { now: () => Date.now() },
      log: logger,
    },
  );
  const reset = demoReset({ config, provider, kit, storeGiven: options.store !== undefined, logger });
  const site = siteApp({
    config,
    url,
    kitOrigin: hostOrigin(config.HOST, port),
    staticRoot: options.staticRoot ?? defaultStaticRoot,
    cdnRoot: options.cdnRoot ?? defaultCdnRoot,
    provider,
    kit,
    clients,
    health,
    reset,
    logger,
  });
  gate.open(dispatch({ kit, site, health, headers, onError }));
  const stopSweeper = startSweeper(() => kit.pay, config.PAY_SWEEP_INTERVAL_MS, logger);

  const sandbox = provider.emulator?.sandbox ?? null;
  return {
    url,
    sandbox,
    metricsUrl: metrics?.url ?? null,
    get pay() {
      return kit.pay;
    },
    server,
    close: () =>
      drainAndStop({
        server,
        health,
        pay: () => kit.pay,
        stopSweeper,
        others: [sandbox, metrics],
        graceMs: config.PAY_SHUTDOWN_GRACE_MS,
        delayMs: config.PAY_SHUTDOWN_DELAY_MS,
      }),
  };
}
