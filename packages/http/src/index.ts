// @pay-elements/http: the HTTP edge the kit (@pay-elements/server) and the emulator
// (@pay-elements/sandbox) share, Fetch-standard. The node adapter is `@pay-elements/http/node`.
export {
  BodyError,
  BodyLimitError,
  isJsonMediaType,
  readBytes,
  readJson,
  readText,
  type BodyProblem,
  type ReadJsonOptions,
} from './body.js';
export {
  clientAddress,
  DropConnection,
  plainAnswer,
  plainAnswers,
  plainClientAddress,
  plainHeader,
  putHeader,
  realResponse,
  recordClientAddress,
  requestHeader,
  setAnswerHeader,
  unreadAnswer,
  type WithPlainAnswers,
} from './answers.js';
export { allowedMethods, type AllowedMethodsOptions, type RoutePattern } from './routes.js';
