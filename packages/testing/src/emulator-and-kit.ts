// The one way tests and benches start "an emulator and a kit": the real emulator on loopback (a
// frozen clock by default, shared with the kit), a customer created through its control API, the
// real client, and the kit wired to both. With `serve` the kit also listens on its own loopback port;
// `webhooks` has the emulator deliver there (or to a URL where the caller serves the kit).
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { PayClient, type ClientOptions } from '@pay-elements/api';
import {
  DEFAULT_API_KEY,
  DEFAULT_WEBHOOK_SECRET,
  SandboxControl,
  createClock,
  fixtures,
  startSandbox,
  type CreateCustomerBody,
  type Sandbox,
  type SandboxClock,
  type StartOptions,
} from '@pay-elements/sandbox';
import { createPayHandler, type PayHandler, type PayHandlerOptions } from '@pay-elements/server';
import { toNodeListener } from '@pay-elements/server/node';

/** Where the frozen clock starts unless a test gives its own clock. */
export const START = Date.parse('2026-11-21T10:00:00.000Z');

export const ADA: CreateCustomerBody = {
  email: 'ada@example.com',
  first_name: 'Ada',
  last_name: 'Obi',
  country_code: 'NGA',
};

type Listener = (req: IncomingMessage, res: ServerResponse) => void;

export interface EmulatorAndKitOptions {
  /** default: frozen at START */
  clock?: SandboxClock;
  /** serve the kit on its own loopback port (`kitUrl`) */
  serve?: boolean;
  /** true: the emulator delivers webhooks to the served kit; `{url}`: to where the caller serves it */
  webhooks?: boolean | { url: string };
  /** signs the emulator's webhooks and is given to the kit; default the emulator's DEFAULT_WEBHOOK_SECRET */
  webhookSecret?: string;
  /** more emulator options */
  sandbox?: Omit<StartOptions, 'clock' | 'port' | 'webhookUrl' | 'webhookSecret'>;
  /** the customer created first; default ADA; null: none, `customerId` is the seeded Ada's */
  customer?: CreateCustomerBody | null;
  /** client options on top of the full key, the emulator's URL and no retries */
  client?: (sandbox: Sandbox) => Partial<ClientOptions>;
  /** the kit's options (its client, clock and webhook secret are set here) */
  kit: (setup: {
    customerId: string;
    sandbox: Sandbox;
    client: PayClient;
  }) => Omit<PayHandlerOptions, 'client' | 'clock'>;
}

export interface EmulatorAndKit {
  clock: SandboxClock;
  sandbox: Sandbox;
  control: SandboxControl;
  customerId: string;
  client: PayClient;
  kit: PayHandler;
  /** the kit's own loopback URL with `serve`, else null */
  kitUrl: string | null;
  /** the kit on node:http (what the served port answers with) */
  listener: Listener;
  /** the kit's own server with `serve`, else null */
  server: Server | null;
  /** closes the kit, the emulator and the kit's port if it has one */
  close(): Promise<void>;
}

export async function startEmulatorAndKit(options: EmulatorAndKitOptions): Promise<EmulatorAndKit> {
  const clock = options.clock ?? createClock({ frozen: true, start: START });
  const webhookSecret = options.webhookSecret ?? DEFAULT_WEBHOOK_SECRET;
  let server: Server | null = null;
  let listener: Listener | null = null;
  let kitUrl: string | null = null;
  let webhookUrl: string | undefined;
  if (options.serve || options.webhooks === true) {
    // served before the emulator starts (it needs the URL), answered once the kit exists
    const served = createServer((req, res) => listener?.(req, res));
    server = served;
    await new Promise<void>((resolve) => served.listen(0, '127.0.0.1', resolve));
    const address = served.address();
    if (address === null || typeof address === 'string') throw new Error('the kit is not listening on TCP');
    kitUrl = `http://127.0.0.1:${address.port}`;
  }
  if (options.webhooks === true) webhookUrl = `${kitUrl}/pay/webhooks`;
  else if (options.webhooks) webhookUrl = options.webhooks.url;

  const sandbox = await startSandbox({
    ...options.sandbox,
    port: 0,
    clock,
    ...(webhookUrl ? { webhookUrl, webhookSecret } : {}),
  });
  const control = new SandboxControl(sandbox.url, DEFAULT_API_KEY);
  const customerId =
    options.customer === null
      ? fixtures.customers.ada.id
      : (await control.createCustomer(options.customer ?? ADA)).id;
  const client = new PayClient({
    apiKey: DEFAULT_API_KEY,
    baseUrl: sandbox.url,
    maxRetries: 0,
    ...options.client?.(sandbox),
  });
  const kit = createPayHandler({
    client,
    clock,
    ...(webhookUrl ? { webhookSecret } : {}),
    ...options.kit({ customerId, sandbox, client }),
  });
  const kitListener = toNodeListener(kit);
  listener = kitListener;
  return {
    clock,
    sandbox,
    control,
    customerId,
    client,
    kit,
    kitUrl,
    listener: kitListener,
    server,
    async close() {
      await kit.close();
      await sandbox.close();
      if (server) {
        server.closeAllConnections();
        const closing = server;
        await new Promise<void>((resolve) => closing.close(() => resolve()));
      }
    },
  };
}
