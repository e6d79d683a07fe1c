// The notifications' metrics, on the kit's registry (served at /metrics with the rest):
// pay_service_notifications_total{type,outcome} counts attempts (`delivered`, `failed`: to be retried,
// `given_up`, `disabled`: answered 410), pay_service_notification_duration_seconds{outcome} times them,
// pay_service_notify_endpoint_disabled is 1 while the endpoint is disabled.
import client from 'prom-client';
import type { NotifierMetrics } from './notifier.js';

export function notifierMetrics(registry: client.Registry): NotifierMetrics {
  const attempts = new client.Counter({
    name: 'pay_service_notifications_total',
    help: 'Notification attempts to the merchant, by event type and outcome (delivered, failed, given_up, disabled).',
    labelNames: ['type', 'outcome'] as const,
    registers: [registry],
  });
  const duration = new client.Histogram({
    name: 'pay_service_notification_duration_seconds',
    help: "How long the merchant's endpoint took to answer a notification, by outcome.",
    labelNames: ['outcome'] as const,
    buckets: [0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [registry],
  });
  const disabled = new client.Gauge({
    name: 'pay_service_notify_endpoint_disabled',
    help: "1 while the merchant's endpoint is disabled (it answered 410 Gone): no notification is sent.",
    registers: [registry],
  });
  return {
    attempt(type, outcome, seconds) {
      attempts.inc({ type, outcome });
      duration.observe({ outcome }, seconds);
    },
    endpointDisabled(now) {
      disabled.set(now ? 1 : 0);
    },
  };
}
