// Webhook delivery: each event is POSTed to the configured URL, signed with signWebhook, and retried
// a couple of times on failure. Fire-and-forget: delivery never blocks or breaks the API answer.
// flush() lets a test wait for every delivery in flight.
import { setTimeout as sleep } from 'node:timers/promises';
import { SIGNATURE_HEADER, signWebhook, type WebhookEvent } from '@pay-elements/api';
import type { SandboxClock } from './clock.js';
import type { EventInput, SandboxLogger } from './context.js';
import { newId } from './ids.js';

export interface DispatcherOptions {
  url: string | undefined;
  secret: string;
  clock: SandboxClock;
  /** the waits before each retry; its length is the number of retries */
  retryDelaysMs: readonly number[];
  logger: SandboxLogger;
  /** per attempt */
  timeoutMs?: number;
}

export class WebhookDispatcher {
  readonly #options: DispatcherOptions;
  readonly #pending = new Set<Promise<void>>();
  readonly #closing = new AbortController();

  constructor(options: DispatcherOptions) {
    this.#options = options;
  }

  /** Builds the event and, when a URL is configured, starts delivering it. */
  emit(input: EventInput): WebhookEvent {
    const event = {
      id: newId('evt'),
      created_at: new Date(this.#options.clock.now()).toISOString(),
      ...input,
    } as const satisfies WebhookEvent;
    const url = this.#options.url;
    if (url && !this.#closing.signal.aborted) {
      const delivery = this.#deliver(url, event).finally(() => this.#pending.delete(delivery));
      this.#pending.add(delivery);
    }
    return event;
  }

  /** Resolves when every delivery started so far (and any they lead to) has finished. */
  async flush(): Promise<void> {
    while (this.#pending.size) await Promise.allSettled([...this.#pending]);
  }

  /** Abandons deliveries in flight. */
  close(): void {
    this.#closing.abort();
  }

  async #deliver(url: string, event: WebhookEvent): Promise<void> {
    const { secret, clock, retryDelaysMs, logger, timeoutMs = 5_000 } = this.#options;
    const body = JSON.stringify(event);
    const signal = this.#closing.signal;
    for (let attempt = 0; attempt <= retryDelaysMs.length; attempt++) {
      if (attempt > 0) {
        try {
          await sleep(retryDelaysMs[attempt - 1] ?? 0, undefined, { signal });
        } catch {
          return;
        }
      }
      if (signal.aborted) return;
      let outcome: string;
      try {
        const response = await fetch(url, {
          method: 'POST',
          headers: {
            'content-type': 'application/json',
            [SIGNATURE_HEADER]: signWebhook(secret, body, Math.floor(clock.now() / 1000)),
          },
          body,
          signal: AbortSignal.any([signal, AbortSignal.timeout(timeoutMs)]),
        });
        await response.body?.cancel().catch(() => undefined);
        if (response.ok) return;
        outcome = `HTTP ${response.status}`;
      } catch (error) {
        if (signal.aborted) return;
        outcome = error instanceof Error ? error.message : 'network error';
      }
      const last = attempt === retryDelaysMs.length;
      logger.warn(
        `webhook ${event.type} ${event.id}: delivery failed (${outcome})${last ? ', giving up' : ', will retry'}`,
      );
    }
  }
}
