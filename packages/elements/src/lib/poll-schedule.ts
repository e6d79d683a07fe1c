// When to ask the backend again: briskly at first (a shopper who has just sent the money wants to
// see it land), then backing off to spare the backend.

export interface PollSchedule {
  /** Delay while in the fast window, ms. */
  fast: number;
  /** How long the fast window lasts from the start of polling, ms. */
  fastWindow: number;
  /** Multiplier of the delay after the fast window. */
  factor: number;
  /** The longest delay, ms. */
  max: number;
}

export const defaultPollSchedule: PollSchedule = { fast: 2000, fastWindow: 60_000, factor: 2, max: 10_000 };

/**
 * The delay before the next poll: `fast` while less than `fastWindow` has passed since polling
 * started, then the previous delay times `factor`, capped at `max` (2 s, …, 2 s, 4 s, 8 s, 10 s, 10 s…).
 */
export function nextPollDelay(
  elapsed: number,
  previousDelay: number | null,
  schedule: PollSchedule = defaultPollSchedule,
): number {
  if (elapsed < schedule.fastWindow) return schedule.fast;
  const previous = previousDelay ?? schedule.fast;
  return Math.min(schedule.max, Math.max(schedule.fast, previous * schedule.factor));
}
