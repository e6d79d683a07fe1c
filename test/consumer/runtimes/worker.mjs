// Cloudflare Workers: the kit in workerd with the D1 store (binding DB) or PostgreSQL (STORE=postgres,
// DATABASE_URL), the provider settings as bindings. The kit is built once per isolate, on its first request (a Worker's env comes with it).
// workerd runs nothing between requests, so what the kit does after answering (onPaid, a check) is
// handed to `ctx.waitUntil`, and the watcher's sweep runs on a cron trigger (`scheduled`).
import { D1Store } from '@pay-elements/server/d1';
import { payHandler } from './shop.mjs';

let kit;

/** The Worker's store: D1 (binding DB), or PostgreSQL at DATABASE_URL over workerd's TCP sockets. */
async function openStore(env) {
  if (env.STORE !== 'postgres') return D1Store.open(env.DB);
  const [{ PostgresStore }, { default: pg }] = await Promise.all([
    import('@pay-elements/server/postgres'),
    import('pg'),
  ]);
  // workerd ties a socket to the request that opened it: no connection outlives its one use
  return PostgresStore.open({
    pool: new pg.Pool({ connectionString: env.DATABASE_URL, max: 5, maxUses: 1 }),
  });
}

/** The isolate's kit (made again on the next request if opening its store failed). */
function payFor(env) {
  kit ??= openStore(env).then(
    (store) =>
      payHandler({
        env,
        store,
        clientKey: (request) => request.headers.get('cf-connecting-ip') ?? 'unknown',
      }),
    (error) => {
      kit = undefined;
      throw error;
    },
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
