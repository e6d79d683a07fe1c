// What a server says as a process, every line through its logger (so that with PAY_LOG_FORMAT=json
// each is one JSON object, from start to exit): a failure to start, uncaught errors, and the drain on
// SIGTERM or SIGINT.
import { describeError, type Logger } from '@pay-elements/server';
import { ConfigError } from '../config.js';

/**
 * A failure to start (the store unreachable, a key refused): one line naming it, no stack for an
 * outage the operator fixes outside the code (an error with a `code`, or StoreUnavailableError).
 */
export function failedToStart(error: unknown, log: Logger, name = 'server-example'): void {
  // what the operator sets wrong (a refused key, a port in use) is one line in words, its fix in it
  if (error instanceof ConfigError) {
    log.error(`${name}: ${error.message}`);
    return;
  }
  const { stack, ...described } = describeError(error);
  const cause = error instanceof Error && error.cause instanceof Error ? error.cause : undefined;
  const coded = [error, cause].find((e): e is Error & { code: string | number } => {
    const code = e instanceof Error && 'code' in e ? e.code : undefined;
    return typeof code === 'string' || typeof code === 'number';
  });
  const operational =
    coded !== undefined || (error instanceof Error && error.name === 'StoreUnavailableError');
  log.error(`${name} failed to start`, {
    error: operational
      ? { ...described, ...(coded ? { code: String(coded.code) } : {}) }
      : { ...described, stack },
  });
}

/** An error nothing caught, or a promise rejected with no handler: one line, then exit 1 (as Node does). */
export function exitOnUncaught(
  log: Logger,
  exit: (code: number) => void = (code) => process.exit(code),
): void {
  const fail = (what: string) => (error: unknown) => {
    log.error(what, { error: describeError(error) });
    exit(1);
  };
  process.on('uncaughtException', fail('uncaught exception'));
  process.on('unhandledRejection', fail('unhandled promise rejection'));
}

/**
 * SIGTERM and SIGINT drain (`close`, which resolves to whether everything finished within `graceMs`),
 * then exit 0; a second signal stops at once.
 */
export function stopOnSignals(close: () => Promise<boolean>, graceMs: number, log: Logger): void {
  let stopping = false;
  const stop = (signal: NodeJS.Signals) => {
    if (stopping) process.exit(1);
    stopping = true;
    const started = Date.now();
    log.info(`${signal}: draining (at most ${graceMs} ms)`);
    void close().then(
      (clean) => {
        const ms = Date.now() - started;
        if (clean) log.info(`stopped cleanly in ${ms} ms`);
        else log.warn(`grace period over after ${ms} ms: what was left was cut`);
        process.exit(0);
      },
      (error: unknown) => {
        log.error('stopping failed', { error: describeError(error) });
        process.exit(1);
      },
    );
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
}
