// Listens to the kit's status stream of one session (lib/session-stream.ts, shared by the page's
// elements) while the host is connected: it closes the stream once the page has been hidden for a
// while (a shopper in their bank app for minutes holds no connection) and opens it again when the
// page is shown. A target whose stream failed is not tried again until the host asks for another.
// The stream's code loads on the first listen (the element first GETs the view, and polls until the
// stream is open), so it is no part of an element's first load.
import type { ReactiveController, ReactiveControllerHost } from 'lit';
import type { SessionView } from '@pay-elements/protocol';
import { Timeout } from '../lib/clock.js';
import type { Clock } from '../lib/clock.js';
import type * as SessionStream from '../lib/session-stream.js';
import type { StreamState } from '../lib/session-stream.js';

/** The stream's state as the host sees it; `paused`: closed while the page is hidden. */
export type SessionStreamState = StreamState | 'paused';

export interface SessionStreamOptions {
  clock: () => Clock;
  onView: (view: SessionView, version: string | null) => void;
  onState: (state: SessionStreamState) => void;
  /** How long the page may stay hidden before the stream is closed, ms; default 30 s. */
  hiddenCloseMs?: number;
}

const HIDDEN_CLOSE_MS = 30_000;

type StreamModule = typeof SessionStream;
/** The stream's module once loaded (then every listen is synchronous, as before), and its loading. */
let streamModule: StreamModule | null = null;
let loadingModule: Promise<StreamModule> | null = null;

export class SessionStreamController implements ReactiveController {
  readonly #options: SessionStreamOptions;
  #target: { endpoint: string; session: string } | null = null;
  #release: (() => void) | null = null;
  #failed = false;
  #connected = false;
  /** `#release` only cancels the wait for the stream's module. */
  #loading = false;
  readonly #hiddenTimer = new Timeout();
  #current: SessionStreamState = 'paused';

  constructor(host: ReactiveControllerHost, options: SessionStreamOptions) {
    this.#options = options;
    host.addController(this);
  }

  /** Whether views arrive by the stream right now. */
  get open(): boolean {
    return this.#release !== null && !this.#loading && this.#current === 'open';
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
    if (!streamModule) return this.#load();
    const { endpoint, session } = this.#target;
    const release = streamModule.listenToSession(endpoint, session, {
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

  /** Loads the stream's module, then subscribes if still wanted; a module that fails to load is a failed stream. */
  #load(): void {
    let cancelled = false;
    this.#loading = true;
    this.#release = () => {
      cancelled = true;
      this.#loading = false;
    };
    loadingModule ??= import('../lib/session-stream.js');
    loadingModule.then(
      (module) => {
        streamModule = module;
        if (cancelled) return;
        this.#loading = false;
        this.#release = null;
        this.#subscribe();
      },
      () => {
        loadingModule = null;
        if (cancelled) return;
        this.#loading = false;
        this.#release = null;
        this.#failed = true;
        this.#report('failed');
      },
    );
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
