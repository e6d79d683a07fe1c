// Made by `npm run generate -w @pay-elements/protocol` from the route table (route-table.ts): do not
// edit. One function a route, so that an element’s bundle carries only the paths it asks for.

/** A pattern with its one parameter filled in, percent-encoded. */
function fill(pattern: string, value: string): string {
  return pattern.replace(/:[a-z]+/, () => encodeURIComponent(value));
}

/** `GET /banks/:country`: A country's banks */
export const banksPath = (country: string): string => fill('/banks/:country', country);
/** `POST /banks/suggest`: The banks an account number is known at */
export const suggestPath = '/banks/suggest';
/** `GET /funding/:token`: A customer's own accounts and latest deposits, by the customer's token */
export const fundingPath = (token: string): string => fill('/funding/:token', token);
/** `GET /funding/:token/events`: A customer's accounts and deposits as Server-Sent Events */
export const fundingEventsPath = (token: string): string => fill('/funding/:token/events', token);
/** `GET /invoices/:token`: An invoice, by its token */
export const invoicePath = (token: string): string => fill('/invoices/:token', token);
/** `GET /invoices/:token/events`: An invoice's status as Server-Sent Events */
export const invoiceEventsPath = (token: string): string => fill('/invoices/:token/events', token);
/** `GET /links/:id`: A payment link */
export const linkPath = (id: string): string => fill('/links/:id', id);
/** `GET /receipts/:token`: A receipt, by its token (from `receipt_url`) */
export const receiptPath = (token: string): string => fill('/receipts/:token', token);
/** `POST /sessions`: The order's one session: opened now (201), or the one it has (200) */
export const sessionsPath = '/sessions';
/** `GET /sessions/:id`: A session */
export const sessionPath = (id: string): string => fill('/sessions/:id', id);
/** `GET /sessions/:id/events`: A session's status as Server-Sent Events */
export const sessionEventsPath = (id: string): string => fill('/sessions/:id/events', id);
/** `POST /sessions/:id/renew`: A new single-use account for an expired session */
export const renewPath = (id: string): string => fill('/sessions/:id/renew', id);
/** `POST /sessions/:id/claim`: "I've sent the money": the session is watched closely and waits for the transfer */
export const claimPath = (id: string): string => fill('/sessions/:id/claim', id);
/** `POST /webhooks`: The provider's events (Standard Webhooks), not a route the elements call */
export const webhooksPath = '/webhooks';

/** Every route’s path function (or path), by the route’s name. */
export const routePaths = {
  banks: banksPath,
  suggest: suggestPath,
  funding: fundingPath,
  fundingEvents: fundingEventsPath,
  invoice: invoicePath,
  invoiceEvents: invoiceEventsPath,
  link: linkPath,
  receipt: receiptPath,
  createSession: sessionsPath,
  session: sessionPath,
  events: sessionEventsPath,
  renew: renewPath,
  claim: claimPath,
  webhooks: webhooksPath,
} as const;

/** @deprecated since 0.2.0: `routePaths` (whose `createSession` was `sessions`). */
export const routes = routePaths;
