// Readiness that knows the connection cap: an instance holding PAY_MAX_CONNECTIONS connections, none of
// them a client's past its share (which would give way to a new client), answers 503 `saturated`, so
// that a balancer sends new shoppers to another instance, while liveness stays 200 (a busy instance is
// not a dead one). The rest is the kit's `createHealth`.
import type { Health } from '@pay-elements/server';

/** `health`, its readiness 503 `saturated` while `saturated()` holds. */
export function saturationAware(health: Health, saturated: () => boolean): Health {
  return {
    live: () => health.live(),
    async ready() {
      if (!health.draining && saturated()) {
        return new Response(JSON.stringify({ ready: false, reason: 'saturated' }), {
          status: 503,
          headers: {
            'content-type': 'application/json; charset=utf-8',
            'cache-control': 'no-store',
            'retry-after': '5',
          },
        });
      }
      return health.ready();
    },
    fetch(request) {
      if (request.method !== 'GET' && request.method !== 'HEAD') return null;
      const path = new URL(request.url).pathname;
      if (path.endsWith('/readyz')) return this.ready();
      return health.fetch(request);
    },
    drain: () => health.drain(),
    get draining() {
      return health.draining;
    },
  };
}
