// The state in a file (`--data FILE`): one JSON snapshot of everything, rewritten after each change
// as a temporary file renamed over the old one, so a crash at any instant leaves the previous
// snapshot or the new one, never half of either. Maps, sets and bigints are tagged to survive JSON.
import { readFileSync, renameSync, writeFileSync } from 'node:fs';
import type { State } from './store.js';

const VERSION = 1;

interface Snapshot {
  version: number;
  /** emulator time minus real time when saved: how far the clock had been moved */
  clock_offset_ms: number;
  state: State;
}

function replacer(_key: string, value: unknown): unknown {
  if (typeof value === 'bigint') return { $bigint: value.toString() };
  if (value instanceof Map) return { $map: [...value] };
  if (value instanceof Set) return { $set: [...value] };
  return value;
}

function reviver(_key: string, value: unknown): unknown {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return value;
  if ('$bigint' in value && typeof value.$bigint === 'string') return BigInt(value.$bigint);
  if ('$map' in value && Array.isArray(value.$map)) return new Map(value.$map as [unknown, unknown][]);
  if ('$set' in value && Array.isArray(value.$set)) return new Set(value.$set);
  return value;
}

export class StateFileError extends Error {
  override readonly name = 'StateFileError';
}

export interface Loaded {
  state: State;
  clockOffsetMs: number;
}

/** The snapshot in `file`, or null when there is none yet. */
export function loadState(file: string): Loaded | null {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (error) {
    if (error instanceof Error && 'code' in error && error.code === 'ENOENT') return null;
    throw new StateFileError(`cannot read the state file ${file}: ${String(error)}`);
  }
  let parsed: unknown;
  try {
    parsed = JSON.parse(text, reviver);
  } catch {
    throw new StateFileError(`the state file ${file} is not valid JSON (delete it to start from the seed)`);
  }
  if (!isSnapshot(parsed))
    throw new StateFileError(`the state file ${file} is not a pay-sandbox state of version ${VERSION}`);
  return { state: parsed.state, clockOffsetMs: parsed.clock_offset_ms };
}

function isSnapshot(value: unknown): value is Snapshot {
  if (typeof value !== 'object' || value === null) return false;
  const v = value as Partial<Snapshot>;
  return (
    v.version === VERSION &&
    typeof v.clock_offset_ms === 'number' &&
    typeof v.state === 'object' &&
    v.state !== null &&
    v.state.customers instanceof Map &&
    v.state.deliveries instanceof Map &&
    v.state.disabledEndpoints instanceof Set
  );
}

/** Writes the snapshot atomically: a temporary file beside it, then a rename over it. */
export function saveState(file: string, state: State, clockOffsetMs: number): void {
  const snapshot: Snapshot = { version: VERSION, clock_offset_ms: clockOffsetMs, state };
  const temporary = `${file}.${process.pid}.tmp`;
  writeFileSync(temporary, JSON.stringify(snapshot, replacer));
  renameSync(temporary, file);
}
