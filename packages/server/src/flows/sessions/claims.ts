// "I've sent the money" (issue 44): `POST /sessions/{id}/claim`. The shopper says the transfer has
// left their bank. A claim pays nothing: it records `claimed_at` once (a second claim answers the
// same view), fires the kit event `session.claimed`, asks the watcher for a few extra reads (at claim
// +1, +3 and +10 minutes on the kit's clock: one merchant-wide check each, however many pages poll),
// and keeps the session `pending` past `expires_at` for the grace (`claimGraceMinutes`), in which a
// transfer that left in time still pays it; after the grace it expires as an unclaimed one does.
// Limited per client and per session by the kit's request limiter (`claimRateLimit`).
import { endpoints } from '@pay-elements/protocol';
import type { Clock } from '../../clock.js';
import { HttpError } from '../../errors.js';
import type { EventsOf, Kit } from '../../flow.js';
import type { Route } from '../../http/router.js';
import type { Logger } from '../../log.js';
import { heldOf } from '../../provider/claims.js';
import type { RequestLimiter } from '../../provider/rate-limit.js';
import type { RecordPart } from '../../store/contract.js';
import { CHANGED, RECORDS, pendingEntry, sessionOf, stored, type SessionRecord } from './book.js';
import type { sessionEvents } from './events.js';

const MINUTE = 60_000;
/** The extra reads a claim asks for, after the claim on the kit's clock. */
export const CLAIM_READS_MS = [1 * MINUTE, 3 * MINUTE, 10 * MINUTE] as const;

/** What a claim is told about a session's timing. */
type Timed = Pick<SessionRecord, 'expiresAt' | 'claimedAt'>;

/** Until when a session may still be paid: its expiry, or for a claimed one its expiry and the grace. */
export function payableUntil(session: Timed, graceMs: number): number {
  return Date.parse(session.expiresAt) + (session.claimedAt ? graceMs : 0);
}

/** The latest of a claimed session's extra reads due by `now` (ms), or undefined (none, or unclaimed). */
export function claimReadDue(session: Pick<SessionRecord, 'claimedAt'>, now: number): number | undefined {
  if (!session.claimedAt) return undefined;
  const at = Date.parse(session.claimedAt);
  let due: number | undefined;
  for (const after of CLAIM_READS_MS) if (at + after <= now) due = at + after;
  return due;
}

/** The kit event of a claim, as the merchant's onEvent and other flows receive it. */
function claimedEvent(session: SessionRecord, now: number): EventsOf<typeof sessionEvents> {
  return {
    id: `session.claimed.${session.id}.${session.reference}`,
    type: 'session.claimed',
    created_at: new Date(now).toISOString(),
    data: {
      session_id: session.id,
      order_id: session.orderId,
      customer_id: session.customerId,
      amount: session.amount,
      currency: session.currency,
      reference: session.reference,
      expires_at: session.expiresAt,
      claimed_at: session.claimedAt ?? null,
    },
  };
}

export interface SessionClaimsOptions {
  records: RecordPart;
  transition: Kit['transition'];
  clock: Clock;
  /** claims per client and per session; null when the merchant turned it off */
  limiter: RequestLimiter | null;
  /** told of each claim this instance recorded */
  count: (event: string) => void;
}

/** Records claims: once per session's account, never on a paid or expired one. */
export class SessionClaims {
  constructor(private readonly options: SessionClaimsOptions) {}

  /**
   * The session claimed: `claimedAt` set now unless it was already (then as it was). 404 for no such
   * session, 409 for a paid or expired one (or a pending one whose account has expired unclaimed),
   * 429 past the client's or the session's limit.
   */
  async claim(id: string, request: Request, log: Logger): Promise<SessionRecord> {
    const { records, clock } = this.options;
    // before the store is read: a client claiming in a loop costs it nothing past its limit
    this.#spend(request, id, log);
    for (;;) {
      const held = await records.get(RECORDS, id);
      if (!held) throw new HttpError('not_found', 'No such session.');
      const session = sessionOf(held.value);
      if (session.claimedAt && session.status === 'pending') return session;
      if (session.status === 'paid') throw new HttpError('conflict', 'The session is already paid.');
      const now = clock.now();
      if (session.status === 'expired' || now >= Date.parse(session.expiresAt))
        throw new HttpError('conflict', 'The session has expired: renew it for a new account.');
      const claimed: SessionRecord = { ...session, claimedAt: new Date(now).toISOString() };
      const done = await this.options.transition({
        writes: [
          { collection: RECORDS, key: id, value: stored(claimed, heldOf(held.value)), expect: held.version },
          pendingEntry(claimed),
        ],
        announce: [`${CHANGED}${id}`],
        events: [claimedEvent(claimed, now)],
      });
      if (done) {
        this.options.count('claimed');
        log.info('session claimed', { sessionId: id });
        return claimed;
      }
      // the record changed between the read and the commit (paid, another claim): read it again
    }
  }

  /** Takes a claim from the client's and the session's allowance, or answers 429. */
  #spend(request: Request, id: string, log: Logger): void {
    const decision = this.options.limiter?.take(request, id, log);
    if (decision && !decision.allowed)
      throw new HttpError('rate_limited', `Too many claims. Try again in ${decision.retryAfterSeconds} s.`, {
        headers: { 'retry-after': String(decision.retryAfterSeconds) },
      });
  }
}

/** `POST /sessions/{id}/claim`: the claimed session's view. */
export function claimRoute(options: {
  claims: SessionClaims;
  maxBodyBytes: number;
  answer: (session: SessionRecord) => Response;
}): Route {
  return {
    ...endpoints.claim,
    maxBodyBytes: options.maxBodyBytes,
    async handle({ request, params, log }) {
      return options.answer(await options.claims.claim(params['id'] ?? '', request, log));
    },
  };
}
