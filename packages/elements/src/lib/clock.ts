// Time as the elements see it. Every countdown tick, poll and "Copied" reset goes through a Clock,
// so a page (or a test) may inject its own and move time without waiting for it.

/** A timer handle as answered by {@link Clock.setTimeout}. */
export type TimerId = number;

/** The source of time and timers the elements use. */
export interface Clock {
  /** Epoch milliseconds. */
  now(): number;
  /** Runs `fn` once after `ms` milliseconds. A returned promise is awaited by a {@link ManualClock}. */
  setTimeout(fn: () => unknown, ms: number): TimerId;
  clearTimeout(id: TimerId): void;
}

/** Real time: `Date.now` and the window's timers. */
export const realClock: Clock = {
  now: () => Date.now(),
  setTimeout: (fn, ms) => window.setTimeout(fn, ms),
  clearTimeout: (id) => window.clearTimeout(id),
};

interface ManualTimer {
  id: TimerId;
  at: number;
  fn: () => unknown;
}

/**
 * A clock that only moves when told. `advance(ms)` runs every timer that falls due, in order, each at
 * its own time, and waits for a timer's returned promise before the next (so a poll's request is
 * answered before time moves on). For tests and demos.
 */
export class ManualClock implements Clock {
  #current: number;
  #timers: ManualTimer[] = [];
  #nextId = 1;

  constructor(start: number | Date = Date.UTC(2025, 0, 1)) {
    this.#current = typeof start === 'number' ? start : start.getTime();
  }

  now(): number {
    return this.#current;
  }

  setTimeout(fn: () => unknown, ms: number): TimerId {
    const id = this.#nextId++;
    this.#timers.push({ id, at: this.#current + Math.max(0, ms), fn });
    return id;
  }

  clearTimeout(id: TimerId): void {
    this.#timers = this.#timers.filter((t) => t.id !== id);
  }

  /** How many timers are waiting. */
  get pending(): number {
    return this.#timers.length;
  }

  /** Moves time forward by `ms`, running (and awaiting) every timer that falls due on the way. */
  async advance(ms: number): Promise<void> {
    const end = this.#current + ms;
    for (;;) {
      const due = this.#timers.filter((t) => t.at <= end).sort((a, b) => a.at - b.at || a.id - b.id)[0];
      if (!due) break;
      this.#timers = this.#timers.filter((t) => t !== due);
      this.#current = Math.max(this.#current, due.at);
      const result = due.fn();
      if (result instanceof Promise) await result;
      // let promise chains started by the timer settle before the next one
      await Promise.resolve();
    }
    this.#current = end;
  }
}

/**
 * At most one pending timer, cleared on the clock that set it (an element's clock may be swapped
 * while a timer waits). Setting a new one clears the one pending.
 */
export class Timeout {
  #cancel: (() => void) | null = null;

  /** Whether a timer is waiting. */
  get pending(): boolean {
    return this.#cancel !== null;
  }

  /** Runs `fn` after `ms` on `clock` (its answer goes back to the clock: a ManualClock awaits it). */
  set(clock: Clock, fn: () => unknown, ms: number): void {
    this.clear();
    const id = clock.setTimeout(() => {
      this.#cancel = null;
      return fn();
    }, ms);
    this.#cancel = () => clock.clearTimeout(id);
  }

  clear(): void {
    this.#cancel?.();
    this.#cancel = null;
  }
}
