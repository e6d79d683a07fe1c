// Deno: the kit under Deno.serve; the client address from the handler's info.remoteAddr.
/* global Deno */
import { hostname, listening, port, shop } from './shop.mjs';

const addresses = new WeakMap();
const pay = await shop({ clientKey: (request) => addresses.get(request) ?? 'unknown' });
Deno.serve({ hostname, port, onListen: () => listening('deno') }, (request, info) => {
  addresses.set(request, info.remoteAddr.hostname);
  return pay.fetch(request);
});
