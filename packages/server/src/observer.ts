// What the kit reports as it works, for metrics: a plain interface the kit calls, so that the kit
// itself loads no metrics library (`@pay-elements/server/metrics` fills it in with prom-client). A
// flow's transitions are counted where the store says this instance made them, so the sums over
// instances sharing a database count each once.

/** `malformed`: signed, but not of its type's shape (a provider that changed a field). */
export type WebhookOutcome = 'accepted' | 'duplicate' | 'refused' | 'malformed';

export interface PayObserver {
  /** a flow did something (this instance made the transition): `sessions` `paid`, … */
  flowEvent?(flow: string, event: string): void;
  webhook?(outcome: WebhookOutcome): void;
  /** a delivery of the outbox (`sessions.paid` is onPaid) returned or threw after `seconds` */
  delivery?(topic: string, seconds: number, outcome: 'delivered' | 'failed'): void;
}
