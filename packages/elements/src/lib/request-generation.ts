// The bookkeeping an element needs so that an answer to an old request never lands: each restart (a
// new session, invoice number or link id) starts a generation, aborts what the previous one still
// had in flight, and lets the element check, when an answer arrives, that it is still current.

export class RequestGeneration {
  #count = 0;
  #controller: AbortController | null = null;

  /** Abandons every request of the current generation and starts the next; answers its number. */
  next(): number {
    this.#controller?.abort();
    this.#controller = null;
    return ++this.#count;
  }

  /** The current generation's number, to compare with `isCurrent` once an answer arrives. */
  get current(): number {
    return this.#count;
  }

  isCurrent(generation: number): boolean {
    return generation === this.#count;
  }

  /** The signal that `next()` aborts: give it to every request of this generation. */
  get signal(): AbortSignal {
    this.#controller ??= new AbortController();
    return this.#controller.signal;
  }
}
