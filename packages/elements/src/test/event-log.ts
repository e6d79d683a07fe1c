// Every event of the given types an element fires, recorded from the moment it is made, in order,
// and a way to await the next one of a kind: the tests of each element read their events through it.

/** The events of `types` that `target` fires, in order, and the next one of a kind. */
export class EventLog<T extends keyof GlobalEventHandlersEventMap> {
  readonly events: Event[] = [];
  private waiters: { types: readonly string[]; resolve: (event: Event) => void }[] = [];

  constructor(target: EventTarget, types: readonly T[]) {
    for (const type of types) {
      target.addEventListener(type, (event) => {
        this.events.push(event);
        const ready = this.waiters.filter((w) => w.types.includes(event.type));
        this.waiters = this.waiters.filter((w) => !ready.includes(w));
        for (const waiter of ready) waiter.resolve(event);
      });
    }
  }

  /** The events of one type, typed. */
  of<K extends T>(type: K): GlobalEventHandlersEventMap[K][] {
    return this.events.filter((e): e is GlobalEventHandlersEventMap[K] => e.type === type);
  }

  /** The next event of one of `types` fired from now on. */
  next(...types: T[]): Promise<Event> {
    return new Promise((resolve) => this.waiters.push({ types, resolve }));
  }
}
