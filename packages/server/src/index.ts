// @pay-elements/server: the backend kit. Widget endpoints as a Fetch-standard handler, the store's
// contract by part and its memory implementation, the payment watcher. The other stores live at
// `@pay-elements/server/sqlite`, `/postgres` and `/d1`, the node:http adapter at `/node`.
export { createPayHandler, type PayHandler } from './handler.js';
export { createHealth, type Health, type HealthOptions } from './health.js';
export type { PayObserver, WebhookOutcome } from './observer.js';
export {
  HttpError,
  PayConfigError,
  PayError,
  ProviderUnavailableError,
  StoreUnavailableError,
} from './errors.js';
export { isStoreUnavailable } from './store/errors.js';
export {
  MAX_BANK_CACHE_MS,
  optionsTable,
  type AccountRateLimitOptions,
  type CircuitBreakerOptions,
  type OptionRow,
  type BankSuggestionOptions,
  type Clock,
  type Order,
  type OrderContext,
  type PayHandlerOptions,
  type WebhookVerifier,
  type WebhookVerifyInput,
} from './options.js';
export {
  buildInvoiceView,
  invoiceStatus,
  type InvoiceDiscrepancy,
  type StableInvoiceView,
} from './routes/invoice-view.js';
export { buildLinkView, linkStatus } from './routes/links.js';
export { countryCode, sortBanks } from './routes/banks.js';
export { errorAnswer, errorBody } from './http/answers.js';
export { isCrossSite } from './http/browser-guard.js';
export { issueFields, WEBHOOK_BODY_LIMIT, WIDGET_BODY_LIMIT } from './http/input.js';
export {
  defaultLogger,
  describeError,
  fromPino,
  redactingLogger,
  type FieldsFirstLogger,
  type LogFields,
  type Logger,
  withFields,
} from './log.js';
export { tokenFingerprint, tokenPathMasker } from './tokens.js';
export { addressKey } from './provider/rate-limit.js';
export { PaymentWatcher, creditPays, type Credit } from './provider/watcher.js';
export { stableView, type StableSessionView } from './routes/session-view.js';
export { MemoryStore } from './store/memory.js';
export type {
  ChangeFeedPart,
  Claim,
  OrderClaim,
  OutboxKind,
  OutboxPart,
  PaidMark,
  PayStore,
  ProviderCallKind,
  ProviderWait,
  Renewal,
  SessionAccountRecord,
  SessionPart,
  SessionRecord,
  WatchPart,
  WatchState,
  WebhookEventPart,
} from './store/parts.js';
