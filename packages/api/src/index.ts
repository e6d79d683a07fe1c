// @pay-elements/api: the typed server-side client of the Business Payments API, its schemas,
// errors, the conventions chosen where the spec is silent, and the webhook helpers.
export { PayClient } from './client.js';
export {
  LOCAL_SANDBOX_BASE_URL,
  DEFAULT_MAX_RETRIES,
  DEFAULT_TIMEOUT_MS,
  type ClientOptions,
  type FetchLike,
  type RequestOptions,
} from './core/options.js';
export { MAX_PAGES, paginate, type PaginateOptions } from './core/pagination.js';
export type { DeepPartial } from './internal/resolve-conventions.js';
export {
  BACKOFF_BASE_MS,
  BACKOFF_CAP_MS,
  RETRY_AFTER_CAP_MS,
  isRetryableStatus,
  isSafeToRepeat,
} from './internal/retry.js';
export { LOCAL_STATUS } from './internal/validation.js';
export type { Banks } from './resources/banks.js';
export type { Cards } from './resources/cards.js';
export type { Customers } from './resources/customers.js';
export type { Invoices } from './resources/invoices.js';
export type { Links } from './resources/links.js';
export type { Payments } from './resources/payments.js';
export type { Transactions } from './resources/transactions.js';
export type { VirtualAccounts } from './resources/virtual-accounts.js';
export type { Wallets } from './resources/wallets.js';
export * from './core/conventions.js';
export * from './core/error.js';
export { providerOperation } from './core/operations.js';
export * from './schemas/common.js';
export * from './schemas/resources.js';
export * from './schemas/requests.js';
export * from './webhooks.js';
export * as decimal from './decimal.js';
export type { ChargeAmount, Decimal } from './decimal.js';
