// The state in a file (`--data FILE`): a JSON snapshot of everything, and beside it a journal
// (`FILE.journal`) of the changes made since, one line per change, appended before the change's
// answer leaves. A line holds only the records that changed (the Tables note them), so a change costs
// what it changed, not the whole state. When the journal has grown as large as the snapshot, a new
// snapshot is written (a temporary file renamed over the old one) and the journal starts again; at
// start and on close too. A crash at any instant leaves a snapshot whole and the journal's complete
// lines: the state after some change, never half of one. Maps, sets and bigints are tagged to survive
// JSON; everything read is checked field by field (./state-schema.ts).
import { randomUUID } from 'node:crypto';
import {
  closeSync,
  ftruncateSync,
  openSync,
  readFileSync,
  renameSync,
  unlinkSync,
  writeFileSync,
  writeSync,
} from 'node:fs';
import type * as z from 'zod';
import { JOURNAL_VERSION, STATE_VERSION, fieldName, journalSchemas, snapshotSchema } from './state-schema.js';
import { listNames, tableNames, type ListName, type State, type TableName } from './store.js';
import { check } from './validate.js';

/** The journal is folded into a new snapshot once it is this large, or as large as the snapshot. */
export const MIN_COMPACTION_BYTES = 64 * 1024;

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

export const journalOf = (file: string) => `${file}.journal`;

function isMissing(error: unknown): boolean {
  return error instanceof Error && 'code' in error && error.code === 'ENOENT';
}

/** What zod found wrong, in the file's own terms: the first five fields and how many more. */
function problems(input: unknown, error: z.ZodError): string {
  const named = error.issues.slice(0, 5).map((issue) => `${fieldName(input, issue.path)}: ${issue.message}`);
  const more = error.issues.length > 5 ? ` (and ${error.issues.length - 5} more)` : '';
  return `${named.join('; ')}${more}`;
}

/**
 * The snapshot in `file` with the journal beside it applied, or null when there is no snapshot yet
 * (a journal without its snapshot is ignored). `retries`: the length of the retry schedule in force,
 * which bounds where a delivery may be in it.
 */
