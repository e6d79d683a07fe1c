// Rows as the SQL stores (SQLite, D1, PostgreSQL) give them back, parsed rather than cast: a record
// or an outbox entry, its JSON kept as text so that it comes back exactly as it was written.
import * as z from 'zod';
import type { Json, OutboxEntry, StoredRecord } from './contract.js';

/** JSON text the store wrote itself (`JSON.stringify` of a Json), read back. */
function json(text: string): Json {
  const parsed: unknown = JSON.parse(text);
  // JSON.parse without a reviver answers JSON values only
  return parsed as Json;
}

const RecordRow = z.object({ key: z.string(), value: z.string(), version: z.number() });

export function toRecord(row: unknown): StoredRecord {
  const { key, value, version } = RecordRow.parse(row);
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
