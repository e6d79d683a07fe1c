// The demo's state lives in two places: the kit's sessions (SQLite, PAY_DB) and the emulator's
// accounts and transactions. They must live and die together: a kept session whose account the
// emulator has forgotten can never be paid, and its order stays stuck. This file is the one switch.
import { rmSync } from 'node:fs';

/** `fresh`: both start empty at every start (and on reset); `kept`: both survive a restart. */
export type DemoLifetime = 'fresh' | 'kept';

/**
 * The lifetime of this run. A real provider keeps its accounts, so the sessions are kept with them;
 * so does the in-process emulator when it keeps its state in a file (by default `sandbox.json` beside
 * PAY_DB, or PAY_SANDBOX_DATA). An emulator in memory only (PAY_DB `:memory:`) starts afresh, and so
 * do the sessions.
 */
export function demoLifetime(options: {
  inProcessEmulator: boolean;
  emulatorKeepsState: boolean;
}): DemoLifetime {
  return options.inProcessEmulator && !options.emulatorKeepsState ? 'fresh' : 'kept';
}

/** Deletes a SQLite database and its journal files, so that the next open starts empty. */
export function removeSqliteFile(path: string): void {
  if (path === ':memory:') return;
  for (const suffix of ['', '-wal', '-shm', '-journal']) rmSync(`${path}${suffix}`, { force: true });
}
