// The `streams` option of createPayHandler (the status streams), described and parsed with the other options.
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
      enabled: z
        .boolean({ error: 'must be true or false' })
        .default(true)
        .describe('Mount the status streams (false: 404, the elements poll).'),
      maxStreams: count('streams', 1_000_000)
        .default(10_000)
        .describe('Open streams this instance holds at most.'),
      maxStreamsPerClient: count('streams', 10_000)
        .default(20)
        .describe('Open streams one client (see `clientKey`) holds at most.'),
      heartbeatMs: count('milliseconds', 300_000)
        .default(15_000)
        .describe('How often a quiet stream gets a comment line, ms.'),
      retryMs: count('milliseconds', 300_000)
        .default(2000)
        .describe('How long the browser waits before reopening a dropped stream, ms (the SSE `retry:`).'),
      scheduler: z
        .custom<Scheduler>(isScheduler, { error: 'must have setTimeout and clearTimeout' })
        .default(realScheduler)
        .meta({
          description: 'Where the stream timers come from (tests move time with their own).',
          default: '`setTimeout`',
        }),
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
  })
  .meta({
    description: "The status streams (every flow's `…/events` route): limits and heartbeat.",
    default: 'on',
  });

/** The `streams` option of createPayHandler. */
export type StreamOptions = z.input<typeof StreamOptionsSchema>;

export type StreamConfig = z.output<typeof StreamOptionsSchema>;
