// Stopping without dropping anyone: readiness turns 503, the listener stops taking connections, idle
// keep-alive ones are closed, requests under way finish (each answered with `connection: close`), and
// only past the grace period is whatever is left cut.
import type { Server } from 'node:http';
import type { Health, PayHandler } from '@pay-elements/server';

/**
 * Closes `server` gracefully: resolves `true` once every connection has ended by itself, or `false`
 * when `graceMs` passed first and the rest were cut.
 */
export async function closeServer(server: Server, graceMs: number): Promise<boolean> {
  const closed = new Promise<void>((resolve) => server.close(() => resolve()));
  server.closeIdleConnections();
  // a keep-alive connection that finishes a request during the drain is closed after its answer
  const idleAgain = setInterval(() => server.closeIdleConnections(), 100);
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise<false>((resolve) => {
    timer = setTimeout(() => resolve(false), graceMs);
  });
  try {
    const inTime = await Promise.race([closed.then(() => true as const), late]);
    if (!inTime) {
      server.closeAllConnections();
      await closed;
    }
    return inTime;
  } finally {
    clearInterval(idleAgain);
    clearTimeout(timer);
  }
}

/** Resolves to whether `work` finished within `ms` (it goes on running either way). */
export async function within(work: Promise<unknown>, ms: number): Promise<boolean> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise<false>((resolve) => {
    timer = setTimeout(() => resolve(false), Math.max(0, ms));
  });
  try {
    return await Promise.race([work.then(() => true as const), late]);
  } finally {
    clearTimeout(timer);
  }
}

export interface StopOptions {
  server: Server;
  health: Health;
  /** the kit of the moment */
  pay: () => PayHandler;
  /** stops the sweeper */
  stopSweeper: () => void;
  /** the rest to close once the kit has: the emulator, the metrics listener */
  others: ReadonlyArray<{ close(): Promise<void> } | null | undefined>;
  /** PAY_SHUTDOWN_GRACE_MS and PAY_SHUTDOWN_DELAY_MS */
  graceMs: number;
  delayMs: number;
}

/**
 * Drains and stops: readiness answers 503 at once, open status streams are told to reconnect, after
 * the delay the listener takes no new connection, requests under way and onPaid deliveries finish
 * (within the grace period), then the store closes. Resolves to whether everything finished in time.
 */
export async function drainAndStop(options: StopOptions): Promise<boolean> {
  const deadline = Date.now() + options.graceMs;
  options.stopSweeper();
  options.health.drain();
  const delay = Math.min(options.delayMs, options.graceMs);
  if (delay > 0) await new Promise((resolve) => setTimeout(resolve, delay));
  const drained = await closeServer(options.server, Math.max(0, deadline - Date.now()));
  // the kit waits for onPaid deliveries under way; past the deadline one stays owed (claimed), and
  // another instance delivers it once its claim is stale
  const delivered = await within(options.pay().close(), deadline - Date.now());
  for (const other of options.others) await other?.close();
  return drained && delivered;
}
