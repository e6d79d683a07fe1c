// The provider the kit talks to: the real one when PAY_API_KEY and PAY_BASE_URL are set, else the
// emulator started in this process (the demo mode), sharing one clock with the kit (so that the
// emulator's /_sandbox/clock moves the kit's time too) and sending its webhooks to this server's
// /pay/webhooks. The emulator's package is loaded only then.
import { PayClient, type FetchLike } from '@pay-elements/api';
import type { Sandbox, SandboxClock, SandboxControl } from '@pay-elements/sandbox';
import { hostOrigin, type CommonConfig } from './config.js';
import { demoLifetime, type DemoLifetime } from './lifetime.js';
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
  });
  return {
    client: new PayClient({ apiKey: DEFAULT_API_KEY, baseUrl: sandbox.url, timeout: 5_000, ...fetch }),
    webhookSecret: DEFAULT_WEBHOOK_SECRET,
    emulator: { sandbox, control: new SandboxControl(sandbox.url, DEFAULT_API_KEY) },
    lifetime: demoLifetime({ inProcessEmulator: true, emulatorKeepsState: dataFile !== undefined }),
  };
}
