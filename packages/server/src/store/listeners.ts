// The in-process change announcements of the memory, SQLite and D1 stores, and what PostgreSQL's
// LISTEN connection hears: each store calls `emit` with a name a commit announced, once committed,
// and the kit's stream hub listens through `subscribe`.

export type ChangeListener = (name: string) => void;

export class ChangeListeners {
  private readonly listeners = new Set<ChangeListener>();

  /** Calls `listener` with each name announced from now on, until the answer is called. */
  subscribe(listener: ChangeListener): () => void {
    this.listeners.add(listener);
    return () => {
      this.listeners.delete(listener);
    };
  }

  /** How many listen now. */
  get size(): number {
    return this.listeners.size;
  }

  /** Announces a committed change; a listener that throws does not undo it or stop the others. */
  emit(name: string): void {
    for (const listener of this.listeners) {
      try {
        listener(name);
      } catch {
        // the change is committed whatever a listener does with the news
      }
    }
  }
}
