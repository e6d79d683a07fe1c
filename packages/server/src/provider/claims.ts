// What every claim the kit makes in the store shares (an order's account, a session's renewal, a
// customer's own accounts): a random token per caller, a claim stale once its lease runs out on the
// clock, and the wait of the callers who find it held: looking again less and less often (20 ms,
// doubling, at most 500 ms, real time), and giving up with a 503 past a time bound.
import { randomBytes } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import type { Clock } from '../clock.js';
import { HttpError } from '../errors.js';
import type { Claim } from '../store/parts.js';

/** The first look again at another's claim, and the longest between two looks (real time), ms. */
const FIRST_LOOK_MS = 20;
const LONGEST_LOOK_MS = 500;

/** The token of one caller's claims. */
export function newClaimToken(): string {
  return randomBytes(12).toString('base64url');
}

/** A claim made now by `token`, stale once it has not been renewed for `leaseMs` on the clock. */
export function claimNow(clock: Clock, token: string, leaseMs: number): Claim {
  const now = clock.now();
  return { token, now, staleBefore: now - leaseMs };
}

/**
 * Waits before the `look`-th look again at another's claim; past `timeoutMs` since `startedAt` (real
 * time) the caller gives up: 503 with Retry-After and `message`.
 */
export async function waitForClaim(
  startedAt: number,
  look: number,
  timeoutMs: number,
  message: string,
): Promise<void> {
  const waited = Date.now() - startedAt;
  if (waited > timeoutMs)
    throw new HttpError('upstream_unavailable', message, { headers: { 'retry-after': '1' } });
  const pause = Math.min(LONGEST_LOOK_MS, FIRST_LOOK_MS * 2 ** Math.min(look, 10));
  await sleep(Math.max(1, Math.min(pause, timeoutMs - waited + 1)));
}
