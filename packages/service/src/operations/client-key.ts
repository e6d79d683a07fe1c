// Who a request comes from, for the kit's per-client limits (account openings, status streams, bank
// suggestions): behind a proxy (TRUST_PROXY=1) the address the nearest proxy saw, not the proxy
// itself; otherwise the socket's address. A request the server makes to the kit on a shopper's
// behalf (the hosted checkout's renew form) counts as the shopper's.
import { addressKey, type Logger } from '@pay-elements/server';
import { clientAddress } from '@pay-elements/server/node';
import type { CommonConfig } from '../config.js';
import { forwardedClient } from './headers.js';

export interface ClientKeys {
  /** the kit's `clientKey`; '' leaves it to the kit (the socket's address) */
  clientKey: (request: Request) => string;
  /** `request`, made to the kit on behalf of the shopper who sent `shopper`, counted as theirs */
  onBehalfOf: (shopper: Request, request: Request) => Request;
}

export function clientKeys(config: Pick<CommonConfig, 'TRUST_PROXY'>, log: Logger): ClientKeys {
  const onBehalf = new WeakMap<Request, string>();
  let warned = false;
  /** the shopper's key by the proxy's word, or '' (with a warning, once) when the proxy said nothing */
  const forwarded = (request: Request): string => {
    const client = forwardedClient(request.headers.get('x-forwarded-for'));
    if (client) return addressKey(client);
    if (!warned) {
      warned = true;
      log.warn(
        'TRUST_PROXY=1 but a request came without a valid X-Forwarded-For: it is limited as the ' +
          'proxy itself, with every other such request. Have the proxy set it (docs/operations.md).',
      );
    }
    return '';
  };
  const own = (request: Request): string => {
    const address = clientAddress(request);
    return address ? addressKey(address) : '';
  };
  return {
    clientKey: (request) => {
      const shopper = onBehalf.get(request);
      if (shopper !== undefined) return shopper;
      return config.TRUST_PROXY ? forwarded(request) : '';
    },
    onBehalfOf: (shopper, request) => {
      onBehalf.set(request, config.TRUST_PROXY ? forwarded(shopper) : own(shopper));
      return request;
    },
  };
}
