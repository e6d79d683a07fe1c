// The store conformance suite, by part: each part of the store's contract (store/parts.ts) has its
// own suite, so a store can be written and checked one part at a time; `storeConformance` runs them
// all. `connect` gives several connections to one database, so that the exactly-once rules are shown
// to hold between connections (processes), not only within one.
import { changeFeedPartConformance } from './changes.js';
import { fundingPartConformance } from './funding.js';
import { healthConformance } from './health.js';
import { outboxPartConformance } from './outbox.js';
import { sessionPartConformance } from './sessions.js';
import type { StoreFactory } from './support.js';
import { watchPartConformance } from './watch.js';
import { webhookEventPartConformance } from './webhook-events.js';

export { changeFeedPartConformance } from './changes.js';
export { deposit, fundingAccount, fundingPartConformance } from './funding.js';
export { healthConformance } from './health.js';
export { outboxPartConformance } from './outbox.js';
export { sessionPartConformance } from './sessions.js';
export { claimAt, paid, renewal, seed, sessionRecord, type StoreFactory } from './support.js';
export { watchPartConformance } from './watch.js';
export { webhookEventPartConformance } from './webhook-events.js';

/** Every part's suite against one store. */
export function storeConformance(name: string, factory: StoreFactory): void {
  sessionPartConformance(name, factory);
  outboxPartConformance(name, factory);
  webhookEventPartConformance(name, factory);
  watchPartConformance(name, factory);
  changeFeedPartConformance(name, factory);
  fundingPartConformance(name, factory);
  healthConformance(name, factory);
}
