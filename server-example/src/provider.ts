// The provider server-example's kit talks to, as the service starts it (@pay-elements/service: the
// real one when PAY_API_KEY and PAY_BASE_URL are set, else the emulator in this process), and the demo
// customer its orders are charged to.
import { fixtures } from '@pay-elements/sandbox';
import {
  startProvider as startServiceProvider,
  type Provider as ServiceProvider,
} from '@pay-elements/service';
import type { ProviderOptions } from '@pay-elements/service';
import type { ExampleConfig } from './config.js';

/** The emulator's demo customer's BVN (any 11 digits open an account there). */
const DEMO_BVN = '22212345678';

export interface Provider extends ServiceProvider {
  /** the provider customer the demo orders are charged to */
  customerId: string;
  /**
   * the demo customer's BVN, for opening their own accounts; null when they are not offered (a real
   * provider without PAY_DEMO_CUSTOMER_BVN)
   */
  customerBvn: string | null;
}

/** The real provider, or the emulator started for this server, with the demo's customer. */
export async function startProvider(config: ExampleConfig, options: ProviderOptions): Promise<Provider> {
  const provider = await startServiceProvider(config, options);
  const emulator = provider.emulator !== null;
  return {
    ...provider,
    customerId: config.PAY_DEMO_CUSTOMER_ID ?? (emulator ? fixtures.customers.ada.id : ''),
    customerBvn: config.PAY_DEMO_CUSTOMER_BVN ?? (emulator ? DEMO_BVN : null),
  };
}
