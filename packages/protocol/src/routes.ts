// The protocol's endpoints under the kit's base path: each route's path pattern (`:name` for a
// parameter) defined once. The kit routes by the patterns (`endpoints`); the browser builds paths
// with one function per route (`sessionPath`…), so that an element's bundle carries only its own.

const SESSIONS = '/sessions';
const SESSION = '/sessions/:id';
const RENEW = '/sessions/:id/renew';
const EVENTS = '/sessions/:id/events';
// ── claim (issue 44): "I've sent the money" ──
const CLAIM = '/sessions/:id/claim';
const INVOICE = '/invoices/:token';
const INVOICE_EVENTS = '/invoices/:token/events';
const FUNDING = '/funding/:token';
const FUNDING_EVENTS = '/funding/:token/events';
const RECEIPT = '/receipts/:token';
const LINK = '/links/:id';
const BANKS = '/banks/:country';
const SUGGEST = '/banks/suggest';
const WEBHOOKS = '/webhooks';

/** Each endpoint's method and path pattern, as the kit mounts them. */
export const endpoints = {
  createSession: { method: 'POST', path: SESSIONS },
  session: { method: 'GET', path: SESSION },
  renew: { method: 'POST', path: RENEW },
  /** "I've sent the money": marks the session claimed (`claimed_at`); idempotent, never pays */
  claim: { method: 'POST', path: CLAIM },
  /** Server-Sent Events: `event: session`, `id:` the view's version, `data:` the session view */
  events: { method: 'GET', path: EVENTS },
  /** an invoice by its token (`pay.invoiceToken(number)`), never its number */
  invoice: { method: 'GET', path: INVOICE },
  /** Server-Sent Events: `event: invoice`, `id:` the view's version, `data:` the invoice view */
  invoiceEvents: { method: 'GET', path: INVOICE_EVENTS },
  /** a customer's permanent accounts and latest deposits; the token is signed for one customer */
  funding: { method: 'GET', path: FUNDING },
  /** Server-Sent Events: `event: funding`, `id:` the view's version, `data:` the funding view */
  fundingEvents: { method: 'GET', path: FUNDING_EVENTS },
  /** a receipt by its token (`pay.receiptToken(…)`); it never changes once made */
  receipt: { method: 'GET', path: RECEIPT },
  link: { method: 'GET', path: LINK },
  banks: { method: 'GET', path: BANKS },
  suggest: { method: 'POST', path: SUGGEST },
  webhooks: { method: 'POST', path: WEBHOOKS },
} as const;

/** A pattern with its one parameter filled in, percent-encoded. */
function fill(pattern: string, value: string): string {
  return pattern.replace(/:[a-z]+/, () => encodeURIComponent(value));
}

export const sessionsPath = SESSIONS;
export const sessionPath = (id: string) => fill(SESSION, id);
export const renewPath = (id: string) => fill(RENEW, id);
/** "I've sent the money": `POST {}`, answers the session view with `claimed_at` */
export const claimPath = (id: string) => fill(CLAIM, id);
/** Server-Sent Events: `event: session`, `id:` the view's version, `data:` the session view */
export const sessionEventsPath = (id: string) => fill(EVENTS, id);
/** `token`: the invoice's signed handle, from the merchant's kit (`pay.invoiceToken(number)`) */
export const invoicePath = (token: string) => fill(INVOICE, token);
export const invoiceEventsPath = (token: string) => fill(INVOICE_EVENTS, token);
/** `token`: the customer's signed handle, from the merchant's kit (`pay.fundingToken(customerId)`) */
export const fundingPath = (token: string) => fill(FUNDING, token);
export const fundingEventsPath = (token: string) => fill(FUNDING_EVENTS, token);
/** `token`: the receipt's signed handle, from the session or invoice view's `receipt_url` */
export const receiptPath = (token: string) => fill(RECEIPT, token);
export const linkPath = (id: string) => fill(LINK, id);
export const banksPath = (country: string) => fill(BANKS, country);
export const suggestPath = SUGGEST;
export const webhooksPath = WEBHOOKS;

/** Every route path under the kit's base path, as one table. */
export const routes = {
  sessions: sessionsPath,
  session: sessionPath,
  renew: renewPath,
  claim: claimPath,
  events: sessionEventsPath,
  invoice: invoicePath,
  invoiceEvents: invoiceEventsPath,
  funding: fundingPath,
  fundingEvents: fundingEventsPath,
  receipt: receiptPath,
  link: linkPath,
  banks: banksPath,
  suggest: suggestPath,
  webhooks: webhooksPath,
} as const;
