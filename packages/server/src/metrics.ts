// @pay-elements/server/metrics: the kit's Prometheus metrics through prom-client (an optional peer,
// loaded only by this path). `createPayMetrics()` gives the kit's `observer`, a fetch for the
// provider client that counts and times its requests, and the registry's text for a /metrics route.
import client from 'prom-client';
import type { FetchLike } from '@pay-elements/api';
import type { PayHandler } from './handler.js';
import type { PayObserver } from './observer.js';

export interface PayMetricsOptions {
  /** a registry of the merchant's; default a new one */
  registry?: client.Registry;
  /** also collect prom-client's process and Node.js defaults (CPU, memory, event loop); default true */
  defaultMetrics?: boolean;
}

export interface PayMetrics {
  registry: client.Registry;
  /** give it to `createPayHandler({ observer })` */
  observer: PayObserver;
  /** the kit whose streams and circuit breaker are reported (a function for a kit that is replaced) */
  track(pay: PayHandler | (() => PayHandler)): void;
  /** a fetch for `new PayClient({ fetch })`: every provider request counted and timed */
  instrumentFetch(fetch?: FetchLike): FetchLike;
  /** the Prometheus text exposition and its content type */
  render(): Promise<{ body: string; contentType: string }>;
}

/** The words of the provider's paths (the spec's routes); any other segment is an id. */
const PATH_WORDS = new Set([
  'v1',
  'banks',
  'suggest',
  'cards',
  'events',
  'freeze',
  'unfreeze',
  'reveal',
  'withdraw',
  'customers',
  'invoices',
  'view',
  'links',
  'payments',
  'send',
  'transactions',
  'virtual-accounts',
  'create',
  'dynamic',
  'wallets',
]);

/**
 * `POST /v1/virtual-accounts/dynamic`, `GET /v1/invoices/view/:id`: the operation of a provider
 * request as a metrics label, from a fixed vocabulary (every segment not a word of the spec's paths
 * is `:id`, at most five segments), so that no id, number or guess ever makes a series of its own.
 */
export function providerOperation(method: string, url: string): string {
  let path: string;
  try {
    path = new URL(url).pathname;
  } catch {
    path = url;
  }
  const segments = path.split('/').filter(Boolean);
  const shape = segments.slice(0, 5).map((segment) => (PATH_WORDS.has(segment) ? segment : ':id'));
  if (segments.length > 5) shape.push('…');
  const verb = method.toUpperCase();
  return `${['GET', 'POST', 'PUT', 'PATCH', 'DELETE'].includes(verb) ? verb : 'OTHER'} /${shape.join('/')}`;
}

function outcomeOf(status: number): string {
  if (status < 400) return 'ok';
  if (status === 429) return 'rate_limited';
  return status < 500 ? 'client_error' : 'server_error';
}

/** The gauges read from the kit of the moment when Prometheus scrapes: streams open, the breaker. */
function kitGauges(registers: client.Registry[], current: () => PayHandler | undefined): void {
  new client.Gauge({
    name: 'pay_streams_open',
    help: 'Status streams (Server-Sent Events: sessions, invoices, customers’ accounts) open on this instance.',
    registers,
    collect() {
      this.set(current()?.streams ?? 0);
    },
  });
  new client.Gauge({
    name: 'pay_breaker_open',
    help: "1 while the provider's circuit breaker is open (provider calls refused at once), else 0.",
    registers,
    collect() {
      this.set(current()?.breaker.state === 'open' ? 1 : 0);
    },
  });
}

export function createPayMetrics(options: PayMetricsOptions = {}): PayMetrics {
  const registry = options.registry ?? new client.Registry();
  if (options.defaultMetrics ?? true) client.collectDefaultMetrics({ register: registry });
  const registers = [registry];
  let current: () => PayHandler | undefined = () => undefined;

  const created = new client.Counter({
    name: 'pay_sessions_created_total',
    help: 'Payment sessions created (an account opened for an order).',
    registers,
  });
  const paid = new client.Counter({
    name: 'pay_sessions_paid_total',
    help: 'Payment sessions that turned paid on this instance.',
    registers,
  });
  const expired = new client.Counter({
    name: 'pay_sessions_expired_total',
    help: 'Payment sessions that turned expired on this instance.',
    registers,
  });
  const deposits = new client.Counter({
    name: 'pay_deposits_total',
    help: "Deposits into customers' own accounts recorded on this instance.",
    registers,
  });
  const providerRequests = new client.Counter({
    name: 'pay_provider_requests_total',
    help: 'Requests to the payment provider, by operation and outcome.',
    labelNames: ['operation', 'outcome'] as const,
    registers,
  });
  const providerDuration = new client.Histogram({
    name: 'pay_provider_request_duration_seconds',
    help: 'How long requests to the payment provider took, by operation.',
    labelNames: ['operation'] as const,
    buckets: [0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers,
  });
  const webhooks = new client.Counter({
    name: 'pay_webhooks_total',
    help: 'Provider webhooks received, by outcome (accepted, duplicate, refused).',
    labelNames: ['outcome'] as const,
    registers,
  });
  const onPaid = new client.Histogram({
    name: 'pay_onpaid_duration_seconds',
    help: "How long the merchant's onPaid took, by outcome (delivered, failed).",
    labelNames: ['outcome'] as const,
    buckets: [0.01, 0.05, 0.1, 0.5, 1, 2.5, 5, 10, 30, 60],
    registers,
  });
  kitGauges(registers, () => current());
  for (const outcome of ['accepted', 'duplicate', 'refused']) webhooks.inc({ outcome }, 0);

  return {
    registry,
    observer: {
      sessionCreated: () => created.inc(),
      sessionPaid: () => paid.inc(),
      sessionExpired: () => expired.inc(),
      webhook: (outcome) => webhooks.inc({ outcome }),
      deposit: () => deposits.inc(),
      onPaid: (seconds, outcome) => onPaid.observe({ outcome }, seconds),
    },
    track(pay) {
      current = typeof pay === 'function' ? pay : () => pay;
    },
    instrumentFetch(fetch: FetchLike = (input, init) => globalThis.fetch(input, init)) {
      return async (input, init) => {
        const operation = providerOperation(init.method ?? 'GET', input);
        const stop = providerDuration.startTimer({ operation });
        try {
          const response = await fetch(input, init);
          providerRequests.inc({ operation, outcome: outcomeOf(response.status) });
          return response;
        } catch (error) {
          providerRequests.inc({ operation, outcome: 'network_error' });
          throw error;
        } finally {
          stop();
        }
      };
    },
    async render() {
      return { body: await registry.metrics(), contentType: registry.contentType };
    },
  };
}
