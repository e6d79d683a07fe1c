// A countdown to an expiry measured on the server's clock (see lib/countdown.ts), ticking on the
// whole seconds of the time left through the host's injectable clock.
import type { ReactiveController, ReactiveControllerHost } from 'lit';
import { Timeout } from '../lib/clock.js';
import type { Clock } from '../lib/clock.js';
import { clockOffset, msUntilNextTick, remainingMs } from '../lib/countdown.js';

export interface CountdownOptions {
  /** The clock to read; asked afresh each time, so the host may swap it. */
  clock: () => Clock;
  /** After each tick, with the time left now and at the previous tick (null for the first). */
  onTick?: (remaining: number, previous: number | null) => void;
  /** Once, when the time left reaches zero. */
  onZero?: () => void;
}

export class CountdownController implements ReactiveController {
  readonly #host: ReactiveControllerHost;
  readonly #options: CountdownOptions;
  #expiresAt: string | null = null;
  #offset = 0;
  readonly #timer = new Timeout();
  #last: number | null = null;
  #connected = false;

  constructor(host: ReactiveControllerHost, options: CountdownOptions) {
    this.#host = host;
    this.#options = options;
    host.addController(this);
  }

  /** Counts down to `expiresAt`, correcting the local clock by `serverTime` read at `receivedAt`. */
  set(expiresAt: string, serverTime: string, receivedAt: number): void {
    const changed = expiresAt !== this.#expiresAt;
    this.#expiresAt = expiresAt;
    this.#offset = clockOffset(serverTime, receivedAt);
    if (changed) this.#last = null;
    this.#schedule(0);
  }

  stop(): void {
    this.#expiresAt = null;
    this.#last = null;
    this.#timer.clear();
  }

  /** Whether a countdown is set. */
  get running(): boolean {
    return this.#expiresAt !== null;
  }

  /** Milliseconds left now (0 when not running or past the expiry). */
  get remaining(): number {
    if (this.#expiresAt === null) return 0;
    return remainingMs(this.#expiresAt, this.#options.clock().now(), this.#offset);
  }

  /** The server's time now, as estimated from the local clock and the offset. */
  serverNow(): number {
    return this.#options.clock().now() + this.#offset;
  }

  hostConnected(): void {
    this.#connected = true;
    if (this.#expiresAt !== null) this.#schedule(0);
  }

  hostDisconnected(): void {
    this.#connected = false;
    this.#timer.clear();
  }

  #schedule(delay: number): void {
    this.#timer.clear();
    if (!this.#connected || this.#expiresAt === null) return;
    if (delay === 0) {
      this.#tick();
      return;
    }
    this.#timer.set(this.#options.clock(), () => this.#tick(), delay);
  }

  #tick(): void {
    if (this.#expiresAt === null) return;
    const remaining = this.remaining;
    const previous = this.#last;
    this.#last = remaining;
    this.#host.requestUpdate();
    this.#options.onTick?.(remaining, previous);
    if (remaining <= 0) {
      if (previous === null || previous > 0) this.#options.onZero?.();
      return;
    }
    if (this.#expiresAt !== null) this.#schedule(msUntilNextTick(remaining));
  }
}
