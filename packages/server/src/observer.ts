// What the kit reports as it works, for metrics: a plain interface the kit calls, so that the kit
// itself loads no metrics library (`@pay-elements/server/metrics` fills it in with prom-client).
// Transitions are counted where the store says this call made them, so the sums over instances
// sharing a database count each session once.
import type { SessionRecord, SessionStore } from './store/types.js';

export type WebhookOutcome = 'accepted' | 'duplicate' | 'refused';

export interface PayObserver {
  /** a new session was stored (its account opened) */
  sessionCreated?(): void;
  /** a session turned paid (this instance made the transition) */
  sessionPaid?(): void;
  /** a session turned expired (this instance made the transition) */
  sessionExpired?(): void;
  webhook?(outcome: WebhookOutcome): void;
  /** the merchant's onPaid returned (`delivered`) or threw (`failed`) after `seconds` */
  onPaid?(seconds: number, outcome: 'delivered' | 'failed'): void;
}

/** The store as the kit uses it: the same store, its successful transitions told to the observer. */
export function observedStore(store: SessionStore, observer: PayObserver): SessionStore {
  // nothing to tell: the store itself, so that a kit without metrics pays nothing on its hot path
  if (!observer.sessionCreated && !observer.sessionPaid && !observer.sessionExpired) return store;
  const counted =
    <A extends unknown[]>(call: (...args: A) => Promise<boolean>, tell: (() => void) | undefined) =>
    async (...args: A): Promise<boolean> => {
      const changed = await call(...args);
      if (changed) tell?.();
      return changed;
    };
  const overrides: Partial<Record<PropertyKey, unknown>> = {
    create: counted(store.create.bind(store), () => observer.sessionCreated?.()),
    markPaid: counted(store.markPaid.bind(store), () => observer.sessionPaid?.()),
    markExpired: counted(store.markExpired.bind(store), () => observer.sessionExpired?.()),
  };
  // every other member is the store's own, its methods bound to it once (stores keep private state)
  const bound = new Map<PropertyKey, unknown>();
  return new Proxy(store, {
    get(target, key) {
      if (key in overrides) return overrides[key];
      const value: unknown = Reflect.get(target, key, target);
      if (typeof value !== 'function') return value;
      let method = bound.get(key);
      if (!method) {
        method = (value as (...args: unknown[]) => unknown).bind(target);
        bound.set(key, method);
      }
      return method;
    },
  });
}

/** The merchant's onPaid, timed for the observer. */
export function observedOnPaid(
  onPaid: ((session: SessionRecord) => void | Promise<void>) | undefined,
  observer: PayObserver,
): ((session: SessionRecord) => Promise<void>) | undefined {
  if (!onPaid || !observer.onPaid) return onPaid && (async (session) => onPaid(session));
  return async (session) => {
    const started = performance.now();
    try {
      await onPaid(session);
      observer.onPaid?.((performance.now() - started) / 1000, 'delivered');
    } catch (error) {
      observer.onPaid?.((performance.now() - started) / 1000, 'failed');
      throw error;
    }
  };
}
