// The in-memory store, for tests and single-process demos. Each method runs to completion without
// awaiting in between, so every compare-and-set is atomic within the process. Nothing survives a
// restart: use SqliteStore (`@pay-elements/server/sqlite`) or another database for that.
import { ChangeListeners } from './listeners.js';
import { checkCommit } from './commit-check.js';
import type {
  ChangeFeedPart,
  Commit,
  Json,
  OncePart,
  OutboxEntry,
  OutboxPart,
  PayStore,
  RecordPart,
  StoredRecord,
} from './contract.js';

/** A copy of a JSON value, so that no caller shares the store's own. */
function copy<T extends Json>(value: T): T {
  return structuredClone(value);
}

class MemoryRecords implements RecordPart {
  private readonly collections = new Map<string, Map<string, { value: Json; version: number }>>();

  constructor(
    private readonly outbox: MemoryOutbox,
    private readonly listeners: ChangeListeners,
  ) {}

  get(collection: string, key: string): Promise<StoredRecord | null> {
    const held = this.collections.get(collection)?.get(key);
    return Promise.resolve(held ? { key, value: copy(held.value), version: held.version } : null);
  }

  list(
    collection: string,
    options: { prefix?: string; limit?: number; reverse?: boolean } = {},
  ): Promise<StoredRecord[]> {
    const { prefix = '', limit = 100, reverse = false } = options;
    const held = this.collections.get(collection);
    if (!held) return Promise.resolve([]);
    const keys = [...held.keys()].filter((k) => k.startsWith(prefix)).sort();
    if (reverse) keys.reverse();
    return Promise.resolve(
      keys.slice(0, Math.max(0, limit)).flatMap((key) => {
        const record = held.get(key);
        return record ? [{ key, value: copy(record.value), version: record.version }] : [];
      }),
    );
  }

  commit(commit: Commit): Promise<boolean> {
    try {
      return Promise.resolve(this.apply(commit));
    } catch (error) {
      // a commit the contract refuses is a rejection, as from every other store, never a throw
      return Promise.reject(error instanceof Error ? error : new TypeError(String(error)));
    }
  }

  private apply(commit: Commit): boolean {
    checkCommit(commit);
    const writes = commit.writes ?? [];
    for (const write of writes) {
      const version = this.collections.get(write.collection)?.get(write.key)?.version ?? 0;
      if (write.expect !== undefined && write.expect !== version) return false;
    }
    for (const write of writes) {
      let held = this.collections.get(write.collection);
      if (!held) {
        held = new Map();
        this.collections.set(write.collection, held);
      }
      const version = held.get(write.key)?.version ?? 0;
      if (write.value === null) held.delete(write.key);
      else held.set(write.key, { value: copy(write.value), version: version + 1 });
    }
    for (const owed of commit.owe ?? [])
      this.outbox.add(owed.topic, owed.id, owed.dueAt, owed.payload ?? null);
    for (const name of commit.announce ?? []) this.listeners.emit(name);
    return true;
  }
}

class MemoryOutbox implements OutboxPart {
  private readonly topics = new Map<string, Map<string, OutboxEntry>>();

  add(topic: string, id: string, dueAt: number, payload: Json): void {
    let entries = this.topics.get(topic);
    if (!entries) {
      entries = new Map();
      this.topics.set(topic, entries);
    }
    if (!entries.has(id)) entries.set(id, { topic, id, dueAt, attempts: 0, payload: copy(payload) });
  }

  due(topic: string, now: number, limit: number): Promise<OutboxEntry[]> {
    const entries = [...(this.topics.get(topic)?.values() ?? [])]
      .filter((e) => e.dueAt <= now)
      .sort((a, b) => a.dueAt - b.dueAt)
      .slice(0, Math.max(0, limit));
    return Promise.resolve(entries.map((e) => ({ ...e, payload: copy(e.payload) })));
  }

  lease(
    topic: string,
    id: string,
    expectDueAt: number,
    next: { dueAt: number; attempts: number },
  ): Promise<boolean> {
    const entry = this.topics.get(topic)?.get(id);
    if (!entry || entry.dueAt !== expectDueAt) return Promise.resolve(false);
    entry.dueAt = next.dueAt;
    entry.attempts = next.attempts;
    return Promise.resolve(true);
  }

  done(topic: string, id: string): Promise<void> {
    this.topics.get(topic)?.delete(id);
    return Promise.resolve();
  }
}

class MemoryOnce implements OncePart {
  private readonly ids = new Map<string, number>();

  seen(id: string): Promise<boolean> {
    return Promise.resolve(this.ids.has(id));
  }

  remember(id: string, now: number): Promise<boolean> {
    if (this.ids.has(id)) return Promise.resolve(false);
    this.ids.set(id, now);
    return Promise.resolve(true);
  }

  forgetBefore(before: number): Promise<number> {
    let forgotten = 0;
    for (const [id, at] of this.ids)
      if (at < before) {
        this.ids.delete(id);
        forgotten++;
      }
    return Promise.resolve(forgotten);
  }
}

export class MemoryStore implements PayStore {
  readonly records: RecordPart;
  readonly outbox: OutboxPart;
  readonly once: OncePart = new MemoryOnce();
  readonly changes: ChangeFeedPart;

  constructor() {
    const listeners = new ChangeListeners();
    const outbox = new MemoryOutbox();
    this.outbox = outbox;
    this.records = new MemoryRecords(outbox, listeners);
    this.changes = { subscribe: (listener) => listeners.subscribe(listener) };
  }

  close(): Promise<void> {
    return Promise.resolve();
  }
}
