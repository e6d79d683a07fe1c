// The store's contract: a few generic building blocks that every flow keeps its state through, so that
// a new flow adds no store method and a merchant's own store is these thirteen methods. Each block has
// its own conformance suite (`@pay-elements/server/conformance`). The one atomic step that spans two
// blocks is explicit: `records.commit` writes records by compare-and-set, makes outbox deliveries owed
// and announces changes, all or nothing.

/** What a record or an outbox entry holds: plain JSON. */
export type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

/** A record as stored: its key, its value and its version (1 when written first, +1 at each write). */
export interface StoredRecord {
  key: string;
  value: Json;
  version: number;
}

/**
 * One write of a commit. `expect` is the compare-and-set: the version the record must have for the
 * commit to happen (0: it must not exist); omitted, the write happens whatever the record's version.
 * `value` null deletes the record.
 */
export interface RecordWrite {
  /** `[a-z0-9_.:-]`, 1 to 64 characters: a flow's name and what it keeps (`sessions.orders`) */
  collection: string;
  /** printable ASCII, 1 to 512 characters (flows build keys with `recordKey`) */
  key: string;
  value: Json | null;
  expect?: number;
}

/** A delivery made owed by a commit: owed once per topic and id (an id owed already is left as it is). */
export interface OutboxOwed {
  /** `[a-z0-9_.:-]`, 1 to 64 characters */
  topic: string;
  /** printable ASCII, 1 to 512 characters */
  id: string;
  /** when it is due (ms): the instance that commits it and delivers at once gives now + its lease */
  dueAt: number;
  /** what the deliverer needs; null when the id says it all */
  payload?: Json;
}

/** An owed delivery as the outbox holds it. */
export interface OutboxEntry {
  topic: string;
  id: string;
  dueAt: number;
  /** how many times it was leased for delivery */
  attempts: number;
  payload: Json;
}

/** What one atomic step does. */
export interface Commit {
  writes?: readonly RecordWrite[];
  owe?: readonly OutboxOwed[];
  /** names told to the change feed's listeners once committed (`sessions:ses_1`) */
  announce?: readonly string[];
}

/** Versioned records by collection and key. */
export interface RecordPart {
  get(collection: string, key: string): Promise<StoredRecord | null>;
  /**
   * The collection's records whose key starts with `prefix` (all without one), in key order (by
   * code point; `reverse` the other way), at most `limit` (default 100).
   */
  list(
    collection: string,
    options?: { prefix?: string; limit?: number; reverse?: boolean },
  ): Promise<StoredRecord[]>;
  /**
   * Applies every write, makes every delivery owed and then announces, in one atomic step, if each
   * write's `expect` holds: true. Otherwise nothing at all is written: false. Across processes
   * sharing the database, exactly one of several commits expecting the same version succeeds.
   */
  commit(commit: Commit): Promise<boolean>;
}

/**
 * Deliveries owed (to a merchant's callback, to a flow's handler, to a webhook endpoint), each made
 * owed by a commit and delivered by whichever instance leases it, so that a crash loses none. An
 * entry due is leased by moving its due time forward (a compare-and-set), so one instance at a time
 * holds it; a holder that dies lets it fall due again.
 */
export interface OutboxPart {
  /** The topic's entries due at `now` (dueAt ≤ now), earliest due first, at most `limit`. */
  due(topic: string, now: number, limit: number): Promise<OutboxEntry[]>;
  /**
   * Moves an entry's due time to `next.dueAt` and its attempts to `next.attempts` if its due time is
   * still `expectDueAt`: true when this call did (it holds the entry until then).
   */
  lease(
    topic: string,
    id: string,
    expectDueAt: number,
    next: { dueAt: number; attempts: number },
  ): Promise<boolean>;
  /** Nothing more is owed for the entry. */
  done(topic: string, id: string): Promise<void>;
}

/** Event ids seen once (a provider's webhook deliveries), so that a redelivery changes nothing. */
export interface OncePart {
  /** Whether the id was remembered (and not yet forgotten). */
  seen(id: string): Promise<boolean>;
  /** Remembers the id at `now` (ms): false when it was remembered already. */
  remember(id: string, now: number): Promise<boolean>;
  /** Forgets the ids remembered before `before` (ms); answers how many. */
  forgetBefore(before: number): Promise<number>;
}

/**
 * The names committed changes announce (`Commit.announce`), told to this process's listeners, and,
 * for a database several instances share, to every instance's (PostgreSQL's LISTEN/NOTIFY).
 */
export interface ChangeFeedPart {
  /** Calls `listener` with each name announced, `'*'` when announcements were lost for a while. */
  subscribe(listener: (name: string) => void): () => void;
  /** Resolves once announcements from other instances are heard. */
  ready?(): Promise<void>;
}

/** The store a kit takes: its blocks, and its health. */
export interface PayStore {
  records: RecordPart;
  outbox: OutboxPart;
  once: OncePart;
  changes: ChangeFeedPart;
  /** Resolves when the store can answer now (a readiness check). Without it: ready while open. */
  ping?(): Promise<void>;
  close(): Promise<void>;
}

/** A collection's name: what `RecordWrite.collection` and `OutboxOwed.topic` allow. */
export const NAME_PATTERN = /^[a-z0-9_.:-]{1,64}$/;
/** A key or an outbox id: printable ASCII, 1 to 512 characters. */
export const KEY_PATTERN = /^[\x20-\x7e]{1,512}$/;

/**
 * A key made of parts, each percent-encoded and joined by `/`, so that a part never reads as two and
 * a prefix of parts (`recordKey(customer) + '/'`) lists exactly that customer's records.
 */
export function recordKey(...parts: readonly (string | number)[]): string {
  return parts.map((p) => encodeURIComponent(String(p))).join('/');
}

/** A plain value as JSON (objects and arrays copied, undefined fields left out); anything else throws. */
export function toJson(value: unknown): Json {
  if (value === null || typeof value === 'string' || typeof value === 'boolean') return value;
  if (typeof value === 'number') {
    if (!Number.isFinite(value)) throw new TypeError('a stored number must be finite');
    return value;
  }
  if (Array.isArray(value)) return value.map(toJson);
  if (typeof value === 'object') {
    const out: Record<string, Json> = {};
    for (const [key, field] of Object.entries(value)) if (field !== undefined) out[key] = toJson(field);
    return out;
  }
  throw new TypeError(`a ${typeof value} cannot be stored`);
}
