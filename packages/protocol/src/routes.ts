/**
 * The protocol's endpoints under the kit's base path: method and path pattern (`:name` for a
 * parameter), defined once. The kit routes by the patterns; the browser builds paths with `routes`.
 */
export const endpoints = {
  createSession: { method: 'POST', path: '/sessions' },
  session: { method: 'GET', path: '/sessions/:id' },
  renew: { method: 'POST', path: '/sessions/:id/renew' },
  /** Server-Sent Events: `event: session`, `id:` the view's version, `data:` the session view */
  events: { method: 'GET', path: '/sessions/:id/events' },
  invoice: { method: 'GET', path: '/invoices/:token' },
  /** Server-Sent Events: `event: invoice`, `id:` the view's version, `data:` the invoice view */
  invoiceEvents: { method: 'GET', path: '/invoices/:token/events' },
  /** a customer's permanent accounts and latest deposits; the token is signed for one customer */
  funding: { method: 'GET', path: '/funding/:token' },
  /** Server-Sent Events: `event: funding`, `id:` the view's version, `data:` the funding view */
  fundingEvents: { method: 'GET', path: '/funding/:token/events' },
  link: { method: 'GET', path: '/links/:id' },
  banks: { method: 'GET', path: '/banks/:country' },
  suggest: { method: 'POST', path: '/banks/suggest' },
  webhooks: { method: 'POST', path: '/webhooks' },
} as const;

/** A pattern with its one parameter filled in, percent-encoded. */
function fill(pattern: string, value: string): string {
  return pattern.replace(/:[a-z]+/, () => encodeURIComponent(value));
}

/** Route paths under the kit's base path, built from `endpoints` so that neither side spells them twice. */
export const routes = {
  sessions: endpoints.createSession.path,
  session: (id: string) => fill(endpoints.session.path, id),
  renew: (id: string) => fill(endpoints.renew.path, id),
  /** Server-Sent Events: `event: session`, `id:` the view's version, `data:` the session view */
  events: (id: string) => fill(endpoints.events.path, id),
  /** `token`: the invoice's signed handle, from the merchant's kit (`pay.invoiceToken(number)`) */
  invoice: (token: string) => fill(endpoints.invoice.path, token),
  invoiceEvents: (token: string) => fill(endpoints.invoiceEvents.path, token),
  /** `token`: the customer's signed handle, from the merchant's kit (`pay.fundingToken(customerId)`) */
  funding: (token: string) => fill(endpoints.funding.path, token),
  fundingEvents: (token: string) => fill(endpoints.fundingEvents.path, token),
  link: (id: string) => fill(endpoints.link.path, id),
  banks: (country: string) => fill(endpoints.banks.path, country),
  suggest: endpoints.suggest.path,
  webhooks: endpoints.webhooks.path,
} as const;
