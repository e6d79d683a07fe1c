// The protocol as the status stream reads it (lib/session-stream.ts): the session's events URL, and a
// `session` event's data checked by the guards like a polled answer. With the elements' first load
// (which has the guards and the paths already), handed to the stream's code when it loads.
import type { SessionView } from '@pay-elements/protocol';
import { readSessionView, sessionEventsPath } from '@pay-elements/protocol/guards';
import { endpointUrl, refusedBy } from './backend.js';
import type { StreamProtocol } from './session-stream.js';

export const sessionStreamProtocol: StreamProtocol = {
  url: (endpoint, session) =>
    new URL(endpointUrl(endpoint, sessionEventsPath(session)), document.baseURI).href,
  parse(data: string, url: string): SessionView | null {
    try {
      return readSessionView(JSON.parse(data), refusedBy(`the "session" event of ${url}`));
    } catch {
      return null;
    }
  },
};
