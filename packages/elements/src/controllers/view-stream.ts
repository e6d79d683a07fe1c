// The status stream of an element that polls otherwise (an invoice's, a customer's accounts'): its
// code (lib/view-stream.ts) loads on the first listen (later ones open at once, as a revival on return
// must), a view it brings is taken like a polled one, the host's polling pauses while it is open, and
// it closes when the host leaves the page.
import type { ReactiveController, ReactiveControllerHost } from 'lit';
import type { openViewStream, ViewStreamOptions } from '../lib/view-stream.js';

/** The stream's code once loaded, so later streams open in the same task. */
let loaded: { openViewStream: typeof openViewStream } | undefined;

export class ViewStreamController<T> implements ReactiveController {
  readonly #options: ViewStreamOptions<T>;
  /** the stream's URL (closed: '') and the stream, loaded and opened lazily */
  #url = '';
  #stream: EventSource | null = null;

  constructor(host: ReactiveControllerHost, options: ViewStreamOptions<T>) {
    this.#options = options;
    host.addController(this);
  }

  /** Listens at `url`, closing a stream at another; nothing more when already there. */
  listen(url: string): void {
    if (this.#url === url) return;
    this.stop();
    this.#url = url;
    if (loaded) {
      this.#stream = loaded.openViewStream(url, this.#options);
      return;
    }
    import('../lib/view-stream.js').then(
      (module) => {
        loaded = module;
        if (this.#url !== url || this.#stream) return;
        this.#stream = module.openViewStream(url, this.#options);
      },
      () => undefined,
    );
  }

  /**
   * Opens the stream again if the browser closed it without a word (an app switch, the back/forward
   * cache) or it gave up (readyState 2, CLOSED).
   */
  revive(): void {
    if (this.#stream?.readyState !== 2) return;
    const url = this.#url;
    this.stop();
    this.listen(url);
  }

  stop(): void {
    this.#url = '';
    this.#stream?.close();
    this.#stream = null;
  }

  hostDisconnected(): void {
    this.stop();
  }
}
