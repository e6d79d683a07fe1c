// Provider answers kept for a while on the injected clock, with one provider call however many
// requests arrive together (single-flight), a bounded number of entries, and optionally the last
// good answer served when the provider cannot be asked.
import type { Clock } from '../clock.js';

/** Concurrent calls for one key share the one promise in flight. */
export class SingleFlight<K, V> {
  private readonly flights = new Map<K, Promise<V>>();

  /** Runs `work` unless a call for `key` is already in flight, whose promise is then answered. */
  run(key: K, work: () => Promise<V>): Promise<V> {
    const current = this.flights.get(key);
    if (current) return current;
    const flight = work();
    this.flights.set(key, flight);
    const done = (): void => {
      if (this.flights.get(key) === flight) this.flights.delete(key);
    };
    flight.then(done, done);
    return flight;
  }

  /** Calls in flight right now. */
  get size(): number {
    return this.flights.size;
  }
}

/** How an answer was found: in the cache, from the provider just now, or old because the provider failed. */
export type CacheState = 'hit' | 'miss' | 'stale';

export interface CacheRead<V> {
  value: V;
  state: CacheState;
  /** when the value was fetched from the provider, epoch ms */
  storedAt: number;
  /** when it stops being fresh, epoch ms */
  expiresAt: number;
}

export interface TtlCacheOptions<V> {
  clock: Clock;
  /** how long a value stays fresh, ms; `ttlFor` may shorten it per value */
  ttlMs: number;
  /** the most entries kept; the least recently stored goes first */
  maxEntries: number;
  /** a shorter lifetime for some values (e.g. "unknown country" answers) */
  ttlFor?: (value: V) => number;
  /**
   * Whether a failed refresh may be answered with the expired value still held (a provider
   * outage); without it every failure is thrown.
   */
  serveStaleOn?: (error: unknown) => boolean;
  /** after a failed refresh served stale, how long to keep serving it before asking again, ms */
  retryAfterFailureMs?: number;
}

interface Entry<V> {
  value: V;
  storedAt: number;
  expiresAt: number;
  /** when a refresh last failed (the stale value was served) */
  failedAt: number | null;
}

export class TtlCache<K, V> {
  private readonly options: TtlCacheOptions<V>;
  private readonly entries = new Map<K, Entry<V>>();
  private readonly flights = new SingleFlight<K, Entry<V>>();

  constructor(options: TtlCacheOptions<V>) {
    this.options = options;
  }

  /**
   * The value of `key`: the cached one while fresh, otherwise `load()`'s (one call for all the
   * requests waiting on it). When `load` fails and `serveStaleOn` accepts the error, the expired
   * value is answered instead (state `stale`).
   */
  async read(key: K, load: () => Promise<V>): Promise<CacheRead<V>> {
    const { clock, serveStaleOn, retryAfterFailureMs = 0 } = this.options;
    const now = clock.now();
    const entry = this.entries.get(key);
    if (entry && now < entry.expiresAt) return this.answer(entry, 'hit');
    if (serveStaleOn && entry && entry.failedAt !== null && now - entry.failedAt < retryAfterFailureMs)
      return this.answer(entry, 'stale');
    try {
      return this.answer(await this.flights.run(key, () => this.refresh(key, load)), 'miss');
    } catch (error) {
      const stale = this.entries.get(key);
      if (stale && serveStaleOn?.(error)) return this.answer(stale, 'stale');
      throw error;
    }
  }

  /** Entries held (fresh or not). */
  get size(): number {
    return this.entries.size;
  }

  /** Forgets one key's value (not a call in flight). */
  delete(key: K): void {
    this.entries.delete(key);
  }

  /** Forgets everything (not the calls in flight). */
  clear(): void {
    this.entries.clear();
  }

  private answer(entry: Entry<V>, state: CacheState): CacheRead<V> {
    return { value: entry.value, state, storedAt: entry.storedAt, expiresAt: entry.expiresAt };
  }

  private async refresh(key: K, load: () => Promise<V>): Promise<Entry<V>> {
    const { clock, ttlMs, ttlFor, maxEntries } = this.options;
    let value: V;
    try {
      value = await load();
    } catch (error) {
      const held = this.entries.get(key);
      if (held && this.options.serveStaleOn?.(error)) held.failedAt = clock.now();
      throw error;
    }
    const storedAt = clock.now();
    const ttl = Math.min(ttlMs, ttlFor ? ttlFor(value) : ttlMs);
    const entry: Entry<V> = { value, storedAt, expiresAt: storedAt + ttl, failedAt: null };
    this.entries.delete(key);
    this.entries.set(key, entry);
    while (this.entries.size > maxEntries) {
      const oldest = this.entries.keys().next();
      if (oldest.done) break;
      this.entries.delete(oldest.value);
    }
    return entry;
  }
}
