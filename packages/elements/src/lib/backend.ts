// The one place the elements talk to the merchant's backend (the kit's widget endpoints): one fetch
// path for every read and write, abortable, never rejecting. Every answer is checked with the
// protocol's browser guards (no validator in the bundle); nothing unchecked reaches a component, and
// an answer refused is told on the console with the field at fault (`refusedBy`).
import type {
  BankEntry,
  BankSuggestions,
  FundingView,
  InvoiceViewModel,
  LinkView,
  SessionView,
} from '@pay-elements/protocol';
import {
  accountNumberPattern,
  banksPath,
  claimPath,
  shopperErrorCodes,
  fundingPath,
  invoicePath,
  linkPath,
  readBankList,
  readBankSuggestions,
  readErrorBody,
  readFundingView,
  readInvoiceView,
  readLinkView,
  readSessionView,
  renewPath,
  sessionPath,
  statusOfShopperErrorCode,
  type ShopperErrorCode,
  suggestPath,
} from '@pay-elements/protocol/guards';

import type { Refusal } from '@pay-elements/protocol/guards';
import type { BackendError } from '../errors.js';

export type { BackendError, ClientErrorCode } from '../errors.js';

/** What one request answered: the checked view, "unchanged" (304), nothing (aborted), or a failure. */
export type ViewAnswer<T> =
  | { kind: 'view'; view: T; etag: string | null }
  | { kind: 'not-modified' }
  | { kind: 'aborted' }
  | { kind: 'error'; error: BackendError };

export type SessionAnswer = ViewAnswer<SessionView>;

export interface RequestOptions {
  /** The ETag of the view already held: answered 304 when it is still current. */
  etag?: string | null;
  signal?: AbortSignal;
  /** Defaults to the page's fetch. */
  fetch?: typeof fetch;
}

/** A guard's reader: the checked copy, or null (and why, to `refused`). */
export type Reader<T> = (value: unknown, refused?: (refusal: Refusal) => void) => T | null;

/**
 * Tells the page's developer, on the console, why what `source` sent is refused: the field at fault,
 * and what it held (the shopper is told only that the answer was unexpected).
 */
export const refusedBy =
  (source: string) =>
  ({ field, value }: Refusal): void =>
    console.error(`pay-elements refused ${source}: "${field}" is`, value);

/** Joins the kit's base path (e.g. "/pay" or "https://shop.example/pay/") and a protocol route. */
export function endpointUrl(endpoint: string, route: string): string {
  return endpoint.replace(/\/+$/, '') + route;
}

/** The code a bare status stands for when the body is not the protocol's error body. */
export function codeForStatus(status: number): ShopperErrorCode {
  const exact = shopperErrorCodes.find((code) => statusOfShopperErrorCode[code] === status);
  if (exact) return exact;
  return status >= 500 ? 'internal' : 'invalid_request';
}

function isAbort(error: unknown): boolean {
  return error instanceof DOMException && error.name === 'AbortError';
}

/** The request every element makes: `read` checks a 2xx body, `what` names it in the error. */
async function request<T>(
  url: string,
  init: RequestInit,
  read: Reader<T>,
  what: string,
  options: RequestOptions,
): Promise<ViewAnswer<T>> {
  const doFetch = options.fetch ?? globalThis.fetch.bind(globalThis);
  const headers: Record<string, string> = { Accept: 'application/json' };
  if (init.body !== undefined) headers['Content-Type'] = 'application/json';
  if (options.etag) headers['If-None-Match'] = options.etag;
  let response: Response;
  try {
    response = await doFetch(url, {
      ...init,
      headers,
      credentials: 'same-origin',
      ...(options.signal ? { signal: options.signal } : {}),
    });
  } catch (error) {
    if (isAbort(error)) return { kind: 'aborted' };
    const message = error instanceof Error ? error.message : 'fetch failed';
    return { kind: 'error', error: { code: 'network_error', message, status: null } };
  }
  if (response.status === 304) return { kind: 'not-modified' };
  let body: unknown;
  try {
    body = await response.json();
  } catch (error) {
    if (isAbort(error)) return { kind: 'aborted' };
    body = undefined;
  }
  const status = response.status;
  if (!response.ok) {
    const parsed = readErrorBody(body);
    const error: BackendError = parsed
      ? { code: parsed.error.code, message: parsed.error.message, status }
      : { code: codeForStatus(status), message: `HTTP ${status}`, status };
    return { kind: 'error', error };
  }
  const view = read(body, refusedBy(`${what} from ${url}`));
  if (view === null) {
    return {
      kind: 'error',
      error: { code: 'invalid_response', message: `the answer is not ${what}`, status },
    };
  }
  return { kind: 'view', view, etag: response.headers.get('ETag') };
}

