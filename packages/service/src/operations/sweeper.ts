// The kit's sweep on an interval, on every instance (the store decides which one does each piece of
// work): an order is confirmed even when its shopper closed the tab and its webhook was lost, and an
// onPaid an instance died delivering is delivered by another.
import { describeError, isStoreUnavailable, type Logger, type PayHandler } from '@pay-elements/server';

/** Sweeps the kit of the moment every `intervalMs`; the function given back stops it. */
export function startSweeper(pay: () => PayHandler, intervalMs: number, log: Logger): () => void {
  const sweeper = setInterval(() => {
    pay()
      .watcher.sweep()
      .catch((error: unknown) => {
        // the store's own line said it is away; one short line a sweep, no stack
        if (isStoreUnavailable(error)) log.warn('sweep skipped: the session store is unavailable');
        else log.error('sweep failed', { error: describeError(error) });
      });
  }, intervalMs);
  sweeper.unref();
  return () => clearInterval(sweeper);
}
