// Server-side rendering of the elements (`@pay-elements/elements/ssr`): a page that carries the view
// shows its payment details with no script and no request, and the element takes that view as its
// first. Node-safe: no DOM, no Lit. Languages other than English: import their module first
// (`@pay-elements/elements/i18n/fr`).
export { clockTime, dynamicAccountFallback, dynamicAccountHtml } from './dynamic-account.js';
export type { DynamicAccountHtmlOptions } from './dynamic-account.js';
export { escapeHtml, jsonScript } from './html.js';
export { fundingAccountFallback, fundingAccountHtml } from './funding-account.js';
export type { FundingAccountHtmlOptions } from './funding-account.js';
export { invoiceViewFallback, invoiceViewHtml } from './invoice-view.js';
export type { InvoiceViewHtmlOptions } from './invoice-view.js';
// for a server's page around an element: its amounts and dates, with the elements' own digits
export { formatMoney } from '../lib/money.js';
export { dateTimeFormat } from '../lib/intl.js';
