// @pay-elements/sandbox: a stateful local emulator of the Business Payments API.
export { createClock, type ClockOptions, type SandboxClock } from './clock.js';
export {
  createSandbox,
  DEFAULT_API_KEY,
  DEFAULT_RESTRICTED_KEY,
  DEFAULT_WEBHOOK_SECRET,
  type SandboxHandler,
  type SandboxOptions,
} from './sandbox.js';
export { startSandbox, DEFAULT_HOST, DEFAULT_PORT, type Sandbox, type StartOptions } from './server.js';
export { toNodeListener } from './node-listener.js';
export { sandboxOptionsFromEnv, SandboxConfigError, ConfigError } from './config.js';
export {
  SandboxControl,
  SandboxControlError,
  type AccountOverview,
  type CardView,
  type Delivery,
  type Fault,
} from './control-client.js';
export type {
  CreateCustomerBody,
  FaultBody,
  IssueCardBody,
  ScenarioName,
  TransferBody,
} from './control-schemas.js';
export { DEFAULT_CARD_BALANCE } from './resources/cards.js';
export { RETRY_SCHEDULE_MS } from './webhooks.js';
export { StateFileError } from './persist.js';
export type { SandboxLogger } from './context.js';
export { fixtures } from './fixtures.js';
export { BODY_LIMIT } from './app.js';
