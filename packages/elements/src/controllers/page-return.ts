// The page coming back into view: its tab shown again (`visibilitychange` to visible: the shopper
// back from their bank app) or the page restored from the back/forward cache (`pageshow` with
// `persisted`, which may show a view that is minutes old). Either way what the page shows may be
// stale, and a stream may have died without a word (iOS Safari drops an EventSource on an app
// switch with no error event): the host checks at once.
import type { ReactiveController, ReactiveControllerHost } from 'lit';

export class PageReturnController implements ReactiveController {
  readonly #onReturn: () => void;

  constructor(host: ReactiveControllerHost, onReturn: () => void) {
    this.#onReturn = onReturn;
    host.addController(this);
  }

  hostConnected(): void {
    document.addEventListener('visibilitychange', this.#handleVisibility);
    addEventListener('pageshow', this.#handlePageShow);
  }

  hostDisconnected(): void {
    document.removeEventListener('visibilitychange', this.#handleVisibility);
    removeEventListener('pageshow', this.#handlePageShow);
  }

  readonly #handleVisibility = (): void => {
    if (document.visibilityState === 'visible') this.#onReturn();
  };

  readonly #handlePageShow = (event: PageTransitionEvent): void => {
    if (event.persisted) this.#onReturn();
  };
}
