// The circuit breaker in front of the payment provider. After `failureThreshold` provider failures in
// a row (no answer in time, a dropped connection, a 5xx, an unreadable answer) it opens: for
// `cooldownMs` on the kit's clock every call fails at once with ProviderUnavailableError instead of
// waiting on a provider that is down. Then one trial call goes through (half-open): any answer from
// the provider closes the breaker, another failure opens it for a new cooldown.
import { ApiError } from '@pay-elements/api';
import type { Clock } from '../clock.js';
import { isProviderDown, ProviderUnavailableError } from '../errors.js';
import { describeError, type Logger } from '../log.js';

export { isProviderDown, ProviderUnavailableError };

export type BreakerState = 'closed' | 'open' | 'half-open';

export interface BreakerOptions {
  clock: Clock;
  logger: Logger;
  /** failures in a row that open the breaker */
  failureThreshold: number;
  /** how long it stays open before a trial call, ms on the clock */
  cooldownMs: number;
}

/** How long a caller is told to wait after a failure while the breaker is still closed. */
const RETRY_SOON_MS = 1000;

export class CircuitBreaker {
  private readonly options: BreakerOptions;
  private failures = 0;
  /** when the open breaker lets a trial call through; null while closed */
  private openUntil: number | null = null;
  private trialRunning = false;

  constructor(options: BreakerOptions) {
    this.options = options;
  }

  /** `closed`: calls go through; `open`: they fail at once; `half-open`: the next call is a trial. */
  get state(): BreakerState {
    if (this.openUntil === null) return 'closed';
    return this.options.clock.now() < this.openUntil || this.trialRunning ? 'open' : 'half-open';
  }

  /** How long until a call may go through again, ms; 0 when it may now. */
  retryAfterMs(): number {
    if (this.openUntil === null) return 0;
    return Math.max(0, this.openUntil - this.options.clock.now());
  }

  /**
   * Runs one provider call. While open, throws ProviderUnavailableError without calling. A call that
   * fails because the provider is down counts as a failure and is rethrown as ProviderUnavailableError
   * (the original as its `cause`); any answer from the provider, even a refusal, counts as a success
   * and is passed through as it is.
   */
  async run<T>(call: () => Promise<T>): Promise<T> {
    const now = this.options.clock.now();
    let trial = false;
    if (this.openUntil !== null) {
      if (now < this.openUntil || this.trialRunning)
        throw new ProviderUnavailableError(
          'the payment provider is unavailable (circuit open)',
          (this.openUntil - now) / 1000,
        );
      trial = true;
      this.trialRunning = true;
    }
    try {
      const result = await call();
      this.succeeded();
      return result;
    } catch (error) {
      if (isProviderDown(error)) throw this.failed(error);
      if (error instanceof ApiError) this.succeeded();
      throw error;
    } finally {
      if (trial) this.trialRunning = false;
    }
  }

  private succeeded(): void {
    if (this.openUntil !== null) this.options.logger.info('payment provider answering again; circuit closed');
    this.failures = 0;
    this.openUntil = null;
  }

  private failed(error: unknown): ProviderUnavailableError {
    const { clock, logger, failureThreshold, cooldownMs } = this.options;
    this.failures++;
    const wasOpen = this.openUntil !== null;
    if (wasOpen || this.failures >= failureThreshold) {
      this.openUntil = clock.now() + cooldownMs;
      logger.warn('payment provider unavailable; failing fast', {
        failures: this.failures,
        cooldownMs,
        error: describeError(error),
      });
    } else {
      logger.warn('payment provider call failed', { failures: this.failures, error: describeError(error) });
    }
    return new ProviderUnavailableError(
      'the payment provider is unavailable',
      (this.retryAfterMs() || RETRY_SOON_MS) / 1000,
      {
        cause: error,
      },
    );
  }
}
