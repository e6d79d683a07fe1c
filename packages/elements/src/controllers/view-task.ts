// A backend resource an element shows (a session, an invoice, an account list, a payment link),
// restarting by itself as Lit's Task does: before each of the host's updates its `args` (the host's
// properties it depends on) are read again, and when one changed (and at the first update) the
// stale run is aborted (its answers never land) and `start` says how the new one begins;
// `taskComplete` is the run's first answer taken. Every view element uses it, so that they all
// behave alike, with no restart of their own in `willUpdate`: a 304 keeps the view, one failure
// callback per run of failures however many polls fail ("Reconnecting…" while a view is shown, the
// error state otherwise), polling backs off while it fails and stops at a final view or when the
// resource is gone (404). A resource followed live is asked again at once when the page comes back
// (see controllers/poll.ts).
import type { ReactiveController, ReactiveControllerHost } from 'lit';
import type { BackendError, RequestOptions, ViewAnswer } from '../lib/backend.js';
import type { Clock } from '../lib/clock.js';
import type { PollSchedule } from '../lib/poll-schedule.js';
import { RequestGeneration } from '../lib/request-generation.js';
import { PollController } from './poll.js';
import type { PollResult } from './poll.js';

/** How a run begins: load (or not), poll after it while `poll` says so, `first` the view the page carried. */
export interface ViewTaskStart<T> {
  active: boolean;
  poll?: (result: PollResult) => boolean;
  first?: ViewAnswer<T> | undefined;
}

export interface ViewTaskOptions<T, Args extends readonly unknown[]> {
  /** What the resource depends on (the host's properties): a change of one starts a new run. */
  args: () => Args;
  /** The run for `args` (`previous`: the args before, undefined at first), after the host's own resets. */
  start: (args: Args, previous: Args | undefined) => ViewTaskStart<T>;
  clock: () => Clock;
  schedule?: PollSchedule;
  /** One request for the resource, with the ETag of the view held and the generation's signal. */
  fetch: (options: RequestOptions) => Promise<ViewAnswer<T>>;
  /** A view that will not change any more: polling stops. */
  isFinal: (view: T) => boolean;
  /** A view was taken (`previous`: the one shown before, null at first or after a failure). */
  onView: (view: T, previous: T | null) => void;
  /**
   * A run of failures began (once per run): `reconnecting` when a view is still shown (the element
   * says so and keeps polling), else the element shows `failure`.
   */
  onFailure: (error: BackendError, reconnecting: boolean) => void;
  /** The resource is gone (404): the view is dropped. */
  onGone?: () => void;
  /**
   * Follows the resource live (polled or pushed): when the page comes back (from the bank app, or
   * out of the back/forward cache) it is asked for at once unless its view is final, then this
   * runs (to reopen a stream the browser closed meanwhile).
   */
  onReturn?: () => void;
}

export class ViewTaskController<T, Args extends readonly unknown[]> implements ReactiveController {
  /** The view as last answered (or pushed). */
  view: T | null = null;
  /** Why there is nothing to show, when there is not. */
  failure: BackendError | null = null;
  /** Requests fail while a view is shown: "Reconnecting…". */
  reconnecting = false;
  /** A first load is under way. */
  loading = false;
  /** The current run's first answer taken (at once when inactive), for a host's `updateComplete`. */
  taskComplete: Promise<void> = Promise.resolve();

  readonly #host: ReactiveControllerHost;
  readonly #options: ViewTaskOptions<T, Args>;
  #last: Args | undefined;
  readonly #requests = new RequestGeneration();
  readonly #poller: PollController;
  #etag: string | null = null;
  #failing = false;

