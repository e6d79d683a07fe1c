// Claims with a lease, kept in the store's records: the right to do work that several requests or
// instances could start at once (opening an order's account, a session's renewal, a customer's own
// accounts), taken by compare-and-set on the record that will hold the work's result. A random token
// per caller; a claim grows stale once its holder stops renewing it (its lease runs out on the clock),
// and may then be taken over. Callers who find it held look again less and less often (20 ms,
// doubling, at most 500 ms, real time) and give up with a 503 past a time bound.
import { randomBytes } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import type { Clock } from '../clock.js';
import { HttpError } from '../errors.js';
import type { Json, RecordPart } from '../store/contract.js';

/** The first look again at another's claim, and the longest between two looks (real time), ms. */
const FIRST_LOOK_MS = 20;
const LONGEST_LOOK_MS = 500;

/** A claim as a caller makes it. */
export interface Claim {
  /** random, unique to the caller */
  token: string;
  /** the clock's now (ms), recorded as the claim's time */
  now: number;
  /** a claim made before this time (ms) is stale and may be taken over */
  staleBefore: number;
}

/** A claim as a record holds it. */
export interface Held {
  token: string;
  at: number;
}

/** The token of one caller's claims. */
export function newClaimToken(): string {
  return randomBytes(12).toString('base64url');
}

/** A claim made now by `token`, stale once it has not been renewed for `leaseMs` on the clock. */
export function claimNow(clock: Clock, token: string, leaseMs: number): Claim {
  const now = clock.now();
  return { token, now, staleBefore: now - leaseMs };
}

/** The claim a record's value holds in its `claim` field, if any. */
export function heldOf(value: Json | undefined): Held | null {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return null;
  const held = value['claim'];
  if (typeof held !== 'object' || held === null || Array.isArray(held)) return null;
  const { token, at } = held;
  return typeof token === 'string' && typeof at === 'number' ? { token, at } : null;
}

/** Whether `claim` may take (or, its own, renew) a claim held as `held`. */
export function mayTake(held: Held | null, claim: Claim): boolean {
  return held === null || held.token === claim.token || held.at < claim.staleBefore;
}

/** What claiming a record's work gave. */
export type ClaimOutcome<T> = { outcome: 'claimed' } | { outcome: 'done'; value: T } | { outcome: 'busy' };

/**
 * Claims the work whose result the record `collection`/`key` will hold: `done` reads a finished
 * record's result (null while unfinished). A free, stale or own claim is taken by compare-and-set
 * (`fresh`: the record's other fields while unfinished); another live claim is `busy`.
 */
export async function claimWork<T>(
  records: RecordPart,
  place: { collection: string; key: string },
  claim: Claim,
  done: (value: Json) => T | null,
  fresh: Record<string, Json> = {},
): Promise<ClaimOutcome<T>> {
  for (;;) {
    const held = await records.get(place.collection, place.key);
    if (held) {
      const value = done(held.value);
      if (value !== null) return { outcome: 'done', value };
      if (!mayTake(heldOf(held.value), claim)) return { outcome: 'busy' };
    }
    const base =
      held && typeof held.value === 'object' && held.value !== null && !Array.isArray(held.value)
        ? held.value
        : fresh;
    const taken = await records.commit({
      writes: [
        {
          ...place,
          value: { ...base, claim: { token: claim.token, at: claim.now } },
          expect: held?.version ?? 0,
        },
      ],
    });
    if (taken) return { outcome: 'claimed' };
    // another caller wrote the record between the read and the commit: look again
  }
}

/** Gives up the claim `token` holds on an unfinished record (the work failed), so a retry may claim it. */
export async function releaseWork(
  records: RecordPart,
  place: { collection: string; key: string },
  token: string,
  unfinished: (value: Json) => boolean,
): Promise<void> {
  const held = await records.get(place.collection, place.key);
  if (!held || heldOf(held.value)?.token !== token || !unfinished(held.value)) return;
  await records.commit({ writes: [{ ...place, value: null, expect: held.version }] });
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

/**
 * Runs `work` while renewing a claim every `everyMs` (real time): the holder's lease. A renewal that
 * fails is left to the next one; a claim taken over meanwhile shows when its holder tries to store.
 */
export async function holdingLease<T>(
  renew: () => Promise<unknown>,
  everyMs: number,
  work: () => Promise<T>,
): Promise<T> {
  const timer = setInterval(() => void renew().catch(() => undefined), Math.max(10, everyMs));
  timer.unref();
  try {
    return await work();
  } finally {
    clearInterval(timer);
  }
}
