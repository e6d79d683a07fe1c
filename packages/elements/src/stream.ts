// A page's status streams without the elements (`@pay-elements/elements/stream`): a small entry (the
// stream code, the protocol's guards and the backend paths; no Lit) for a page that knows its session
// before the elements' code has arrived, so that the stream opens while that code downloads.
export { openSessionStream } from './lib/session-stream.js';
