// Test support: a scheduler whose time moves only when a test says so (the kit's `streams.scheduler`).
import type { Scheduler } from '../streams/options.js';

interface Timer {
  at: number;
  callback: () => void;
}

export class ManualScheduler implements Scheduler {
  private now = 0;
  private next = 1;
  private readonly timers = new Map<number, Timer>();

  setTimeout(callback: () => void, ms: number): unknown {
    const id = this.next++;
    this.timers.set(id, { at: this.now + ms, callback });
    return id;
  }

  clearTimeout(handle: unknown): void {
    if (typeof handle === 'number') this.timers.delete(handle);
  }

  /** Timers waiting to fire. */
  get pending(): number {
    return this.timers.size;
  }

  /** Moves time forward, firing each timer that comes due, in order (a timer set while firing too). */
  advance(ms: number): void {
    const until = this.now + ms;
    for (;;) {
      let due: [number, Timer] | null = null;
      for (const entry of this.timers)
        if (entry[1].at <= until && (!due || entry[1].at < due[1].at)) due = entry;
      if (!due) break;
      this.timers.delete(due[0]);
      this.now = due[1].at;
      due[1].callback();
    }
    this.now = until;
  }
}
