// The session view's display fields (merchant, order title and reference, the way back to the shop):
// the kit's `merchant` option with what `resolveOrder` answered for the order on top. What the order
// gave is stored with the session, so every instance (and every restart) shows the same view.
import type { SessionDisplay, SessionMerchant } from '@pay-elements/protocol';
import type { SessionRecord } from '../store/parts.js';

/** The display fields of a session: its order's, with the kit's merchant where the order names none. */
export function sessionDisplay(
  merchant: SessionMerchant | undefined,
  session: SessionRecord,
): SessionDisplay {
  const given = session.display;
  const shown = given?.merchant ?? merchant;
  return {
    ...(shown ? { merchant: shown } : {}),
    ...(given?.order ? { order: given.order } : {}),
    ...(given?.return_url ? { return_url: given.return_url } : {}),
  };
}
