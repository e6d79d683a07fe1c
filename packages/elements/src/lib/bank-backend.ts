// The kit's bank routes as <pay-bank-picker> uses them, every answer parsed with the protocol's
// schemas, and the page-wide cache: one request per `${endpoint}|${country}` for the page's life,
// shared by every picker (failures are not kept, so "Try again" asks again). The kit caches too.
import { BankList, BankSuggestions, ErrorBody, SuggestBanksRequest, routes } from '@pay-elements/protocol';
import { codeForStatus, endpointUrl } from './backend.js';
import type { BackendError } from './backend.js';
import { prepareBanks } from './bank-search.js';
import type { PreparedBank } from './bank-search.js';

export type BankSuggestion = BankSuggestions['suggestions'][number];

export type BankListAnswer =
  { kind: 'banks'; banks: readonly PreparedBank[] } | { kind: 'error'; error: BackendError };

type JsonAnswer = { kind: 'ok'; body: unknown; status: number } | { kind: 'error'; error: BackendError };

export interface BankRequestOptions {
  /** Defaults to the page's fetch. */
  fetch?: typeof fetch;
}

async function requestJson(url: string, init: RequestInit, options: BankRequestOptions): Promise<JsonAnswer> {
  const doFetch = options.fetch ?? globalThis.fetch.bind(globalThis);
  let response: Response;
  try {
    response = await doFetch(url, { ...init, credentials: 'same-origin' });
  } catch (error) {
    const message = error instanceof Error ? error.message : 'fetch failed';
    return { kind: 'error', error: { code: 'network_error', message, status: null } };
  }
  let body: unknown;
  try {
    body = await response.json();
  } catch {
    body = undefined;
  }
  if (response.ok) return { kind: 'ok', body, status: response.status };
  const parsed = ErrorBody.safeParse(body);
  return {
    kind: 'error',
    error: parsed.success
      ? { code: parsed.data.error.code, message: parsed.data.error.message, status: response.status }
      : { code: codeForStatus(response.status), message: `HTTP ${response.status}`, status: response.status },
  };
}

/** GET {endpoint}/banks/{country}, uncached, prepared for search. */
export async function fetchBankList(
  endpoint: string,
  country: string,
  options: BankRequestOptions = {},
): Promise<BankListAnswer> {
  const url = endpointUrl(endpoint, routes.banks(country));
  const answer = await requestJson(url, { method: 'GET', headers: { Accept: 'application/json' } }, options);
  if (answer.kind === 'error') return answer;
  const list = BankList.safeParse(answer.body);
  if (!list.success) {
    const error: BackendError = {
      code: 'invalid_response',
      message: 'the answer is not a bank list',
      status: answer.status,
    };
    return { kind: 'error', error };
  }
  return { kind: 'banks', banks: prepareBanks(list.data.banks) };
}

/**
 * POST {endpoint}/banks/suggest {account_number}, uncached: the banks the account number is known
 * at, or null when there is no answer to show (invalid number, route absent, disabled, rate-limited,
 * failed).
 */
export async function fetchSuggestions(
  endpoint: string,
  accountNumber: string,
  options: BankRequestOptions = {},
): Promise<BankSuggestion[] | null> {
  const request = SuggestBanksRequest.safeParse({ account_number: accountNumber });
  if (!request.success) return null;
  const answer = await requestJson(
    endpointUrl(endpoint, routes.suggest),
    {
      method: 'POST',
      headers: { Accept: 'application/json', 'Content-Type': 'application/json' },
      body: JSON.stringify(request.data),
    },
    options,
  );
  if (answer.kind === 'error') return null;
  const parsed = BankSuggestions.safeParse(answer.body);
  return parsed.success ? parsed.data.suggestions : null;
}

const lists = new Map<string, Promise<BankListAnswer>>();
const settledLists = new Map<string, readonly PreparedBank[]>();
const suggestions = new Map<string, Promise<BankSuggestion[] | null>>();

const listKey = (endpoint: string, country: string): string => `${endpoint}|${country}`;

/** The list of `country` already loaded from `endpoint` on this page, if any (no request). */
export function cachedBankList(endpoint: string, country: string): readonly PreparedBank[] | undefined {
  return settledLists.get(listKey(endpoint, country));
}

/** The bank list of `country` from the kit at `endpoint`: one request per page, shared by every caller. */
export function loadBankList(
  endpoint: string,
  country: string,
  options: BankRequestOptions = {},
): Promise<BankListAnswer> {
  const key = listKey(endpoint, country);
  const known = lists.get(key);
  if (known) return known;
  const pending = fetchBankList(endpoint, country, options).then((answer) => {
    if (answer.kind === 'banks') settledLists.set(key, answer.banks);
    else lists.delete(key);
    return answer;
  });
  lists.set(key, pending);
  return pending;
}

/** The suggestions for `accountNumber`, asked once per page while answered (the route is rate-limited). */
export function loadSuggestions(
  endpoint: string,
  accountNumber: string,
  options: BankRequestOptions = {},
): Promise<BankSuggestion[] | null> {
  const key = `${endpoint}|${accountNumber}`;
  const known = suggestions.get(key);
  if (known) return known;
  const pending = fetchSuggestions(endpoint, accountNumber, options).then((answer) => {
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
