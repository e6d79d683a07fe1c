// Cloudflare Workers: the kit in workerd with the D1 store (binding DB) and the provider settings as
// bindings. The kit is built once per isolate, on its first request (a Worker's env comes with it).
// workerd runs nothing between requests, so what the kit does after answering (onPaid, a check) is
// handed to `ctx.waitUntil`, and the watcher's sweep runs on a cron trigger (`scheduled`).
import { D1Store } from '@pay-elements/server/d1';
import { payHandler } from './shop.mjs';

let kit;

/** The isolate's kit; the client address is Cloudflare's CF-Connecting-IP. */
function payFor(env) {
  kit ??= D1Store.open(env.DB).then((store) =>
    payHandler({ env, store, clientKey: (request) => request.headers.get('cf-connecting-ip') ?? 'unknown' }),
  );
  return kit;
}

export default {
  async fetch(request, env, ctx) {
    const pay = await payFor(env);
    const response = await pay.fetch(request);
    ctx.waitUntil(pay.watcher.idle());
    return response;
  },
  async scheduled(_controller, env, ctx) {
    const pay = await payFor(env);
    ctx.waitUntil(pay.watcher.sweep());
  },
};
