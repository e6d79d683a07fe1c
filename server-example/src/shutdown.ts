// Stopping without dropping anyone: the listener stops taking connections, idle keep-alive ones are
// closed, requests under way finish (each answered with `connection: close`), and only past the
// grace period is whatever is left cut.
import type { Server } from 'node:http';

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
