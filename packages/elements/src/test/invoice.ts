// Mounting <pay-invoice-view> and <pay-link> for a test (a manual clock injected before they connect,
// their events recorded from the start), and the test backend's invoice controls: create an invoice
// through the emulator's API, pay one, read the server's time.
import { InvoiceViewModel, LinkView } from '@pay-elements/protocol';
import { fixture, html } from './testing.js';
import '../define/pay-invoice-view.js';
import '../define/pay-link.js';
import type { PayInvoiceView } from '../components/invoice-view/invoice-view.js';
import type { PayLink } from '../components/link/link.js';
import { ManualClock } from '../lib/clock.js';
import { endpoint } from './backend.js';
import { EventLog } from './event-log.js';

export const invoiceEventTypes = [
  'pay-status-change',
  'pay-invoice-paid',
  'pay-error',
  'pay-copy',
  'pay-share',
] as const;
export type InvoiceEventType = (typeof invoiceEventTypes)[number];

/** Invoice tokens the merchant's server (the test backend) made, by invoice number. */
const tokens = new Map<string, string>();

/**
 * Asks the test backend for an invoice's token, as a merchant's page gets it from its server
 * (`pay.invoiceToken(number)`): `invoiceRef` answers it from then on. `createInvoice` and
 * `mountInvoice` do it for the invoices they make or show.
 */
export async function knowInvoice(number: string): Promise<string> {
  let token = tokens.get(number);
  if (token === undefined) {
    const answer = await control('/invoice-tokens', { number });
    if (
      typeof answer !== 'object' ||
      answer === null ||
      !('token' in answer) ||
      typeof answer.token !== 'string'
    )
      throw new Error(`no token in ${JSON.stringify(answer)}`);
    token = answer.token;
    tokens.set(number, token);
  }
  return token;
}

/**
 * What the tests give <pay-invoice-view> (and find in the kit's invoice URLs) for the invoice
 * numbered `number`: its token, never the number (which opens nothing). Known once `knowInvoice`
 * has asked for it.
 */
export function invoiceRef(number: string): string {
  const token = tokens.get(number);
  if (token === undefined) throw new Error(`await knowInvoice('${number}') first`);
  return token;
}

/** Lets the element finish reacting to an answer (start polling, render). */
async function settle(el: HTMLElement & { updateComplete: Promise<boolean> }): Promise<void> {
  await new Promise((resolve) => setTimeout(resolve, 0));
  await el.updateComplete;
}

/**
 * Mounts <pay-invoice-view> on the invoice numbered `number` (through `invoiceRef`) inside a wrapper
 * with `lang`, and waits for the first answer.
 */
export async function mountInvoice(
  number: string,
  options: {
    clock?: ManualClock;
    lang?: string;
    wait?: boolean;
    /** `poll` by default: the polling tests count polls; the stream's own tests ask for `push` */
    updates?: 'push' | 'poll';
  } = {},
): Promise<{ el: PayInvoiceView; clock: ManualClock; events: EventLog<InvoiceEventType> }> {
  const clock = options.clock ?? new ManualClock();
  const wrapper = await fixture<HTMLDivElement>(html`<div lang=${options.lang ?? 'en'}></div>`);
  const el = document.createElement('pay-invoice-view');
  el.clock = clock;
  el.endpoint = endpoint;
  el.token = await knowInvoice(number);
  el.updates = options.updates ?? 'poll';
  const events = new EventLog(el, invoiceEventTypes);
  const first = events.next('pay-status-change', 'pay-error');
  wrapper.append(el);
  if (options.wait !== false) {
    await first;
    await settle(el);
  }
  return { el, clock, events };
}

/** Mounts <pay-link> by id (waiting for its answer) or with its `link` data given. */
export async function mountLink(
  source: { id: string } | { link: LinkView },
  options: { clock?: ManualClock; lang?: string; currency?: string } = {},
): Promise<{ el: PayLink; clock: ManualClock; events: EventLog<InvoiceEventType> }> {
  const clock = options.clock ?? new ManualClock();
  const wrapper = await fixture<HTMLDivElement>(html`<div lang=${options.lang ?? 'en'}></div>`);
  const el = document.createElement('pay-link');
  el.clock = clock;
  el.endpoint = endpoint;
  if (options.currency) el.currency = options.currency;
  if ('id' in source) el.linkId = source.id;
  else el.link = source.link;
  const events = new EventLog(el, invoiceEventTypes);
  wrapper.append(el);
  await el.updateComplete; // the answer included
  return { el, clock, events };
}

async function control(route: string, body: unknown = {}): Promise<unknown> {
  const response = await fetch(`/_test${route}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(body),
  });
  const text = await response.text();
  if (!response.ok) throw new Error(`POST /_test${route} answered ${response.status}: ${text}`);
  const parsed: unknown = text ? JSON.parse(text) : null;
  return typeof parsed === 'object' && parsed !== null && 'data' in parsed ? parsed.data : parsed;
}

/** The number of a record answered by the emulator's POST /v1/invoices. */
function invoiceNumberOf(record: unknown): string {
  if (typeof record === 'object' && record !== null && 'invoice_number' in record) {
    const number = record.invoice_number;
    if (typeof number === 'string') return number;
  }
  throw new Error(`not an invoice record: ${JSON.stringify(record)}`);
}

const day = 86_400_000;

/**
 * A new NGN invoice in the emulator (through its POST /v1/invoices): two items, a 10 % discount and a
 * flat fee, due `dueInDays` after the server's now (negative: already past due), with `note`.
 */
export async function createInvoice(options: { note?: string; dueInDays?: number } = {}): Promise<string> {
  const now = await serverNow();
  const record = await control('/invoices', {
    email: 'ada.obi@example.com',
    note: options.note ?? '',
    items: [
      { name: 'Tailoring (2 hours)', unit_price: 7500, quantity: 2, currency: 'NGN', total: 15000 },
      { name: 'Fabric', unit_price: 4250.5, quantity: 1, currency: 'NGN', total: 4250.5 },
    ],
    charges: {
      discount: { amount: '10', type: 'percentage', enabled: true },
      fee: { amount: '500.00', type: 'flat', enabled: true },
    },
    payment_schedule: {
      type: 'one_time',
      due_date: new Date(now + (options.dueInDays ?? 7) * day).toISOString(),
    },
  });
  const number = invoiceNumberOf(record);
  await knowInvoice(number);
  return number;
}

/** Pays an invoice in the emulator (its `invoice.paid` webhook has reached the kit when this answers). */
export async function payInvoice(number: string): Promise<void> {
  await control(`/invoices/${encodeURIComponent(number)}/pay`);
}

/** The emulator's (= the kit's) clock now, epoch ms. */
export async function serverNow(): Promise<number> {
  const answer = await control('/clock', { advance_minutes: 0 });
  if (typeof answer === 'object' && answer !== null && 'now' in answer && typeof answer.now === 'string')
    return Date.parse(answer.now);
  throw new Error(`no time in ${JSON.stringify(answer)}`);
}

/** The kit's answer for an invoice, parsed, as a page would get it. */
export async function kitInvoice(number: string): Promise<InvoiceViewModel> {
  await knowInvoice(number);
  const response = await fetch(`${endpoint}/invoices/${encodeURIComponent(invoiceRef(number))}`);
  return InvoiceViewModel.parse(await response.json());
}

/** The kit's answer for a payment link, parsed. */
export async function kitLink(id: string): Promise<LinkView> {
  const response = await fetch(`${endpoint}/links/${encodeURIComponent(id)}`);
  return LinkView.parse(await response.json());
}
