// The in-process change announcements of the memory and SQLite stores: each store calls `emit`
// after a transition it committed, and the kit's stream hub listens through `subscribe`.

export type ChangeListener = (sessionId: string) => void;

export class ChangeListeners {
  private readonly listeners = new Set<ChangeListener>();

  /** Calls `listener` with the id of each session changed from now on, until the answer is called. */
  subscribe(listener: ChangeListener): () => void {
    this.listeners.add(listener);
    return () => {
      this.listeners.delete(listener);
    };
  }

  /** Announces a committed change; a listener that throws does not undo it or stop the others. */
  emit(sessionId: string): void {
    for (const listener of this.listeners) {
      try {
        listener(sessionId);
      } catch {
        // the change is committed whatever a listener does with the news
      }
    }
  }
}
