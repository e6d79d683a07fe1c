// @pay-elements/service: the kit as a program any backend calls (bin `pay-service`), and its pieces for
// a Node server of one's own: its configuration from the environment, the provider or the emulator,
// the store. The operations are at `@pay-elements/service/operations`, the hosted pages at `/hosted`.
export { startService, merchantOf, receiptSenderOf, type Service, type ServiceOptions } from './app.js';
export { smtpReceiptSender, type ReceiptSender } from './mail/smtp.js';
export { writeReceiptMail, type WrittenMail } from './mail/receipt-mail.js';
export {
  commonChecks,
  commonEnv,
  ConfigError,
  configSecrets,
  EMULATOR_BANNER,
  emulatorMode,
  hostOrigin,
  isLoopback,
  parseEnv,
  readServiceConfig,
  type CommonConfig,
  type ServiceConfig,
} from './config.js';
export { receiptOptions, type KitEvent, type PayEvent, type PayEventType } from './kit.js';
export { demoLifetime, removeSqliteFile, type DemoLifetime } from './lifetime.js';
export { DEFAULT_RETRY_MS, type NotificationRecord } from './notify/notifier.js';
export {
  checkProvider,
  requireProviderKey,
  startProvider,
  type Provider,
  type ProviderCheck,
  type ProviderConfig,
  type ProviderOptions,
} from './provider.js';
export { openStore, sandboxDataFile } from './stores.js';
