// The page-wide cache of the kit's bank routes as <pay-bank-picker> uses them: one request per
// `${endpoint}|${country}` for the page's life, shared by every picker (failures are not kept, so
// "Try again" asks again). The kit caches too.
import { fetchBanks, fetchSuggestions } from './backend.js';
import type { BackendError, BankSuggestion } from './backend.js';
import { prepareBanks } from './bank-search.js';
import type { PreparedBank } from './bank-search.js';

export type BankListAnswer =
  { kind: 'banks'; banks: readonly PreparedBank[] } | { kind: 'error'; error: BackendError };

const lists = new Map<string, Promise<BankListAnswer>>();
const settledLists = new Map<string, readonly PreparedBank[]>();
const suggestions = new Map<string, Promise<BankSuggestion[] | null>>();

const listKey = (endpoint: string, country: string): string => `${endpoint}|${country}`;

/** The list of `country` already loaded from `endpoint` on this page, if any (no request). */
export function cachedBankList(endpoint: string, country: string): readonly PreparedBank[] | undefined {
  return settledLists.get(listKey(endpoint, country));
}

/** The bank list of `country` from the kit at `endpoint`, prepared for search: one request per page. */
export function loadBankList(endpoint: string, country: string): Promise<BankListAnswer> {
  const key = listKey(endpoint, country);
  const known = lists.get(key);
  if (known) return known;
  const pending = fetchBanks(endpoint, country).then((answer): BankListAnswer => {
    if (answer.kind === 'view') {
      const banks = prepareBanks(answer.view);
      settledLists.set(key, banks);
      return { kind: 'banks', banks };
    }
    lists.delete(key);
    // never aborted nor conditional: shared by every picker, it always runs to an answer
    if (answer.kind === 'error') return answer;
    return { kind: 'error', error: { code: 'network_error', message: 'no answer', status: null } };
  });
  lists.set(key, pending);
  return pending;
}

/** The suggestions for `accountNumber`, asked once per page while answered (the route is rate-limited). */
export function loadSuggestions(endpoint: string, accountNumber: string): Promise<BankSuggestion[] | null> {
  const key = `${endpoint}|${accountNumber}`;
  const known = suggestions.get(key);
  if (known) return known;
  const pending = fetchSuggestions(endpoint, accountNumber).then((answer) => {
    if (answer === null) suggestions.delete(key);
    return answer;
  });
  suggestions.set(key, pending);
  return pending;
}

/** Forgets every list and suggestion this page loaded (for tests; a page never needs it). */
export function clearBankCache(): void {
  lists.clear();
  settledLists.clear();
  suggestions.clear();
}
