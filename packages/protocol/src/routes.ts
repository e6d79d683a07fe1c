/** Route paths under the kit's base path, shared so that neither side spells them twice. */
export const routes = {
  sessions: '/sessions',
  session: (id: string) => `/sessions/${encodeURIComponent(id)}`,
  renew: (id: string) => `/sessions/${encodeURIComponent(id)}/renew`,
  /** Server-Sent Events: `event: session`, `id:` the view's version, `data:` the session view */
  events: (id: string) => `/sessions/${encodeURIComponent(id)}/events`,
  invoice: (number: string) => `/invoices/${encodeURIComponent(number)}`,
  link: (id: string) => `/links/${encodeURIComponent(id)}`,
  banks: (country: string) => `/banks/${encodeURIComponent(country)}`,
  suggest: '/banks/suggest',
  webhooks: '/webhooks',
} as const;
