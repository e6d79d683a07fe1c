// @pay-elements/server: the backend kit. Widget endpoints as a Fetch-standard handler made of flows,
// the store's contract and its memory implementation, the payment watcher. The other stores live at
// `@pay-elements/server/sqlite`, `/postgres` and `/d1`, the node:http adapter at `/node`, the store
// conformance suites at `/conformance`, Prometheus metrics at `/metrics`.
export { createPayHandler, type PayHandler, type PayHandlerCore, type PayHandlerOptions } from './handler.js';
export type {
  CreditCheck,
  CreditContext,
  CreditOutcome,
  Flow,
  FlowDelivery,
  FlowParts,
  Kit,
  AnyKitEvent,
  EventCatalogue,
  EventDeclaration,
  EventsOf,
  PayEvent,
} from './flow.js';
export { eventCatalogue, kitEventTypes, type KitEvent, type KitEventType } from './flows/index.js';
export { HOST_EVENTS_TOPIC, type EventDeliveries } from './outbox/events.js';
export { createHealth, type Health, type HealthOptions } from './health.js';
export type { PayObserver, WebhookOutcome } from './observer.js';
export {
  HttpError,
  PayConfigError,
  PayError,
  ProviderDataError,
  ProviderUnavailableError,
  StoreContractError,
  StoredDataError,
  StoreUnavailableError,
} from './errors.js';
export { isProviderDown, isStoreUnavailable } from './errors.js';
export { checkCommit } from './store/commit-check.js';
export {
  MAX_BANK_CACHE_MS,
  type CircuitBreakerOptions,
  type Clock,
  type OptionRow,
  type WebhookVerifier,
  type WebhookVerifyInput,
} from './options.js';
export { errorAnswer, errorBody } from './http/answers.js';
export { failureAnswer } from './http/failures.js';
export { isCrossSite } from './http/browser-guard.js';
export { issueFields, issueMessage, WIDGET_BODY_LIMIT } from './http/input.js';
export { addressKey, TokenBucketLimiter, type RateDecision } from './provider/rate-limit.js';
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
export { PaymentWatcher } from './provider/watcher.js';
export { tokenFingerprint, tokenPathMasker } from './http/token-paths.js';
export { MemoryStore } from './store/memory.js';
export {
  recordKey,
  type ChangeFeedPart,
  type Commit,
  type Json,
  type OncePart,
  type OutboxEntry,
  type OutboxOwed,
  type OutboxPart,
  type PayStore,
  type RecordPart,
  type RecordWrite,
  type StoredRecord,
} from './store/contract.js';
// what the flows' callbacks and options are given and take
export type { Order, OrderContext, AccountRateLimitOptions } from './flows/sessions/options.js';
export type { SessionAccountRecord, SessionRecord, Shopper } from './flows/sessions/book.js';
export type { PaidEmail } from './flows/sessions/paid-email.js';
export type { BankSuggestionOptions } from './flows/banks/index.js';
export type { DepositRecord, FundingAccountRecord } from './flows/funding/book.js';
export type { FundingCustomer } from './flows/funding/accounts.js';
export type { FundingOptions } from './flows/funding/index.js';
