// When a failed notification is tried again: the schedule's wait with jitter (so that the events of one
// outage do not all come back in the same second), or later when the merchant's Retry-After asks for
// later, up to the schedule's longest wait.

/** How far either way of its wait a retry may land: ±20 %. */
export const RETRY_JITTER = 0.2;

/**
 * What a Retry-After header asks, ms from `now` (wall-clock ms, as an HTTP date is): whole seconds or
 * an HTTP date; null when absent or not one of those.
 */
export function retryAfterMs(header: string | null, now: number): number | null {
  const value = header?.trim() ?? '';
  if (/^\d{1,10}$/.test(value)) return Number(value) * 1000;
  if (!/[a-z]/i.test(value)) return null;
  const at = Date.parse(value);
  return Number.isNaN(at) ? null : Math.max(0, at - now);
}

export interface RetryWait {
  /** the schedule's wait for this retry, ms */
  wait: number;
  /** the schedule's longest wait, ms: the most a Retry-After puts a retry off */
  maxMs: number;
  /** what the merchant's Retry-After asked, ms, or null */
  asked: number | null;
  /** [0, 1), as Math.random */
  random: number;
}

/** The wait before a retry, ms: the jittered wait, or the merchant's ask (at most `maxMs`) if later. */
export function retryWait({ wait, maxMs, asked, random }: RetryWait): number {
  const jittered = Math.round(wait * (1 + RETRY_JITTER * (2 * random - 1)));
  return Math.max(jittered, Math.min(asked ?? 0, maxMs));
}
