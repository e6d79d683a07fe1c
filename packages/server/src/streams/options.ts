// The `streams` option of createPayHandler (GET /sessions/:id/events), parsed with the other options.
import * as z from 'zod';

/** Where the hub's timers come from; the default is the process's own. */
export interface Scheduler {
  setTimeout(callback: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
}

export const realScheduler: Scheduler = {
  setTimeout: (callback, ms) => setTimeout(callback, ms),
  clearTimeout: (handle) => clearTimeout(handle as ReturnType<typeof setTimeout>),
};

/** The `streams` option of createPayHandler. */
export interface StreamOptions {
  /** mount GET /sessions/:id/events; default true (false: 404, the elements poll) */
  enabled?: boolean;
  /** open streams this instance holds at most; default 10 000 */
  maxStreams?: number;
  /** open streams one client (see `clientKey`) holds at most; default 20 */
  maxStreamsPerClient?: number;
  /** how often a quiet stream gets a comment line, ms; default 15 000 */
  heartbeatMs?: number;
  /** how long the browser waits before reopening a dropped stream, ms (the SSE `retry:`); default 2000 */
  retryMs?: number;
  /** where the stream timers come from (tests move time with their own); default setTimeout */
  scheduler?: Scheduler;
}

function isScheduler(value: unknown): boolean {
  return (
    typeof value === 'object' &&
    value !== null &&
    'setTimeout' in value &&
    typeof value.setTimeout === 'function' &&
    'clearTimeout' in value &&
    typeof value.clearTimeout === 'function'
  );
}

const count = (what: string, max: number) =>
  z
    .number({ error: `must be a number of ${what}` })
    .int({ error: `must be a whole number of ${what}` })
    .min(1, { error: 'must be at least 1' })
    .max(max, { error: `must be at most ${max}` });

export const StreamOptionsSchema = z
  .strictObject(
    {
      enabled: z.boolean({ error: 'must be true or false' }).default(true),
      maxStreams: count('streams', 1_000_000).default(10_000),
      maxStreamsPerClient: count('streams', 10_000).default(20),
      heartbeatMs: count('milliseconds', 300_000).default(15_000),
      retryMs: count('milliseconds', 300_000).default(2000),
      scheduler: z
        .custom<Scheduler>(isScheduler, { error: 'must have setTimeout and clearTimeout' })
        .default(realScheduler),
    },
    { error: 'must be an object such as { maxStreams: 10000, maxStreamsPerClient: 20 }' },
  )
  .default({
    enabled: true,
    maxStreams: 10_000,
    maxStreamsPerClient: 20,
    heartbeatMs: 15_000,
    retryMs: 2000,
    scheduler: realScheduler,
  });

export type StreamConfig = z.output<typeof StreamOptionsSchema>;
