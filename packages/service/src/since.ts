// The service's first start, stored: the moment from which the merchant is told of payments. A new
// service's first look at the provider finds the business's past (invoices paid long ago, a
// provider's webhooks still owed); the kit records them (receipts, views), but `invoice.paid` and
// `deposit.received` for a payment made before that moment are not sent. Kept in the store, so a
// restart (or another instance on the same database) keeps the first one's moment.
import type { PayClient } from '@pay-elements/api';
import type { KitEvent, ServiceState } from './kit.js';

/** How many pages of the business's transactions an invoice's payment is looked for in. */
const PAGES_LOOKED_AT = 5;

const COLLECTION = 'service.meta';
const KEY = 'first-start';

function storedSince(value: unknown): number | null {
  if (typeof value !== 'object' || value === null || !('since' in value)) return null;
  const at = typeof value.since === 'string' ? Date.parse(value.since) : Number.NaN;
  return Number.isNaN(at) ? null : at;
}

/** The first start's moment (ms): the stored one, else `now`, stored (the first instance's wins). */
export async function firstStart(state: ServiceState, now: number): Promise<number> {
  const found = storedSince((await state.records.get(COLLECTION, KEY))?.value);
  if (found !== null) return found;
  const value = { since: new Date(now).toISOString() };
  if (await state.records.commit({ writes: [{ collection: COLLECTION, key: KEY, value, expect: 0 }] }))
    return now;
  return storedSince((await state.records.get(COLLECTION, KEY))?.value) ?? now;
}

/**
 * Whether the invoice's payment (the provider's credit naming it) is older than `since`: the
 * business's transactions newest first, until one older than `since` (then it was paid before) or
 * the credit is found. An invoice's `paid_at` is when the kit saw it paid, and the provider's
 * invoice says nothing of when; a payment not found in a few pages is taken as new (told).
 */
async function invoicePaidBefore(client: PayClient, invoice: string, since: number): Promise<boolean> {
  const size = client.conventions.pageSize.max;
  for (let page = 0; page < PAGES_LOOKED_AT; page++) {
    const result = await client.transactions.list({ sort: 'created_at,desc', size, page });
    for (const transaction of result.items) {
      const at = Date.parse(transaction.created_at);
      if (transaction.entry === 'credit' && transaction.payment_transfer['invoice_number'] === invoice)
        return at < since;
      if (at < since) return true;
    }
    if (result.last || result.items.length === 0) return true;
  }
  return false;
}

/**
 * Whether the event tells of a payment made before `since`: a deposit received (its `received_at`
 * is the provider's), an invoice paid (asked of the provider) before the first start. A session is
 * this service's own, opened after it: always told. A failed provider call throws: the kit retries.
 */
export async function paidBefore(event: KitEvent, startedAt: number, client: PayClient): Promise<boolean> {
  // the provider's times are to the second: a payment in the start's own second is told
  const since = Math.floor(startedAt / 1000) * 1000;
  if (event.type === 'deposit.received') {
    const at = Date.parse(event.data.received_at);
    return !Number.isNaN(at) && at < since;
  }
  if (event.type !== 'invoice.paid' || !event.data.invoice_number) return false;
  const invoice = event.data.invoice_number;
  // noticed before the first start could not be: only a payment seen since is looked up
  return invoicePaidBefore(client, invoice, since);
}
