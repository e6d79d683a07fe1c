// The provider's rate limit as the emulator models it: at most N requests per second per key on the
// /v1 routes (the control API is not limited), counted in one-second windows of the emulator's clock;
// past it, 429 with `Retry-After` (seconds) and the failure envelope. Off unless configured.

/** What the limiter decided for one request. */
export type RateDecision = { limited: false } | { limited: true; retryAfterSeconds: number };

export class RateLimiter {
  #perSecond: number | null;
  /** emulator time (ms) after which a limit set by a scenario is lifted; null: never */
  #untilMs: number | null = null;
  /** key → the window (start of its second, ms) and how many requests it has counted */
  #windows = new Map<string, { start: number; count: number }>();

  constructor(perSecond: number | undefined) {
    this.#perSecond = perSecond ?? null;
  }

  /** The current limit per key per second; null when off. */
  limit(now: number): number | null {
    if (this.#untilMs !== null && now >= this.#untilMs) {
      this.#perSecond = null;
      this.#untilMs = null;
    }
    return this.#perSecond;
  }

  /** Sets (or with null lifts) the limit, until emulator time `untilMs` when given. */
  set(perSecond: number | null, untilMs?: number): void {
    this.#perSecond = perSecond;
    this.#untilMs = perSecond === null ? null : (untilMs ?? null);
    this.#windows.clear();
  }

  /** Counts one request of `key` at `now`. */
  take(key: string, now: number): RateDecision {
    const limit = this.limit(now);
    if (limit === null) return { limited: false };
    const start = now - (now % 1000);
    let window = this.#windows.get(key);
    if (!window || window.start !== start) {
      if (this.#windows.size > 10_000) this.#windows.clear();
      window = { start, count: 0 };
      this.#windows.set(key, window);
    }
    window.count += 1;
    if (window.count <= limit) return { limited: false };
    return { limited: true, retryAfterSeconds: Math.max(1, Math.ceil((start + 1000 - now) / 1000)) };
  }
}
