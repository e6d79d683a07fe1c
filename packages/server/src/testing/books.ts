// The flows' books on a store, for tests that look at or stage what a flow keeps (a claim left by a
// process that died, a session read back): the same books the flows use, without a kit around them
// (a transition here only commits: no event or callback is delivered).
import type { Kit } from '../flow.js';
import { FundingBook } from '../flows/funding/book.js';
import { SessionBook } from '../flows/sessions/book.js';
import type { PayStore } from '../store/contract.js';

const commitOnly =
  (store: PayStore): Kit['transition'] =>
  (commit) =>
    store.records.commit(commit);
const clock = { now: () => Date.now() };

export function sessionBookOf(store: PayStore): SessionBook {
  return new SessionBook(store.records, commitOnly(store), clock, undefined);
}

export function fundingBookOf(store: PayStore): FundingBook {
  return new FundingBook(store.records, commitOnly(store), clock);
}
