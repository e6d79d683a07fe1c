// The provider the kit talks to: the real one when PAY_API_KEY and PAY_BASE_URL are set, else the
// emulator started in this process (the demo mode), sharing one clock with the kit (so that the
// emulator's /_sandbox/clock moves the kit's time too) and sending its webhooks to this server's
// /pay/webhooks. The emulator's package is loaded only then.
import {
  ApiError,
  AuthenticationError,
  ConnectionError,
  PayClient,
  PermissionDeniedError,
  TimeoutError,
  type FetchLike,
} from '@pay-elements/api';
import type { Sandbox, SandboxClock, SandboxControl } from '@pay-elements/sandbox';
import { ConfigError, hostOrigin, type CommonConfig } from './config.js';
import { demoLifetime, type DemoLifetime } from './lifetime.js';
import { listenProblem } from './operations/gate.js';
import { sandboxDataFile } from './stores.js';

export interface Provider {
  client: PayClient;
  /** the provider's webhook signing secret, when it signs */
  webhookSecret: string | undefined;
  /** the in-process emulator and its control API; null with a real provider */
  emulator: { sandbox: Sandbox; control: SandboxControl } | null;
  /** whether the kit's state starts fresh or is kept (lifetime.ts) */
  lifetime: DemoLifetime;
}

export interface ProviderOptions {
  /** this server's port, for the emulator's webhook URL */
  port: number;
  /** the emulator's clock; default real time that /_sandbox/clock can move */
  clock?: SandboxClock | undefined;
  /** the provider client's fetch (default the global one) */
  fetch?: FetchLike | undefined;
}

export type ProviderConfig = Pick<
  CommonConfig,
  | 'PAY_API_KEY'
  | 'PAY_BASE_URL'
  | 'PAY_WEBHOOK_SECRET'
  | 'PAY_SANDBOX_PORT'
  | 'HOST'
  | 'PAY_SANDBOX_DATA'
  | 'PAY_DB'
>;

/** The real provider, or the emulator started for this server. */
export async function startProvider(config: ProviderConfig, options: ProviderOptions): Promise<Provider> {
  const fetch = options.fetch ? { fetch: options.fetch } : {};
  if (config.PAY_API_KEY && config.PAY_BASE_URL) {
    return {
      client: new PayClient({ apiKey: config.PAY_API_KEY, baseUrl: config.PAY_BASE_URL, ...fetch }),
      webhookSecret: config.PAY_WEBHOOK_SECRET,
      emulator: null,
      lifetime: demoLifetime({ inProcessEmulator: false, emulatorKeepsState: true }),
    };
  }
  const { createClock, DEFAULT_API_KEY, DEFAULT_WEBHOOK_SECRET, SandboxControl, startSandbox } =
    await import('@pay-elements/sandbox');
  const dataFile = sandboxDataFile(config);
  const sandbox = await startSandbox({
    port: config.PAY_SANDBOX_PORT,
    host: config.HOST,
    clock: options.clock ?? createClock(),
    webhookUrl: `${hostOrigin(config.HOST, options.port)}/pay/webhooks`,
    webhookSecret: DEFAULT_WEBHOOK_SECRET,
    dataFile,
  }).catch((error: unknown) => {
    throw listenProblem(error, config.PAY_SANDBOX_PORT, config.HOST, {
      port: 'PAY_SANDBOX_PORT',
      host: 'HOST',
    });
  });
  return {
    client: new PayClient({ apiKey: DEFAULT_API_KEY, baseUrl: sandbox.url, timeout: 5_000, ...fetch }),
    webhookSecret: DEFAULT_WEBHOOK_SECRET,
    emulator: { sandbox, control: new SandboxControl(sandbox.url, DEFAULT_API_KEY) },
    lifetime: demoLifetime({ inProcessEmulator: true, emulatorKeepsState: dataFile !== undefined }),
  };
}

/**
 * What one cheap authenticated call answered (GET /v1/wallets: no parameters, a short list, and a
 * key that may read banks only is refused it, as it would be every checkout): `refused` when the
 * provider refused the key (401, 403), `unreachable` when nothing answered or the answer was a failure
 * of the provider's own. Each `message` names the variable to look at, never a secret's value.
 */
export type ProviderCheck =
  | { outcome: 'accepted'; message: string }
  | { outcome: 'refused'; status: number; message: string }
  | { outcome: 'unreachable'; message: string };

/** Where the key is checked, as a message names it: PAY_BASE_URL, or the emulator of this process. */
export function providerPlace(config: Pick<CommonConfig, 'PAY_BASE_URL'>): string {
  return config.PAY_BASE_URL ? `PAY_BASE_URL (${config.PAY_BASE_URL})` : 'the emulator';
}

/** One GET /v1/wallets with the configured key, never retried, within `timeoutMs`. */
export async function checkProvider(
  client: PayClient,
  config: Pick<CommonConfig, 'PAY_BASE_URL'>,
  timeoutMs = 5_000,
): Promise<ProviderCheck> {
  const place = providerPlace(config);
  try {
    await client.wallets.list({ maxRetries: 0, timeout: timeoutMs });
    return { outcome: 'accepted', message: `the provider at ${place} accepted PAY_API_KEY` };
  } catch (error) {
    if (error instanceof AuthenticationError || error instanceof PermissionDeniedError) {
      const why =
        error instanceof PermissionDeniedError
          ? 'a key without permission to read wallets'
          : 'an unknown key';
      return {
        outcome: 'refused',
        status: error.status,
        message: `the provider refused PAY_API_KEY at ${place} (${error.status}: ${why}): set the business's secret key for this base URL`,
      };
    }
    if (error instanceof TimeoutError)
      return {
        outcome: 'unreachable',
        message: `the provider at ${place} did not answer within ${timeoutMs} ms: is it running, and is PAY_BASE_URL right?`,
      };
    if (error instanceof ConnectionError)
      return {
        outcome: 'unreachable',
        message: `nothing answers at ${place}: is the provider (or the emulator, npx --no-install pay-sandbox) running?`,
      };
    if (error instanceof ApiError)
      return {
        outcome: 'unreachable',
        message: `the provider at ${place} answered ${error.status} to a wallet read: is PAY_BASE_URL the provider's API?`,
      };
    throw error;
  }
}

/**
 * The start's check: a refused key stops the start (a ConfigError naming PAY_API_KEY); a provider
 * that does not answer is told with its hint, and the start goes on (it may come up after this
 * process: readiness does not wait for a provider shared by every instance).
 */
export function requireProviderKey(check: ProviderCheck, log: { warn(message: string): void }): void {
  if (check.outcome === 'refused') throw new ConfigError(check.message);
  if (check.outcome === 'unreachable') log.warn(check.message);
}