  constructor(host: ReactiveControllerHost, options: ViewTaskOptions<T, Args>) {
    this.#host = host;
    this.#options = options;
    this.#poller = new PollController(host, {
      clock: options.clock,
      poll: () => this.refresh(),
      ...(options.schedule ? { schedule: options.schedule } : {}),
      // back on the page: a view that may have changed is asked for at once
      onReturn: () => {
        if (!options.onReturn || (this.view && options.isFinal(this.view))) return;
        this.#poller.returned();
        options.onReturn();
      },
    });
    host.addController(this);
  }

  hostConnected(): void {}

  /** The signal of the current resource's requests (aborted by the next restart). */
  get signal(): AbortSignal {
    return this.#requests.signal;
  }

  get polling(): boolean {
    return this.#poller.polling;
  }

  /** Before each update of the host: a new run when one of the `args` changed (or at first). */
  hostUpdate(): void {
    const args = this.#options.args();
    const last = this.#last;
    if (!last || args.some((value, i) => value !== last[i])) this.run(args);
  }

  /**
   * A new run with `args` (the current ones by default, changed or not: an element's `reload()`):
   * forgets the resource shown and, when `start` says it is active, loads it (or takes `first`, the
   * view the page already carried, with no request); then polls while `poll(result)` says so (after
   * a failed load, backing off at once).
   */
  run(args: Args = this.#options.args()): void {
    const previous = this.#last;
    this.#last = args;
    const { active, poll = (result) => result !== 'stop', first } = this.#options.start(args, previous);
    this.#requests.next();
    this.#poller.stop();
    this.view = null;
    this.failure = null;
    this.reconnecting = false;
    this.#etag = null;
    this.#failing = false;
    this.loading = active;
    this.#host.requestUpdate();
    if (!active) {
      this.taskComplete = Promise.resolve();
      return;
    }
    const generation = this.#requests.current;
    if (first) this.loading = false;
    this.taskComplete = (first ? Promise.resolve(this.take(first)) : this.refresh()).then((result) => {
      if (this.#requests.isCurrent(generation) && poll(result)) this.#poller.start(result === 'failed');
    });
  }

  /** Is `generation` (from `generation`) still the resource shown? */
  isCurrent(generation: number): boolean {
    return this.#requests.isCurrent(generation);
  }

  get generation(): number {
    return this.#requests.current;
  }

  /** One request, and its effects. Never rejects. */
  async refresh(): Promise<PollResult> {
    const generation = this.#requests.current;
    const answer = await this.#options.fetch({
      etag: this.view ? this.#etag : null,
      signal: this.#requests.signal,
    });
    if (!this.#requests.isCurrent(generation)) return 'stop';
    this.loading = false;
    return this.take(answer);
  }

  /** Takes an answer of the resource's own request (or another one answering its view, a renewal). */
  take(answer: ViewAnswer<T>): PollResult {
    switch (answer.kind) {
      case 'aborted':
        return 'stop';
      case 'not-modified':
        this.#recovered();
        return this.view && !this.#options.isFinal(this.view) ? 'continue' : 'stop';
      case 'error':
        return this.#fail(answer.error);
      case 'view':
        this.accept(answer.view, answer.etag);
        return this.#options.isFinal(answer.view) ? 'stop' : 'continue';
    }
  }

  /** Takes a view (answered, or pushed by a stream with its version as `etag`; undefined keeps it). */
  accept(view: T, etag?: string | null): void {
    if (etag !== undefined) this.#etag = etag;
    const previous = this.view;
    this.view = view;
    this.failure = null;
    this.#recovered();
    this.#options.onView(view, previous);
    if (this.#options.isFinal(view)) this.#poller.stop();
  }

  /** Polls from now on (no-op while polling), e.g. when a stream stops carrying the changes. */
  startPolling(): void {
    if (!this.#poller.polling) this.#poller.start();
  }

  stopPolling(): void {
    this.#poller.stop();
  }

  /** Asks now rather than at the next poll. */
  pollNow(): Promise<void> {
    return this.#poller.pollNow();
  }

  /** "Try again": a request now, and polling again. */
  retry(): void {
    this.#failing = false;
    this.#poller.start();
    void this.#poller.pollNow();
  }

  #recovered(): void {
    this.#failing = false;
    this.reconnecting = false;
    this.#host.requestUpdate();
  }

  #fail(error: BackendError): PollResult {
    const gone = error.code === 'not_found';
    if (gone && this.view) {
      this.view = null;
      this.#options.onGone?.();
    }
    if (!this.view) {
      // nothing (more) to show: the error state
      this.failure = error;
      this.reconnecting = false;
    }
    if (!this.#failing) {
      // once per run of failures, however many polls fail
      this.#failing = true;
      this.reconnecting = this.view !== null;
      this.#options.onFailure(error, this.reconnecting);
    }
    this.#host.requestUpdate();
    // keep trying (backing off) unless the resource is gone: the backend may be back at the next poll
    return gone ? 'stop' : 'failed';
  }
}
