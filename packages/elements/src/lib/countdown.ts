// The countdown's arithmetic, corrected by the server's clock: the visitor's own clock may be
// minutes wrong, so every remaining time is measured against server time, estimated as
// local now + offset, where offset = server_time − local now at the moment the answer arrived.

/** server_time − local now at receipt, in milliseconds. */
export function clockOffset(serverTime: string, receivedAt: number): number {
  const server = Date.parse(serverTime);
  if (Number.isNaN(server)) throw new RangeError(`not a timestamp: ${JSON.stringify(serverTime)}`);
  return server - receivedAt;
}

/** Milliseconds left until `expiresAt`, never negative, with the local clock corrected by `offset`. */
export function remainingMs(expiresAt: string, localNow: number, offset: number): number {
  const end = Date.parse(expiresAt);
  if (Number.isNaN(end)) throw new RangeError(`not a timestamp: ${JSON.stringify(expiresAt)}`);
  return Math.max(0, end - (localNow + offset));
}

/** The fraction of the window still left, clamped to [0, 1] (1 when the window is empty). */
export function remainingFraction(remaining: number, total: number): number {
  if (total <= 0) return remaining > 0 ? 1 : 0;
  return Math.min(1, Math.max(0, remaining / total));
}

/** Whole hours, minutes and seconds of a remaining time, rounding up so "0:00" means expired. */
export function durationParts(ms: number): { hours: number; minutes: number; seconds: number } {
  const total = Math.ceil(Math.max(0, ms) / 1000);
  return { hours: Math.floor(total / 3600), minutes: Math.floor((total % 3600) / 60), seconds: total % 60 };
}

/** Milliseconds until the displayed whole second changes (ticks land on the second boundaries). */
export function msUntilNextTick(remaining: number): number {
  if (remaining <= 0) return 1000;
  const rest = remaining % 1000;
  return rest === 0 ? 1000 : rest;
}

/** From this much time left, the checkout warns that time is running out (shown, and announced once). */
export const lowTimeMs = 5 * 60_000;

/** The minutes-left marks the countdown announces. */
export const announceAtMinutes = [10, 5, 1] as const;

/**
 * The most urgent mark (in ms) passed between two readings of the remaining time, or null. A jump
 * over several marks (a sleeping laptop) names only the last one: what is true now.
 */
export function crossedMark(previous: number, current: number, marks: readonly number[]): number | null {
  let crossed: number | null = null;
  for (const mark of marks) {
    if (previous > mark && current <= mark && (crossed === null || mark < crossed)) crossed = mark;
  }
  return crossed;
}
