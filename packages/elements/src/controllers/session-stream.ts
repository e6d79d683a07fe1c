// The host's hold on the kit's status stream of its session. The stream's code (the EventSource
// connection, and closing it while the page is hidden: ./session-stream-connection.ts) loads on the
// first listen: the element first GETs the view and polls until the stream is open, so none of it is
// part of an element's first load. Once loaded, every listen goes straight to it.
import type { ReactiveControllerHost } from 'lit';
import { Timeout } from '../lib/clock.js';
import { sessionStreamProtocol } from '../lib/session-stream-protocol.js';
import type * as Connection from './session-stream-connection.js';
import type { SessionStreamOptions, SessionStreamState } from './session-stream.types.js';

export type { SessionStreamOptions, SessionStreamState };

let loading: Promise<typeof Connection> | null = null;

export class SessionStreamController {
  readonly #host: ReactiveControllerHost;
  readonly #options: SessionStreamOptions;
  #connection: Connection.SessionStreamConnection | null = null;
  /** What to listen to once the code has loaded (null: stopped meanwhile). */
  #target: [endpoint: string, session: string] | null = null;
  #waiting = false;

  constructor(host: ReactiveControllerHost, options: SessionStreamOptions) {
    this.#host = host;
    this.#options = options;
  }

  /** Whether views arrive by the stream right now. */
  get open(): boolean {
    return this.#connection?.open ?? false;
  }

  /** Listens to this session's stream (nothing new when already listening to it, or it failed). */
  listen(endpoint: string, session: string): void {
    if (this.#connection) return this.#connection.listen(endpoint, session);
    this.#target = [endpoint, session];
    if (this.#waiting) return;
    this.#waiting = true;
    loading ??= import('./session-stream-connection.js');
    loading.then(
      ({ SessionStreamConnection }) => {
        this.#waiting = false;
        const target = this.#target;
        if (!target) return;
        // a controller of the host from now on (connected at once when the host is)
        this.#connection = new SessionStreamConnection(
          this.#host,
          this.#options,
          sessionStreamProtocol,
          new Timeout(),
        );
        this.#connection.listen(...target);
      },
      () => {
        // the code could not load (offline?): a failed stream, polling carries on
        loading = null;
        this.#waiting = false;
        if (this.#target) this.#options.onState('failed');
      },
    );
  }

  /** Opens the stream again if the browser closed it without a word (the page is back). */
  revive(): void {
    this.#connection?.revive();
  }

  /** Stops listening and forgets the target (and whether its stream failed). */
  stop(): void {
    this.#target = null;
    this.#connection?.stop();
  }
}
