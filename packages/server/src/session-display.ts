// The session view's display fields (merchant, order title and reference, the way back to the shop):
// the kit's `merchant` option with what `resolveOrder` answered for the order on top. They are kept per
// session for the life of the process; a session created elsewhere (another instance, before a
// restart) has its order resolved again once, on its first view.
import { SessionDisplay, type SessionMerchant } from '@pay-elements/protocol';
import type { Order } from './config.js';
import { describeError, type Logger } from './log.js';
import type { SessionRecord } from './store/types.js';

/** The most sessions whose display fields are kept at once (the oldest go first). */
const MAX_KEPT = 10_000;

export interface SessionDisplaySource {
  /** Remembers the display of a session just created from `order`. */
  remember(sessionId: string, order: Order): void;
  /** The display fields of a session, resolving its order again when they are not known here. */
  of(session: SessionRecord): Promise<SessionDisplay>;
}

export function sessionDisplay(options: {
  merchant: SessionMerchant | undefined;
  resolveOrder: (orderId: string) => Order | null | Promise<Order | null>;
  logger: Logger;
}): SessionDisplaySource {
  const kept = new Map<string, SessionDisplay>();

  function displayOf(given: SessionDisplay | undefined): SessionDisplay {
    const merchant = given?.merchant ?? options.merchant;
    return {
      ...(merchant ? { merchant } : {}),
      ...(given?.order ? { order: given.order } : {}),
      ...(given?.return_url ? { return_url: given.return_url } : {}),
    };
  }

  function keep(id: string, display: SessionDisplay): SessionDisplay {
    if (kept.size >= MAX_KEPT) {
      const oldest = kept.keys().next();
      if (!oldest.done) kept.delete(oldest.value);
    }
    kept.set(id, display);
    return display;
  }

  return {
    remember(sessionId, order) {
      keep(sessionId, displayOf(order.display));
    },
    async of(session) {
      const known = kept.get(session.id);
      if (known) return known;
      try {
        const answered = await options.resolveOrder(session.orderId);
        // an invalid display is refused when a session is created; here it only loses its extras
        const parsed = SessionDisplay.safeParse(answered?.display);
        return keep(session.id, displayOf(parsed.success ? parsed.data : undefined));
      } catch (error) {
        options.logger.warn('resolveOrder failed for a session view; shown without order details', {
          sessionId: session.id,
          error: describeError(error),
        });
        return displayOf(undefined);
      }
    },
  };
}
