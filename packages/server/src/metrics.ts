// @pay-elements/server/metrics: the kit's Prometheus metrics through prom-client (an optional peer,
// loaded only by this path). `createPayMetrics()` gives the kit's `observer`, a fetch for the
// provider client that counts and times its requests, and the registry's text for a /metrics route.
import client from 'prom-client';
import { providerOperation, type FetchLike } from '@pay-elements/api';
export { providerOperation };
import { deprecatedCounters, type PayHandler } from './handler.js';
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

function outcomeOf(status: number): string {
  if (status < 400) return 'ok';
  if (status === 429) return 'rate_limited';
  return status < 500 ? 'client_error' : 'server_error';
}

/** The gauges read from the kit of the moment when Prometheus scrapes: streams open, the breaker. */
function kitGauges(registers: client.Registry[], current: () => PayHandler | undefined): void {
  new client.Gauge({
    name: 'pay_streams_open',
    help: 'Status streams (Server-Sent Events, every flow’s) open on this instance.',
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

/**
 * 0.1.0's metrics, exported again for one release beside the names that replaced them, so that an
 * alert on `pay_sessions_paid_total` keeps watching something (CHANGELOG.md: removed in 0.3.0). Each
 * flow names its own (`Flow.deprecatedCounters`), so this module names none; each counts what its
 * successor counts with those labels.
 */
export const DEPRECATED_FLOW_COUNTERS: ReadonlyArray<{ flow: string; event: string; name: string }> =
  deprecatedCounters;
/** 0.1.0's onPaid timing: now `pay_delivery_duration_seconds{topic="sessions.paid"}`. */
const DEPRECATED_ONPAID = { topic: 'sessions.paid', name: 'pay_onpaid_duration_seconds' };

/** The deprecated aliases: a counter per old name, and the old onPaid histogram. */
function deprecatedAliases(registers: client.Registry[], buckets: number[]) {
  const counters = new Map<string, client.Counter>();
  for (const { flow, event, name } of DEPRECATED_FLOW_COUNTERS) {
    const counter = new client.Counter({
      name,
      help: `Deprecated (removed in 0.3.0): use pay_flow_events_total{flow="${flow}",event="${event}"}.`,
      registers,
    });
    counters.set(`${flow} ${event}`, counter);
  }
  const onPaid = new client.Histogram({
    name: DEPRECATED_ONPAID.name,
    help: `Deprecated (removed in 0.3.0): use pay_delivery_duration_seconds{topic="${DEPRECATED_ONPAID.topic}"}.`,
    labelNames: ['outcome'] as const,
    buckets,
    registers,
  });
  return {
    flowEvent: (flow: string, event: string) => counters.get(`${flow} ${event}`)?.inc(),
    delivery: (topic: string, seconds: number, outcome: string) => {
      if (topic === DEPRECATED_ONPAID.topic) onPaid.observe({ outcome }, seconds);
    },
  };
}

export function createPayMetrics(options: PayMetricsOptions = {}): PayMetrics {
  const registry = options.registry ?? new client.Registry();
  if (options.defaultMetrics ?? true) client.collectDefaultMetrics({ register: registry });
  const registers = [registry];
  let current: () => PayHandler | undefined = () => undefined;

  const flowEvents = new client.Counter({
    name: 'pay_flow_events_total',
    help: 'What each flow did on this instance (a session created, paid, expired, …), by flow and event.',
    labelNames: ['flow', 'event'] as const,
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
    help: 'Provider webhooks received, by outcome (accepted, duplicate, refused, malformed: signed but not of its type’s shape).',
    labelNames: ['outcome'] as const,
    registers,
  });
  const deliveryBuckets = [0.01, 0.05, 0.1, 0.5, 1, 2.5, 5, 10, 30, 60];
  const deliveries = new client.Histogram({
    name: 'pay_delivery_duration_seconds',
    help: "How long each delivery of the outbox took (the merchant's onPaid is topic sessions.paid, onEvent events.merchant), by topic and outcome (delivered, failed).",
    labelNames: ['topic', 'outcome'] as const,
    buckets: deliveryBuckets,
    registers,
  });
  const deprecated = deprecatedAliases(registers, deliveryBuckets);
  kitGauges(registers, () => current());
  for (const outcome of ['accepted', 'duplicate', 'refused', 'malformed']) webhooks.inc({ outcome }, 0);

  return {
    registry,
    observer: {
      flowEvent: (flow, event) => {
        flowEvents.inc({ flow, event });
        deprecated.flowEvent(flow, event);
      },
      webhook: (outcome) => webhooks.inc({ outcome }),
      delivery: (topic, seconds, outcome) => {
        deliveries.observe({ topic, outcome }, seconds);
        deprecated.delivery(topic, seconds, outcome);
      },
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
