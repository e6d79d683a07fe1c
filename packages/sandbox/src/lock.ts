// One state file, one emulator: a lock file beside the data file (`FILE.lock`) holds the PID of the
// emulator using it. A second emulator on the same file refuses to start; a lock whose process is
// gone (a kill -9, a crash) is taken over. Released on close, and at exit if close was not called.
import { linkSync, readFileSync, unlinkSync, writeFileSync } from 'node:fs';
import { StateFileError } from './persist.js';

/** Lock files this process holds, released at exit if their emulator was never closed. */
const held = new Set<string>();
let exitHook = false;

function alive(pid: number): boolean {
  // This process's own PID in a lock it does not hold is a previous life (a container restarted).
  if (pid === process.pid) return false;
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return error instanceof Error && 'code' in error && error.code === 'EPERM';
  }
}

function holder(lock: string): number | null {
  try {
    const pid = Number(readFileSync(lock, 'utf8').trim());
    return Number.isSafeInteger(pid) && pid > 0 ? pid : null;
  } catch {
    return null;
  }
}

function release(lock: string): void {
  if (!held.delete(lock)) return;
  try {
    if (holder(lock) === process.pid) unlinkSync(lock);
  } catch {
    // already gone: nothing to release
  }
}

/** Takes the lock of `file` for this process; answers its release. Throws StateFileError when in use. */
export function lockStateFile(file: string): () => void {
  const lock = `${file}.lock`;
  if (held.has(lock))
    throw new StateFileError(
      `the state file ${file} is in use by another emulator in this process (pid ${process.pid}); close it first`,
    );
  // The lock appears whole or not at all (a hard link of a file already written), so a starter never
  // reads an empty lock and takes it for a stale one.
  const draft = `${lock}.${process.pid}.tmp`;
  try {
    writeFileSync(draft, `${process.pid}\n`);
  } catch (error) {
    throw new StateFileError(`cannot create the lock file ${lock}: ${String(error)}`);
  }
  try {
    for (let tries = 0; ; tries += 1) {
      try {
        linkSync(draft, lock);
        break;
      } catch (error) {
        if (!(error instanceof Error && 'code' in error && error.code === 'EEXIST'))
          throw new StateFileError(`cannot create the lock file ${lock}: ${String(error)}`);
      }
      const pid = holder(lock);
      if ((pid !== null && alive(pid)) || tries >= 2)
        throw new StateFileError(
          `the state file ${file} is in use by another pay-sandbox (pid ${pid ?? 'unknown'}); ` +
            `stop it or use another file (if no emulator runs, delete ${lock})`,
        );
      // stale: its process is gone
      try {
        unlinkSync(lock);
      } catch {
        // taken over by another starter meanwhile: try again, and see who holds it
      }
    }
  } finally {
    unlinkSync(draft);
  }
  held.add(lock);
  if (!exitHook) {
    exitHook = true;
    process.once('exit', () => [...held].forEach(release));
  }
  return () => release(lock);
}
