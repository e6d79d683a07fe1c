// What the kit reports as it works, for metrics: a plain interface the kit calls, so that the kit
// itself loads no metrics library (`@pay-elements/server/metrics` fills it in with prom-client).
// Transitions are counted where the store says this call made them, so the sums over instances
// sharing a database count each session once.
import type { PayStore, SessionPart, SessionRecord } from './store/parts.js';

export type WebhookOutcome = 'accepted' | 'duplicate' | 'refused';

export interface PayObserver {
  /** a new session was stored (its account opened) */
  sessionCreated?(): void;
  /** a session turned paid (this instance made the transition) */
  sessionPaid?(): void;
  /** a session turned expired (this instance made the transition) */
  sessionExpired?(): void;
  webhook?(outcome: WebhookOutcome): void;
  /** a deposit into a customer's own accounts was recorded (this instance recorded it) */
  deposit?(): void;
  /** the merchant's onPaid returned (`delivered`) or threw (`failed`) after `seconds` */
  onPaid?(seconds: number, outcome: 'delivered' | 'failed'): void;
}

/** The store as the kit uses it: the same store, its sessions' successful transitions told to the observer. */
export function observedStore(store: PayStore, observer: PayObserver): PayStore {
  // nothing to tell: the store itself, so that a kit without metrics pays nothing on its hot path
  if (!observer.sessionCreated && !observer.sessionPaid && !observer.sessionExpired) return store;
  const sessions = observedSessions(store.sessions, observer);
  return {
    sessions,
    outbox: store.outbox,
    webhookEvents: store.webhookEvents,
    watch: store.watch,
    ...(store.changes ? { changes: store.changes } : {}),
    ...(store.funding ? { funding: store.funding } : {}),
    ...(store.ping ? { ping: () => store.ping?.() ?? Promise.resolve() } : {}),
    close: () => store.close(),
  };
}

/** The sessions part with `create`, `markPaid` and `markExpired` counted when they made the change. */
function observedSessions(sessions: SessionPart, observer: PayObserver): SessionPart {
  const counted =
    <A extends unknown[]>(call: (...args: A) => Promise<boolean>, tell: (() => void) | undefined) =>
    async (...args: A): Promise<boolean> => {
      const changed = await call(...args);
      if (changed) tell?.();
      return changed;
    };
  const overrides: Partial<Record<PropertyKey, unknown>> = {
    create: counted(sessions.create.bind(sessions), () => observer.sessionCreated?.()),
    markPaid: counted(sessions.markPaid.bind(sessions), () => observer.sessionPaid?.()),
    markExpired: counted(sessions.markExpired.bind(sessions), () => observer.sessionExpired?.()),
  };
  // every other member is the part's own, its methods bound to it once (stores keep private state)
  const bound = new Map<PropertyKey, unknown>();
  return new Proxy(sessions, {
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
