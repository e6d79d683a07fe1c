// Readiness that knows the connection cap: an instance holding PAY_MAX_CONNECTIONS connections, none of
// them a client's past its share (which would give way to a new client), answers 503 `saturated`, so that a balancer sends new shoppers to another instance, while liveness stays 200
// (a busy instance is not a dead one); one whose provider refuses its key answers 503
// `provider_refused_key`, from a check made at most once a minute. The rest is the kit's `createHealth`.
import type { Health, Logger } from '@pay-elements/server';
import type { ProviderCheck } from '../provider.js';

function notReady(reason: string): Response {
  return new Response(JSON.stringify({ ready: false, reason }), {
    status: 503,
    headers: {
      'content-type': 'application/json; charset=utf-8',
      'cache-control': 'no-store',
      'retry-after': '5',
    },
  });
}

/** How long a provider check stands before readiness makes another, ms. */
export const KEY_CHECK_EVERY_MS = 60_000;
/** How long readiness waits for a new check before it answers from the last one, ms. */
const KEY_CHECK_WAIT_MS = 1_000;

export interface KeyCheckOptions {
  /** the start's check: readiness answers from it until it is KEY_CHECK_EVERY_MS old */
  first: ProviderCheck;
  /** one cheap authenticated provider call (checkProvider) */
  check: () => Promise<ProviderCheck>;
  clock: { now(): number };
  log: Pick<Logger, 'error' | 'info'>;
  everyMs?: number;
}

/**
 * `health`, its readiness 503 `provider_refused_key` while the provider refuses the key (a key
 * revoked or rotated after the start). A provider that does not answer leaves readiness as it is: it
 * is shared by every instance, and taking them all out would turn a degraded checkout into none.
 * The check is made when the last is older than `everyMs`, one at a time, and readiness waits for it
 * a second at most (then answers from the last one).
 */
export function keyAware(health: Health, options: KeyCheckOptions): Health {
  const everyMs = options.everyMs ?? KEY_CHECK_EVERY_MS;
  let last = options.first;
  let at = options.clock.now();
  let running: Promise<void> | null = null;
  const refresh = () =>
    (running ??= options
      .check()
      .then((check) => {
        if (check.outcome === 'refused' && last.outcome !== 'refused') options.log.error(check.message);
        if (check.outcome === 'accepted' && last.outcome === 'refused') options.log.info(check.message);
        last = check;
      })
      .catch(() => undefined)
      .finally(() => {
        at = options.clock.now();
        running = null;
      }));
  const wrapped: Health = {
    live: () => health.live(),
    async ready() {
      if (!health.draining && options.clock.now() - at >= everyMs) {
        let timer: ReturnType<typeof setTimeout> | undefined;
        const wait = new Promise<void>((resolve) => (timer = setTimeout(resolve, KEY_CHECK_WAIT_MS)));
        await Promise.race([refresh(), wait]).finally(() => clearTimeout(timer));
      }
      if (!health.draining && last.outcome === 'refused') return notReady('provider_refused_key');
      return health.ready();
    },
    fetch(request) {
      if (request.method !== 'GET' && request.method !== 'HEAD') return null;
      if (new URL(request.url).pathname.endsWith('/readyz')) return wrapped.ready();
      return health.fetch(request);
    },
    drain: () => health.drain(),
    get draining() {
      return health.draining;
    },
  };
  return wrapped;
}

/** `health`, its readiness 503 `saturated` while `saturated()` holds. */
export function saturationAware(health: Health, saturated: () => boolean): Health {
  return {
    live: () => health.live(),
    async ready() {
      if (!health.draining && saturated()) return notReady('saturated');
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
