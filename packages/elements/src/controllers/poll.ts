// Asks the backend again and again on the schedule of lib/poll-schedule.ts: never two requests at
// once, paused while the page is hidden, stopped for good by a final answer, and timed by the host's
// injectable clock. It also hears the page come back into view (`onReturn`): its tab shown again
// (visibilitychange to visible: the shopper back from their bank app) or the page restored from the
// back/forward cache (pageshow, persisted), when what it shows may be stale and a stream may have
// died without a word (iOS Safari drops an EventSource on an app switch with no error event).
import type { ReactiveController, ReactiveControllerHost } from 'lit';
import { Timeout } from '../lib/clock.js';
import type { Clock } from '../lib/clock.js';
import { defaultPollSchedule, nextPollDelay } from '../lib/poll-schedule.js';
import type { PollSchedule } from '../lib/poll-schedule.js';

/** What one poll learnt: keep going, keep going but back off (it failed), or stop. */
export type PollResult = 'continue' | 'failed' | 'stop';

export interface PollOptions {
  clock: () => Clock;
  /** One poll. Must not reject. */
  poll: () => Promise<PollResult>;
  schedule?: PollSchedule;
  /** The page is back in view (shown again, or restored from the back/forward cache). */
  onReturn?: () => void;
}

export class PollController implements ReactiveController {
  readonly #options: PollOptions;
  #active = false;
  #connected = false;
  #startedAt = 0;
  #delay: number | null = null;
  readonly #timer = new Timeout();
  #inFlight: Promise<void> | null = null;

  constructor(host: ReactiveControllerHost, options: PollOptions) {
    this.#options = options;
    host.addController(this);
  }

  /** Whether polling is on (it may still be paused while the page is hidden). */
  get polling(): boolean {
    return this.#active;
  }

  /** Starts (or restarts) polling; the fast window counts from now. `afterFailure` backs off at once. */
  start(afterFailure = false): void {
    this.#active = true;
    this.#startedAt = this.#options.clock().now();
    this.#delay = null;
    if (!this.#inFlight) this.#scheduleNext(afterFailure);
  }

  stop(): void {
    this.#active = false;
    this.#timer.clear();
  }

  /** Polls now (joining a poll already under way) and goes on from there if polling is on. */
  pollNow(): Promise<void> {
    this.#timer.clear();
    return this.#run();
  }

  hostConnected(): void {
    this.#connected = true;
    document.addEventListener('visibilitychange', this.#handlePage);
    addEventListener('pageshow', this.#handlePage);
    if (this.#active && !this.#inFlight) this.#scheduleNext(false);
  }

  hostDisconnected(): void {
    this.#connected = false;
    document.removeEventListener('visibilitychange', this.#handlePage);
    removeEventListener('pageshow', this.#handlePage);
    this.#timer.clear();
  }

  /** Back on the page (the bank app, most likely): asks now, and briskly for a while if polling. */
  returned(): void {
    this.#startedAt = this.#options.clock().now();
    this.#delay = null;
    void this.pollNow();
  }

  /** The page hidden (pause), shown again, or restored from the back/forward cache (`persisted`). */
  readonly #handlePage = (event: Event): void => {
    if (document.visibilityState === 'hidden') this.#timer.clear();
    else if (!(event instanceof PageTransitionEvent) || event.persisted) this.#options.onReturn?.();
  };

  #scheduleNext(failed: boolean): void {
    this.#timer.clear();
    if (!this.#active || !this.#connected || document.visibilityState === 'hidden') return;
    const clock = this.#options.clock();
    const elapsed = failed ? Number.POSITIVE_INFINITY : clock.now() - this.#startedAt;
    this.#delay = nextPollDelay(elapsed, this.#delay, this.#options.schedule ?? defaultPollSchedule);
    this.#timer.set(clock, () => this.#run(), this.#delay);
  }

  #run(): Promise<void> {
    if (this.#inFlight) return this.#inFlight;
    const inFlight = this.#options.poll().then((result) => {
      this.#inFlight = null;
      if (result === 'stop') this.stop();
      else this.#scheduleNext(result === 'failed');
    });
    this.#inFlight = inFlight;
    return inFlight;
  }
}
