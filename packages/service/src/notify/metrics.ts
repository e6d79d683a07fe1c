// The notifications' metrics, on the kit's registry (served at /metrics with the rest):
// pay_service_notifications_total{type,outcome} counts attempts (`delivered`, `failed`: to be retried,
// `given_up`), pay_service_notification_duration_seconds{outcome} times them.
import client from 'prom-client';
import type { NotifierMetrics } from './notifier.js';

export function notifierMetrics(registry: client.Registry): NotifierMetrics {
  const attempts = new client.Counter({
    name: 'pay_service_notifications_total',
    help: 'Notification attempts to the merchant, by event type and outcome (delivered, failed, given_up).',
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
  return {
    attempt(type, outcome, seconds) {
      attempts.inc({ type, outcome });
      duration.observe({ outcome }, seconds);
    },
  };
}
