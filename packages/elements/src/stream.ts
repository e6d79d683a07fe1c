// A page's status streams without the elements (`@pay-elements/elements/stream`): a small entry (the
// stream code, the protocol's guards and the backend paths; no Lit) for a page that knows its session
// before the elements' code has arrived, so that the stream opens while that code downloads.
import { openSessionStream as open } from './lib/session-stream.js';
import { sessionStreamProtocol } from './lib/session-stream-protocol.js';

/**
 * Opens the session's status stream ahead of the elements that will show it: the first element that
 * listens joins it; let go of then, or after `waitMs` (10 s) if none does (lib/session-stream.ts).
 */
export function openSessionStream(endpoint: string, session: string, waitMs?: number): void {
  open(sessionStreamProtocol, endpoint, session, waitMs);
}
