// A backend resource an element shows, restarting by itself, as Lit's Task does: before each of the
// host's updates its `args` (the host's properties it depends on) are read again, and when one
// changed (and at the first update) the stale run is aborted (its answers never land) and `start`
// says how the new one begins; `taskComplete` is the run's first answer taken. The rest (polling,
// failures, 304s, the page coming back) is ResourceController's. <pay-invoice-view>,
// <pay-funding-account> and <pay-link> use it, in place of a restart of their own in `willUpdate`.
import type { ReactiveControllerHost } from 'lit';
import type { ViewAnswer } from '../lib/backend.js';
import type { PollResult } from './poll.js';
import { ResourceController } from './resource.js';
import type { ResourceOptions } from './resource.js';

/** How a run begins: load (or not), poll after it while `poll` says so, `first` the view the page carried. */
export interface ViewTaskStart<T> {
  active: boolean;
  poll?: (result: PollResult) => boolean;
  first?: ViewAnswer<T> | undefined;
}

export interface ViewTaskOptions<T, Args extends readonly unknown[]> extends ResourceOptions<T> {
  /** What the resource depends on (the host's properties): a change of one starts a new run. */
  args: () => Args;
  /** The run for `args` (`previous`: the args before, undefined at first), after the host's own resets. */
  start: (args: Args, previous: Args | undefined) => ViewTaskStart<T>;
}

export class ViewTaskController<T, Args extends readonly unknown[]> extends ResourceController<T> {
  readonly #args: () => Args;
  readonly #start: ViewTaskOptions<T, Args>['start'];
  #last: Args | undefined;

  constructor(host: ReactiveControllerHost, options: ViewTaskOptions<T, Args>) {
    super(host, options);
    this.#args = options.args;
    this.#start = options.start;
  }

  /** Before each update of the host: a new run when one of the `args` changed (or at first). */
  hostUpdate(): void {
    const args = this.#args();
    const last = this.#last;
    if (!last || args.some((value, i) => value !== last[i])) this.run(args);
  }

  /** A new run with `args` (the current ones by default, changed or not: an element's `reload()`). */
  run(args: Args = this.#args()): void {
    const previous = this.#last;
    this.#last = args;
    const { active, poll, first } = this.#start(args, previous);
    this.restart(active, poll, first);
  }
}