/** A GET of a view the element follows: never from the HTTP cache, conditional on `etag` when given. */
export function getView<T>(
  url: string,
  read: Reader<T>,
  what: string,
  options: RequestOptions,
): Promise<ViewAnswer<T>> {
  return request(url, { method: 'GET', cache: 'no-store' }, read, what, options);
}

/** GET {endpoint}/sessions/{id}, conditional on `etag` when given. */
export function fetchSession(
  endpoint: string,
  id: string,
  options: RequestOptions = {},
): Promise<SessionAnswer> {
  return getView(endpointUrl(endpoint, sessionPath(id)), readSessionView, 'a session view', options);
}

/** A POST of `{}` that the session view answers (renew, claim). */
function postSession(endpoint: string, route: string, options: RequestOptions): Promise<SessionAnswer> {
  const init: RequestInit = { method: 'POST', cache: 'no-store', body: '{}' };
  return request(endpointUrl(endpoint, route), init, readSessionView, 'a session view', options);
}

/** POST {endpoint}/sessions/{id}/renew: a new single-use account for an expired session. */
export function renewSession(
  endpoint: string,
  id: string,
  options: RequestOptions = {},
): Promise<SessionAnswer> {
  return postSession(endpoint, renewPath(id), options);
}

/** POST {endpoint}/sessions/{id}/claim: "I've sent the money"; answers the view with `claimed_at`. */
export function claimSession(
  endpoint: string,
  id: string,
  options: RequestOptions = {},
): Promise<SessionAnswer> {
  return postSession(endpoint, claimPath(id), options);
}

/** GET {endpoint}/invoices/{number}, conditional on `etag` when given. */
export function fetchInvoice(
  endpoint: string,
  number: string,
  options: RequestOptions = {},
): Promise<ViewAnswer<InvoiceViewModel>> {
  return getView(endpointUrl(endpoint, invoicePath(number)), readInvoiceView, 'an invoice view', options);
}

/** GET {endpoint}/funding/{token}: a customer's own accounts and deposits, conditional on `etag` when given. */
export function fetchFunding(
  endpoint: string,
  token: string,
  options: RequestOptions = {},
): Promise<ViewAnswer<FundingView>> {
  return getView(endpointUrl(endpoint, fundingPath(token)), readFundingView, 'a funding view', options);
}

/** GET {endpoint}/links/{id}. */
export function fetchLink(
  endpoint: string,
  id: string,
  options: RequestOptions = {},
): Promise<ViewAnswer<LinkView>> {
  return getView(endpointUrl(endpoint, linkPath(id)), readLinkView, 'a payment link view', options);
}

/** GET {endpoint}/banks/{country}: the banks of a country. */
export async function fetchBanks(
  endpoint: string,
  country: string,
  options: RequestOptions = {},
): Promise<ViewAnswer<BankEntry[]>> {
  const answer = await request(
    endpointUrl(endpoint, banksPath(country)),
    { method: 'GET' },
    readBankList,
    'a bank list',
    options,
  );
  return answer.kind === 'view' ? { ...answer, view: answer.view.banks } : answer;
}

export type BankSuggestion = BankSuggestions['suggestions'][number];

/**
 * POST {endpoint}/banks/suggest {account_number}: the banks the account number is known at, or null
 * when there is no answer to show (invalid number, route absent, disabled, rate-limited, failed).
 */
export async function fetchSuggestions(
  endpoint: string,
  accountNumber: string,
  options: RequestOptions = {},
): Promise<BankSuggestion[] | null> {
  if (!accountNumberPattern.test(accountNumber)) return null;
  const answer = await request(
    endpointUrl(endpoint, suggestPath),
    { method: 'POST', body: JSON.stringify({ account_number: accountNumber }) },
    readBankSuggestions,
    'bank suggestions',
    options,
  );
  return answer.kind === 'view' ? answer.view.suggestions : null;
}

/**
 * The view a server-rendered page put in the element, as a child `<script type="application/json">`,
 * checked like an answer; null when there is none or it is not a valid view. Taken in place of the
 * first request, so the page's HTML is not fetched twice.
 */
export function viewFromPage<T>(host: Element, read: Reader<T>): ViewAnswer<T> | null {
  const script = host.querySelector(':scope > script[type="application/json"]');
  if (!script?.textContent) return null;
  try {
    const view = read(JSON.parse(script.textContent), refusedBy(`the view in <${host.localName}>`));
    return view ? { kind: 'view', view, etag: null } : null;
  } catch {
    return null;
  }
}