export function loadState(file: string, retries: number): Loaded | null {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (error) {
    if (isMissing(error)) return null;
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
  if (!result.success)
    throw new StateFileError(
      `the state file ${file} is refused: ${problems(parsed, result.error)} (fix it, or delete it to start from the seed)`,
    );
  const loaded = { state: result.data.state, clockOffsetMs: result.data.clock_offset_ms };
  if (result.data.id !== undefined) replayJournal(journalOf(file), result.data.id, loaded, retries);
  return loaded;
}

/** Applies the journal's complete lines to `loaded`, if the journal follows snapshot `id`. */
function replayJournal(journal: string, id: string, loaded: Loaded, retries: number): void {
  let text: string;
  try {
    text = readFileSync(journal, 'utf8');
  } catch (error) {
    if (isMissing(error)) return;
    throw new StateFileError(`cannot read the journal ${journal}: ${String(error)}`);
  }
  const lines = text.split('\n');
  // what follows the last newline is a line whose write was cut short: its change was never answered
  lines.pop();
  const { header, change } = journalSchemas(retries);
  // a journal of another snapshot: the snapshot was written after it, and holds all it says
  if (!follows(lines.shift(), header, id)) return;
  const refuse = (line: number, why: string) =>
    new StateFileError(
      `the journal ${journal} is refused at line ${line}: ${why} (fix it, or delete it to start from the state file alone)`,
    );
  lines.forEach((line, i) => {
    let value: unknown;
    try {
      value = JSON.parse(line);
    } catch {
      throw refuse(i + 2, 'not valid JSON');
    }
    const result = check(change, value);
    if (!result.success) throw refuse(i + 2, problems(value, result.error));
    const why = apply(loaded, result.data);
    if (why) throw refuse(i + 2, why);
  });
}

/** Whether the journal's first line names snapshot `id`. */
function follows(first: string | undefined, header: z.ZodType<{ snapshot: string }>, id: string): boolean {
  try {
    const named = header.safeParse(JSON.parse(first ?? ''));
    return named.success && named.data.snapshot === id;
  } catch {
    return false;
  }
}

type Change = z.infer<ReturnType<typeof journalSchemas>['change']>;

/** Applies one journal line to `loaded`; why it cannot, if it does not follow what came before. */
function apply(loaded: Loaded, change: Change): string | null {
  const { state } = loaded;
  for (const name of tableNames) {
    const table: Map<string, unknown> = state[name];
    for (const [key, value] of change.set?.[name] ?? []) table.set(key, value);
    for (const key of change.delete?.[name] ?? []) table.delete(key);
  }
  for (const name of listNames) {
    const appended = change.append?.[name];
    if (!appended) continue;
    const list: unknown[] = state[name];
    if (appended.at > list.length)
      return `append.${name}.at: ${appended.at}, but the list holds ${list.length} records`;
    list.length = appended.at;
    for (const item of appended.items) list.push(item);
  }
  if (change.invoiceSequence !== undefined) state.invoiceSequence = change.invoiceSequence;
  if (change.disabledEndpoints) state.disabledEndpoints = new Set(change.disabledEndpoints);
  loaded.clockOffsetMs = change.clock_offset_ms;
  return null;
}

/** Writes all of `text`, however many writes that takes. */
function writeAll(fd: number, text: string): number {
  const bytes = Buffer.from(text);
  let written = 0;
  while (written < bytes.length) written += writeSync(fd, bytes, written);
  return bytes.length;
}

/**
 * Keeps a State in `file`: `save` after each change (a journal line, or now and then a new snapshot),
 * `close` at the end (a last snapshot, and the journal removed).
 */
export class StateWriter {
  readonly #file: string;
  readonly #journal: string;
  #fd: number | null = null;
  /** the State the last snapshot was of; another one (a reset) is written whole */
  #state: State | null = null;
  #snapshotBytes = 0;
  #journalBytes = 0;
  /** a journal write failed: what it held is written with the next snapshot */
  #broken = false;
  #closed = false;
  /** what the file holds of the lists, the scalars and the clock */
  #lengths: Record<ListName, number> = { permanentAccounts: 0, links: 0, transactions: 0 };
  #invoiceSequence = 0;
  #disabled = '';
  #clockOffsetMs = 0;

  constructor(file: string) {
    this.#file = file;
    this.#journal = journalOf(file);
  }

  /** Writes what changed since the last save (nothing when nothing did). */
  save(state: State, clockOffsetMs: number): void {
    if (this.#closed) return;
    const due = this.#journalBytes >= Math.max(this.#snapshotBytes, MIN_COMPACTION_BYTES);
    if (state !== this.#state || this.#broken || due) return this.#snapshot(state, clockOffsetMs);
    const change = this.#changeOf(state, clockOffsetMs);
    if (change === 'whole') return this.#snapshot(state, clockOffsetMs);
    if (change === null) return;
    try {
      this.#journalBytes += writeAll(this.#openJournal(), `${JSON.stringify(change, replacer)}\n`);
    } catch (error) {
      this.#broken = true;
      throw error;
    }
    this.#remember(state, clockOffsetMs);
  }

  /** A last snapshot, and no journal: the file alone holds the state. */
  close(state: State, clockOffsetMs: number): void {
    if (this.#closed) return;
    this.#closed = true;
    this.#write(state, clockOffsetMs);
    if (this.#fd !== null) closeSync(this.#fd);
    this.#fd = null;
    try {
      unlinkSync(this.#journal);
    } catch (error) {
      if (!isMissing(error)) throw error;
    }
  }

  /**
   * The journal line for what changed: the records of each table touched or set (or their deletion),
   * what was appended to each list, the scalars that moved and the clock if it was moved forward;
   * null when nothing changed; 'whole' when a list shrank (only a new snapshot can say that).
   */
  #changeOf(state: State, clockOffsetMs: number): Record<string, unknown> | 'whole' | null {
    const set: Partial<Record<TableName, [string, unknown][]>> = {};
    const deleted: Partial<Record<TableName, string[]>> = {};
    const append: Partial<Record<ListName, { at: number; items: unknown[] }>> = {};
    let changed = false;
    for (const name of tableNames) {
      const table: Map<string, unknown> = state[name];
      for (const key of state[name].takeChanges()) {
        changed = true;
        if (table.has(key)) (set[name] ??= []).push([key, table.get(key)]);
        else (deleted[name] ??= []).push(key);
      }
    }
    for (const name of listNames) {
      const list: readonly unknown[] = state[name];
      const at = this.#lengths[name];
      if (list.length < at) return 'whole';
      if (list.length === at) continue;
      changed = true;
      append[name] = { at, items: list.slice(at) };
    }
    const disabled = [...state.disabledEndpoints].join('\n');
    const sequenceMoved = state.invoiceSequence !== this.#invoiceSequence;
    const disabledMoved = disabled !== this.#disabled;
    // a real clock reads its offset a millisecond short now and then, a frozen one ever shorter:
    // only a clock moved forward is news
    if (!changed && !sequenceMoved && !disabledMoved && clockOffsetMs <= this.#clockOffsetMs) return null;
    return {
      clock_offset_ms: clockOffsetMs,
      ...(Object.keys(set).length && { set }),
      ...(Object.keys(deleted).length && { delete: deleted }),
      ...(Object.keys(append).length && { append }),
      ...(sequenceMoved && { invoiceSequence: state.invoiceSequence }),
      ...(disabledMoved && { disabledEndpoints: [...state.disabledEndpoints] }),
    };
  }

  #remember(state: State, clockOffsetMs: number): void {
    for (const name of listNames) this.#lengths[name] = state[name].length;
    this.#invoiceSequence = state.invoiceSequence;
    this.#disabled = [...state.disabledEndpoints].join('\n');
    this.#clockOffsetMs = Math.max(this.#clockOffsetMs, clockOffsetMs);
  }

  #openJournal(): number {
    this.#fd ??= openSync(this.#journal, 'a');
    return this.#fd;
  }

  /** Writes the whole state as a snapshot with a new id, atomically; answers the id. */
  #write(state: State, clockOffsetMs: number): string {
    for (const name of tableNames) state[name].takeChanges();
    const id = randomUUID();
    const text = JSON.stringify(
      { version: STATE_VERSION, id, clock_offset_ms: clockOffsetMs, state },
      replacer,
    );
    const temporary = `${this.#file}.${process.pid}.tmp`;
    writeFileSync(temporary, text);
    renameSync(temporary, this.#file);
    this.#snapshotBytes = Buffer.byteLength(text);
    this.#state = state;
    this.#clockOffsetMs = clockOffsetMs;
    this.#remember(state, clockOffsetMs);
    return id;
  }

  /** A new snapshot, then a journal that starts afresh from it. */
  #snapshot(state: State, clockOffsetMs: number): void {
    this.#broken = true;
    const id = this.#write(state, clockOffsetMs);
    // a crash before this truncation leaves the old journal, which names the old snapshot: ignored
    const fd = this.#openJournal();
    ftruncateSync(fd, 0);
    this.#journalBytes = writeAll(fd, `${JSON.stringify({ journal: JOURNAL_VERSION, snapshot: id })}\n`);
    this.#broken = false;
  }
}
