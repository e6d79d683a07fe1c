// The merchant's kit, made on the first request (not at import: `next build` loads the route module
// without the provider's settings) and kept on globalThis so every route module shares one.
import { PayClient } from '@pay-elements/api';
import { createPayHandler, MemoryStore, type PayHandler } from '@pay-elements/server';

const shop = globalThis as typeof globalThis & { pay?: PayHandler };

function setting(name: string): string {
  const value = process.env[name];
  if (!value) throw new Error(`${name} is not set`);
  return value;
}

/**
 * The client's address for the rate limits: a route handler has no socket. `next start` fills
 * x-forwarded-for with the socket's address only when the request has none, so this trusts the last
 * address the nearest proxy added (a client reaching `next start` directly could choose its own).
 */
function clientKey(request: Request): string {
  return request.headers.get('x-forwarded-for')?.split(',').at(-1)?.trim() || 'unknown';
}

export function pay(): PayHandler {
  shop.pay ??= createPayHandler({
    client: new PayClient({ apiKey: setting('PAY_API_KEY'), baseUrl: setting('PAY_BASE_URL') }),
    store: new MemoryStore(),
    webhookSecret: setting('PAY_WEBHOOK_SECRET'),
    clientKey,
    resolveOrder: (id, { request }) => {
      console.log(JSON.stringify({ event: 'order', id, client: clientKey(request) }));
      return id === 'order-1'
        ? { amount: '5000.00', currency: 'NGN', customer_id: setting('CUSTOMER_ID') }
        : null;
    },
    onPaid: (session) => {
      console.log(JSON.stringify({ event: 'paid', id: session.id }));
    },
  });
  return shop.pay;
}
