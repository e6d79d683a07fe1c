// The state in a file (`--data FILE`): one JSON snapshot of everything, rewritten after each change
// as a temporary file renamed over the old one, so a crash at any instant leaves the previous
// snapshot or the new one, never half of either. Maps, sets and bigints are tagged to survive JSON;
// a snapshot is checked field by field when it is read (./state-schema.ts).
import { readFileSync, renameSync, writeFileSync } from 'node:fs';
import { STATE_VERSION, fieldName, snapshotSchema } from './state-schema.js';
import type { State } from './store.js';
import { check } from './validate.js';

function replacer(_key: string, value: unknown): unknown {
  if (typeof value === 'bigint') return { $bigint: value.toString() };
  if (value instanceof Map) return { $map: [...value] };
  if (value instanceof Set) return { $set: [...value] };
  return value;
}

export class StateFileError extends Error {
  override readonly name = 'StateFileError';
}

export interface Loaded {
  state: State;
  clockOffsetMs: number;
}

/**
 * The snapshot in `file`, or null when there is none yet. `retries`: the length of the retry schedule
 * in force, which bounds where a delivery may be in it.
 */
export function loadState(file: string, retries: number): Loaded | null {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (error) {
    if (error instanceof Error && 'code' in error && error.code === 'ENOENT') return null;
    throw new StateFileError(`cannot read the state file ${file}: ${String(error)}`);
  }
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    throw new StateFileError(`the state file ${file} is not valid JSON (delete it to start from the seed)`);
  }
  const version: unknown =
    typeof parsed === 'object' && parsed !== null ? Reflect.get(parsed, 'version') : undefined;
  if (version !== STATE_VERSION)
    throw new StateFileError(`the state file ${file} is not a pay-sandbox state of version ${STATE_VERSION}`);
  const result = check(snapshotSchema(retries), parsed);
  if (!result.success) {
    const problems = result.error.issues
      .slice(0, 5)
      .map((issue) => `${fieldName(parsed, issue.path)}: ${issue.message}`);
    const more = result.error.issues.length > 5 ? ` (and ${result.error.issues.length - 5} more)` : '';
    throw new StateFileError(
      `the state file ${file} is refused: ${problems.join('; ')}${more} (fix it, or delete it to start from the seed)`,
    );
  }
  return { state: result.data.state, clockOffsetMs: result.data.clock_offset_ms };
}

/** Writes the snapshot atomically: a temporary file beside it, then a rename over it. */
export function saveState(file: string, state: State, clockOffsetMs: number): void {
  const snapshot = { version: STATE_VERSION, clock_offset_ms: clockOffsetMs, state };
  const temporary = `${file}.${process.pid}.tmp`;
  writeFileSync(temporary, JSON.stringify(snapshot, replacer));
  renameSync(temporary, file);
}
