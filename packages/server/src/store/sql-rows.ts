// Rows as the SQL stores (SQLite, D1, PostgreSQL) give them back, parsed rather than cast: a record
// or an outbox entry, its JSON kept as text so that it comes back exactly as it was written.
import * as z from 'zod';
import { StoredDataError } from '../errors.js';
import type { Json, OutboxEntry, StoredRecord } from './contract.js';

/** How many JSON texts read lately are kept parsed (a record polled again is not parsed again). */
const PARSED_KEPT = 2048;
const parsed = new Map<string, Json>();

function freeze(value: Json): Json {
  if (typeof value === 'object' && value !== null) {
    for (const v of Object.values(value)) freeze(v);
    Object.freeze(value);
  }
  return value;
}

/**
 * JSON text the store wrote itself (`JSON.stringify` of a Json), read back: parsed once for as long as
 * the same text is read again lately (the same frozen value then: no reader can change it).
 */
function json(text: string): Json {
  const held = parsed.get(text);
  if (held !== undefined) return held;
  // JSON.parse without a reviver answers JSON values only
  const value = freeze(JSON.parse(text) as Json);
  if (parsed.size >= PARSED_KEPT) parsed.delete(parsed.keys().next().value ?? '');
  parsed.set(text, value);
  return value;
}

const isRow = (row: unknown): row is Record<string, unknown> => typeof row === 'object' && row !== null;

/** A record's row, checked field by field (every poll reads one). */
export function toRecord(row: unknown): StoredRecord {
  if (!isRow(row)) throw new StoredDataError('a record row is not an object');
  const { key, value, version } = row;
  // PostgreSQL's bigint and SQLite's integer both come as numbers here
  if (typeof key !== 'string' || typeof value !== 'string' || typeof version !== 'number')
    throw new StoredDataError('a record row lacks its key, value or version');
  return { key, value: json(value), version };
}

export function toRecordOrNull(row: unknown): StoredRecord | null {
  return row === undefined || row === null ? null : toRecord(row);
}

const EntryRow = z.object({
  topic: z.string(),
  id: z.string(),
  due_at: z.number(),
  attempts: z.number(),
  payload: z.string(),
});

export function toEntry(row: unknown): OutboxEntry {
  const { topic, id, due_at: dueAt, attempts, payload } = EntryRow.parse(row);
  return { topic, id, dueAt, attempts, payload: json(payload) };
}

/** A list's bound: a whole number of rows from 0 (SQLite reads a negative LIMIT as no limit at all). */
export function listLimit(limit = 100): number {
  return Math.min(Math.max(0, Math.floor(limit)), Number.MAX_SAFE_INTEGER) || 0;
}
