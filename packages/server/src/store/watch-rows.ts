// The watcher's shared state as the SQL stores keep it: one row per name in `pay_watch` (a time in ms
// and, for a provider wait, its reason), parsed back into a WatchState rather than cast.
import * as z from 'zod';
import type { ProviderCallKind, WatchState } from './parts.js';

/** The merchant-wide check's claim: when the last one started. */
export const WATCH_CHECK = 'check';
/** The newest transaction time a completed check settled. */
export const WATCH_WATERMARK = 'watermark';
/** The last verified webhook delivery. */
export const WATCH_WEBHOOK = 'webhook';

const KINDS: readonly ProviderCallKind[] = ['transactions', 'accounts'];

/** The row name of a kind of provider call held back. */
export function waitName(kind: ProviderCallKind): string {
  return `wait:${kind}`;
}

const Row = z.object({
  name: z.string(),
  // BIGINT comes back from pg as a string
  at: z.union([z.number(), z.string()]).transform(Number),
  reason: z.string().nullable(),
});

export function watchStateOf(rows: unknown[]): WatchState {
  const state: WatchState = { watermark: null, webhookAt: null, waits: {} };
  for (const raw of rows) {
    const row = Row.parse(raw);
    if (row.name === WATCH_WATERMARK) state.watermark = row.at;
    else if (row.name === WATCH_WEBHOOK) state.webhookAt = row.at;
    for (const kind of KINDS)
      if (row.name === waitName(kind))
        state.waits[kind] = {
          until: row.at,
          reason: row.reason === 'unavailable' ? 'unavailable' : 'rate_limited',
        };
  }
  return state;
}
