// What the status stream's controller and its lazily loaded connection share: the host's options and
// the stream's state. Apart from both, so that neither imports the other for its types.
import type { SessionView } from '@pay-elements/protocol';
import type { Clock } from '../lib/clock.js';
import type { StreamState } from '../lib/session-stream.js';

/** The stream's state as the host sees it; `paused`: closed while the page is hidden. */
export type SessionStreamState = StreamState | 'paused';

export interface SessionStreamOptions {
  clock: () => Clock;
  onView: (view: SessionView, version: string | null) => void;
  onState: (state: SessionStreamState) => void;
  /** How long the page may stay hidden before the stream is closed, ms; default 30 s. */
  hiddenCloseMs?: number;
}
