// @pay-elements/service/operations: what makes a node:http server of the kit behave as a service in
// production, for the service itself and for a merchant's own server (server-example): the listening
// socket with its connection cap and timeouts, request ids and JSON logs, the security headers,
// compressed files, the metrics listener, the sweeper, readiness that knows saturation, and the drain.
export { clientKeys, type ClientKeys } from './client-key.js';
export {
  compressedFiles,
  compressedPage,
  isCompressible,
  negotiate,
  pageCompression,
} from './compression.js';
export type { Compressed, CompressedFiles, Encoding } from './compression.js';
export {
  answerHeaders,
  dispatch,
  logHandlerError,
  type DispatchOptions,
  type KitListener,
} from './dispatch.js';
export {
  connectionCap,
  crowdedAt,
  perClientShare,
  spareConnections,
  type ConnectionCap,
} from './connection-cap.js';
export { listen, listenThen, type Gate, type GateConfig, type Listening, type NodeListener } from './gate.js';
export {
  contentSecurityPolicy,
  contentSecurityPolicyWith,
  forwardedClient,
  forwardedHttps,
  lockedDownHeaders,
  lockedDownPolicy,
  logoSources,
  newNonce,
  securityHeaders,
  trustedTypePolicies,
} from './headers.js';
export { KEY_CHECK_EVERY_MS, keyAware, saturationAware, type KeyCheckOptions } from './health.js';
export {
  createLogger,
  nameRequest,
  requestFields,
  requestIdOf,
  sameRequestId,
  type LogFormat,
} from './logging.js';
export { startMetrics, type MetricsListener } from './metrics.js';
export { NOT_FOUND_LIMIT, notFoundLimit, writeError, type NotFoundLimit } from './not-found-limit.js';
export { exitOnUncaught, failedToStart, stopOnSignals } from './process.js';
export { closeServer, drainAndStop, within, type StopOptions } from './shutdown.js';
export { fileAnswer, immutable, readStatic, requestedRange, type StaticFile } from './static.js';
export { startSweeper } from './sweeper.js';
