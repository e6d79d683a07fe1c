// The elements' reads of invoices and payment links from the merchant's backend (the kit's
// `GET {endpoint}/invoices/{number}` and `GET {endpoint}/links/{id}`). Every answer is parsed with
// the protocol's schemas; nothing unparsed reaches a component. Errors map as in backend.ts.
import { ErrorBody, InvoiceViewModel, LinkView, routes } from '@pay-elements/protocol';
import { codeForStatus, endpointUrl } from './backend.js';
import type { BackendError, RequestOptions } from './backend.js';

/** What one read answered: the parsed view, "unchanged" (304), nothing (aborted), or a failure. */
export type ViewAnswer<T> =
  | { kind: 'view'; view: T; etag: string | null }
  | { kind: 'not-modified' }
  | { kind: 'aborted' }
  | { kind: 'error'; error: BackendError };

/** A schema's safeParse, as zod answers it. */
type SafeParse<T> = (value: unknown) => { success: true; data: T } | { success: false };

function isAbort(error: unknown): boolean {
  return error instanceof DOMException && error.name === 'AbortError';
}

/** GET `url` and parse its JSON with `parse`; never rejects. */
export async function getView<T>(
  url: string,
  parse: SafeParse<T>,
  what: string,
  options: RequestOptions = {},
): Promise<ViewAnswer<T>> {
  const doFetch = options.fetch ?? globalThis.fetch.bind(globalThis);
  const headers: Record<string, string> = { Accept: 'application/json' };
  if (options.etag) headers['If-None-Match'] = options.etag;
  let response: Response;
  try {
    response = await doFetch(url, {
      method: 'GET',
      headers,
      cache: 'no-store',
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
  if (!response.ok) {
    const parsed = ErrorBody.safeParse(body);
    const error: BackendError = parsed.success
      ? { code: parsed.data.error.code, message: parsed.data.error.message, status: response.status }
      : { code: codeForStatus(response.status), message: `HTTP ${response.status}`, status: response.status };
    return { kind: 'error', error };
  }
  const parsed = parse(body);
  if (!parsed.success) {
    return {
      kind: 'error',
      error: { code: 'invalid_response', message: `the answer is not ${what}`, status: response.status },
    };
  }
  return { kind: 'view', view: parsed.data, etag: response.headers.get('ETag') };
}

/** GET {endpoint}/invoices/{number}, conditional on `etag` when given. */
export function fetchInvoice(
  endpoint: string,
  number: string,
  options: RequestOptions = {},
): Promise<ViewAnswer<InvoiceViewModel>> {
  return getView(
    endpointUrl(endpoint, routes.invoice(number)),
    (value) => InvoiceViewModel.safeParse(value),
    'an invoice view',
    options,
  );
}

/** GET {endpoint}/links/{id}. */
export function fetchLink(
  endpoint: string,
  id: string,
  options: RequestOptions = {},
): Promise<ViewAnswer<LinkView>> {
  return getView(
    endpointUrl(endpoint, routes.link(id)),
    (value) => LinkView.safeParse(value),
    'a payment link view',
    options,
  );
}
