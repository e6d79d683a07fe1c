// Who a request comes from, for the kit's per-client limits (account openings, status streams, bank
// suggestions). Behind a proxy (TRUST_PROXY=1) the shopper is the address the nearest proxy saw,
// not the proxy itself; otherwise the kit's default, the socket's address.
import { addressKey } from '@pay-elements/server';
import type { ExampleConfig } from './config.js';
import { forwardedClient } from './headers.js';

/** The kit's `clientKey`: the proxy's word behind one, else none (the kit reads the socket). */
export function clientKeyOf(config: ExampleConfig): ((request: Request) => string) | undefined {
  if (!config.TRUST_PROXY) return undefined;
  return (request) => {
    const client = forwardedClient(request.headers.get('x-forwarded-for'));
    return client ? addressKey(client) : '';
  };
}
