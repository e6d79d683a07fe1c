// Listens to the kit's status stream of one session (lib/session-stream.ts, shared by the page's
// elements) while the host is connected: it closes the stream once the page has been hidden for a
// while (a shopper in their bank app for minutes holds no connection) and opens it again when the
// page is shown. A target whose stream failed is not tried again until the host asks for another.
// Loaded on the first listen by SessionStreamController (./session-stream.ts), which the host holds.
// Everything it needs from the first load comes in by its constructor (the protocol, a timer): the
// code it imports is its own alone, so a merchant's bundler splits no chunk off the first load for it.
import type { ReactiveController, ReactiveControllerHost } from 'lit';
import type { Timeout } from '../lib/clock.js';
import { listenToSession, reviveSession } from '../lib/session-stream.js';
import type { StreamProtocol } from '../lib/session-stream.js';
import type { SessionStreamOptions, SessionStreamState } from './session-stream.types.js';

const HIDDEN_CLOSE_MS = 30_000;

export class SessionStreamConnection implements ReactiveController {
  readonly #options: SessionStreamOptions;
  #target: { endpoint: string; session: string } | null = null;
  #release: (() => void) | null = null;
  #failed = false;
  #connected = false;
  readonly #protocol: StreamProtocol;
  readonly #hiddenTimer: Timeout;
  #current: SessionStreamState = 'paused';

  /** `hiddenTimer`: a new Timeout (lib/clock.ts), given so that this module does not import it. */
  constructor(
    host: ReactiveControllerHost,
    options: SessionStreamOptions,
    protocol: StreamProtocol,
    hiddenTimer: Timeout,
  ) {
    this.#options = options;
    this.#protocol = protocol;
    this.#hiddenTimer = hiddenTimer;
    host.addController(this);
  }

  /** Whether views arrive by the stream right now. */
  get open(): boolean {
    return this.#release !== null && this.#current === 'open';
  }

  /** Listens to this session's stream (nothing new when already listening to it, or it failed). */
  listen(endpoint: string, session: string): void {
    if (this.#target?.endpoint === endpoint && this.#target.session === session) {
      if (!this.#release && !this.#failed) this.#subscribe();
      return;
    }
    this.stop();
    this.#target = { endpoint, session };
    this.#subscribe();
  }

  /** Opens the stream again if the browser closed it without a word (the page is back). */
  revive(): void {
    if (this.#release && this.#target)
      reviveSession(this.#protocol, this.#target.endpoint, this.#target.session);
  }

  /** Stops listening and forgets the target (and whether its stream failed). */
  stop(): void {
    this.#unsubscribe();
    this.#hiddenTimer.clear();
    this.#target = null;
    this.#failed = false;
  }

  hostConnected(): void {
    this.#connected = true;
    document.addEventListener('visibilitychange', this.#handleVisibilityChange);
    this.#subscribe();
  }

  hostDisconnected(): void {
    this.#connected = false;
    document.removeEventListener('visibilitychange', this.#handleVisibilityChange);
    this.#hiddenTimer.clear();
    this.#unsubscribe();
  }

  #subscribe(): void {
    if (!this.#target || this.#release || this.#failed || !this.#connected) return;
    if (document.visibilityState === 'hidden') return;
    const { endpoint, session } = this.#target;
    const release = listenToSession(this.#protocol, endpoint, session, {
      view: (view, version) => this.#options.onView(view, version),
      state: (state) => {
        if (state === 'failed' || state === 'ended') {
          this.#failed = state === 'failed';
          this.#release = null;
          release();
        }
        this.#report(state);
      },
    });
    this.#release = release;
  }

  #unsubscribe(): void {
    const release = this.#release;
    this.#release = null;
    release?.();
  }

  #report(state: SessionStreamState): void {
    this.#current = state;
    this.#options.onState(state);
  }

  readonly #handleVisibilityChange = (): void => {
    if (document.visibilityState === 'hidden') {
      if (!this.#release || this.#hiddenTimer.pending) return;
      this.#hiddenTimer.set(
        this.#options.clock(),
        () => {
          if (!this.#release) return;
          this.#unsubscribe();
          this.#report('paused');
        },
        this.#options.hiddenCloseMs ?? HIDDEN_CLOSE_MS,
      );
    } else {
      this.#hiddenTimer.clear();
      this.#subscribe();
    }
  };
}
