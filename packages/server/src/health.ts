// Liveness and readiness for a process running the kit, for a load balancer or an orchestrator:
// live while the process answers; ready while the store answers and the instance is not draining.
// The provider is left out on purpose: it is shared by every instance, so taking them all out of the
// rotation when it is down would turn a degraded checkout into no checkout.
import type { PayHandler } from './handler.js';

export interface HealthOptions {
  /** How long the store may take to answer a readiness check, ms; default 2000. */
  timeoutMs?: number;
}

export interface Health {
  /** GET /healthz: 200 while the process can answer at all. */
  live(): Response;
  /** GET /readyz: 200 when the store answers and the instance is not draining, else 503. */
  ready(): Promise<Response>;
  /** Answers GET or HEAD /healthz and /readyz (any prefix before them), null for anything else. */
  fetch(request: Request): Promise<Response> | null;
  /** From now on readiness answers 503, and the kit's open streams are told to reconnect elsewhere. */
  drain(): void;
  readonly draining: boolean;
}

function answer(status: number, body: object): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: {
      'content-type': 'application/json; charset=utf-8',
      'cache-control': 'no-store',
      ...(status === 503 ? { 'retry-after': '5' } : {}),
    },
  });
}

/** Health checks for one kit (`pay`); a merchant mounts `fetch` or calls `live` and `ready`. */
export function createHealth(pay: Pick<PayHandler, 'store' | 'drain'>, options: HealthOptions = {}): Health {
  const timeoutMs = options.timeoutMs ?? 2000;
  let draining = false;

  async function storeAnswers(): Promise<boolean> {
    if (!pay.store.ping) return true;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const late = new Promise<boolean>((resolve) => {
      timer = setTimeout(() => resolve(false), timeoutMs);
    });
    try {
      return await Promise.race([
        pay.store.ping().then(
          () => true,
          () => false,
        ),
        late,
      ]);
    } finally {
      clearTimeout(timer);
    }
  }

  const health: Health = {
    live: () => answer(200, { ok: true }),
    async ready() {
      if (draining) return answer(503, { ready: false, reason: 'draining' });
      if (!(await storeAnswers())) return answer(503, { ready: false, reason: 'store_unavailable' });
      return answer(200, { ready: true });
    },
    fetch(request) {
      if (request.method !== 'GET' && request.method !== 'HEAD') return null;
      const path = new URL(request.url).pathname;
      if (path.endsWith('/healthz')) return Promise.resolve(health.live());
      if (path.endsWith('/readyz')) return health.ready();
      return null;
    },
    drain() {
      draining = true;
      pay.drain();
    },
    get draining() {
      return draining;
    },
  };
  return health;
}
