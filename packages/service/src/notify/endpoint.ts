// Whether the merchant's endpoint is disabled: it answered `410 Gone` (Standard Webhooks: the endpoint
// is no more, stop sending). Kept in the store, so that every instance stops, under the URL's hash, so
// that a new PAY_NOTIFY_URL starts enabled; a resend enables it again (the operator says it is back).
import { createHash } from 'node:crypto';
import * as z from 'zod';
import type { ServiceState } from '../kit.js';

const ENDPOINTS = 'service.notify.endpoints';

/** A disabled endpoint: since when, and the notification it answered 410 to. */
export interface EndpointDisabled {
  disabled_at: string;
  disabled_by: string;
}

const Disabled = z.object({ disabled_at: z.string(), disabled_by: z.string() });

export class EndpointState {
  readonly #state: ServiceState;
  /** the URL's hash: no URL (which may carry a credential) is kept in the store */
  readonly #key: string;

  constructor(state: ServiceState, url: string) {
    this.#state = state;
    this.#key = createHash('sha256').update(url).digest('hex');
  }

  /** Since when and by which notification the endpoint is disabled; null while it is enabled. */
  async disabled(): Promise<EndpointDisabled | null> {
    const parsed = Disabled.safeParse((await this.#state.records.get(ENDPOINTS, this.#key))?.value);
    return parsed.success ? parsed.data : null;
  }

  async disable(by: string, at: number): Promise<void> {
    const value = { disabled_at: new Date(at).toISOString(), disabled_by: by };
    await this.#state.records.commit({ writes: [{ collection: ENDPOINTS, key: this.#key, value }] });
  }

  /** Enables it again: true when it was disabled. */
  async enable(): Promise<boolean> {
    if (!(await this.disabled())) return false;
    await this.#state.records.commit({ writes: [{ collection: ENDPOINTS, key: this.#key, value: null }] });
    return true;
  }
}
