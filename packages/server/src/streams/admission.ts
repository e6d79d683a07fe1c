// Who may open a status stream on this instance: every stream the kit holds (every flow's) counted
// together, at most so many in all and so many per client, none once
// the instance drains (a stream asked for then is told to reconnect, to another instance). Past a
// limit the answer is an error status, which makes EventSource give up, and the element polls instead.
import { HttpError } from '../errors.js';
import type { Logger } from '../log.js';

/** How soon (s) a refused client may try a stream again; it polls meanwhile. */
const RETRY_AFTER_SECONDS = 30;

export class StreamAdmission {
  readonly #perClient = new Map<string, number>();
  #open = 0;
  #closed = false;

  constructor(
    private readonly maxStreams: number,
    private readonly maxStreamsPerClient: number,
  ) {}

  /** Streams open on this instance now. */
  get size(): number {
    return this.#open;
  }

  /** The instance is going away: a new stream is told to reconnect (elsewhere) rather than refused. */
  get draining(): boolean {
    return this.#closed;
  }

  /**
   * Counts a new stream for `clientKey`, or refuses it (429 for the client's limit, 503 when the
   * instance is full or draining); answers its release, safe to call more than once.
   */
  enter(clientKey: string, log: Logger): () => void {
    const headers = { 'retry-after': String(RETRY_AFTER_SECONDS) };
    if (this.#closed || this.#open >= this.maxStreams) {
      log.debug('status stream refused: the instance is full', { open: this.#open });
      throw new HttpError('upstream_unavailable', 'Too many status streams open; poll instead.', { headers });
    }
    const held = this.#perClient.get(clientKey) ?? 0;
    if (held >= this.maxStreamsPerClient)
      throw new HttpError('rate_limited', 'Too many status streams from this client; poll instead.', {
        headers,
      });
    this.#open++;
    this.#perClient.set(clientKey, held + 1);
    let released = false;
    return () => {
      if (released) return;
      released = true;
      this.#open--;
      const left = (this.#perClient.get(clientKey) ?? 1) - 1;
      if (left > 0) this.#perClient.set(clientKey, left);
      else this.#perClient.delete(clientKey);
    };
  }

  /** From now on no new stream is admitted (the instance drains): see `draining`. */
  close(): void {
    this.#closed = true;
  }
}
