// The SQL of the SQLite dialect, one source for the stores that speak it: SqliteStore (a file, through
// better-sqlite3 or node:sqlite) and D1Store (Cloudflare's D1, which is SQLite). A commit is one list
// of statements run as one transaction; each compare-and-set write is followed by a guard that fails
// the transaction when the write changed nothing, so the whole commit is undone inside the database,
// the same way on a file and on D1 (whose `batch` is a transaction but has no interactive one).
import type { Commit, RecordWrite } from './contract.js';

/** The tables and indexes, each statement idempotent (`IF NOT EXISTS`). */
export const SCHEMA_STATEMENTS: readonly string[] = [
  `CREATE TABLE IF NOT EXISTS pay_records (
  collection TEXT NOT NULL,
  key TEXT NOT NULL,
  value TEXT NOT NULL,
  version INTEGER NOT NULL,
  PRIMARY KEY (collection, key)
)`,
  `CREATE TABLE IF NOT EXISTS pay_outbox (
  topic TEXT NOT NULL,
  id TEXT NOT NULL,
  due_at REAL NOT NULL,
  attempts INTEGER NOT NULL DEFAULT 0,
  payload TEXT NOT NULL,
  PRIMARY KEY (topic, id)
)`,
  'CREATE INDEX IF NOT EXISTS pay_outbox_due ON pay_outbox (topic, due_at)',
  `CREATE TABLE IF NOT EXISTS pay_once (
  id TEXT PRIMARY KEY,
  at REAL NOT NULL
)`,
  'CREATE INDEX IF NOT EXISTS pay_once_at ON pay_once (at)',
  // never holds a row: a guard inserts NULL into it to fail (and so undo) the commit it is part of
  'CREATE TABLE IF NOT EXISTS pay_guard (ok INTEGER NOT NULL)',
];

/** The whole schema as one script (for `exec`, or a D1 migration file). */
export const SCHEMA = SCHEMA_STATEMENTS.map((statement) => `${statement};\n`).join('');

/** A statement and its `?` parameters. */
export type Statement = readonly [sql: string, values: readonly unknown[]];

const RECORD = 'collection = ? AND key = ?';

/** Every statement, named by what it does; `?` parameters in the order each comment gives. */
export const SQL = {
  /** collection, key */
  get: `SELECT key, value, version FROM pay_records WHERE ${RECORD}`,
  /** collection, prefix, prefix, limit: keys are printable ASCII, so `prefix || char(127)` bounds them */
  list: `SELECT key, value, version FROM pay_records
    WHERE collection = ? AND key >= ? AND key < ? || char(127) ORDER BY key LIMIT ?`,
  /** as `list`, last key first */
  listReverse: `SELECT key, value, version FROM pay_records
    WHERE collection = ? AND key >= ? AND key < ? || char(127) ORDER BY key DESC LIMIT ?`,
  /** collection, key, value: written whatever the version */
  put: `INSERT INTO pay_records (collection, key, value, version) VALUES (?, ?, ?, 1)
    ON CONFLICT (collection, key) DO UPDATE SET value = excluded.value, version = pay_records.version + 1`,
  /** collection, key, value: only if there is none (expect 0) */
  create: `INSERT INTO pay_records (collection, key, value, version) VALUES (?, ?, ?, 1)
    ON CONFLICT (collection, key) DO NOTHING`,
  /** value, collection, key, version: only at that version */
  update: `UPDATE pay_records SET value = ?, version = version + 1 WHERE ${RECORD} AND version = ?`,
  /** collection, key */
  remove: `DELETE FROM pay_records WHERE ${RECORD}`,
  /** collection, key, version: only at that version */
  removeAt: `DELETE FROM pay_records WHERE ${RECORD} AND version = ?`,
  /** fails the transaction when the statement before it changed no row */
  guardChanged: 'INSERT INTO pay_guard (ok) SELECT NULL WHERE changes() = 0',
  /** collection, key: fails the transaction when the record exists */
  guardAbsent: `INSERT INTO pay_guard (ok) SELECT NULL WHERE EXISTS (SELECT 1 FROM pay_records WHERE ${RECORD})`,
  /** topic, id, dueAt, payload: an id owed already is left as it is */
  owe: `INSERT INTO pay_outbox (topic, id, due_at, attempts, payload) VALUES (?, ?, ?, 0, ?)
    ON CONFLICT (topic, id) DO NOTHING`,
  /** topic, now, limit */
  due: `SELECT topic, id, due_at, attempts, payload FROM pay_outbox
    WHERE topic = ? AND due_at <= ? ORDER BY due_at, rowid LIMIT ?`,
  /** dueAt, attempts, topic, id, expectDueAt */
  lease: 'UPDATE pay_outbox SET due_at = ?, attempts = ? WHERE topic = ? AND id = ? AND due_at = ?',
  /** topic, id */
  done: 'DELETE FROM pay_outbox WHERE topic = ? AND id = ?',
  /** id */
  seen: 'SELECT 1 AS one FROM pay_once WHERE id = ?',
  /** id, now */
  remember: 'INSERT INTO pay_once (id, at) VALUES (?, ?) ON CONFLICT (id) DO NOTHING',
  /** before */
  forgetBefore: 'DELETE FROM pay_once WHERE at < ?',
} as const;

/** The statements of one write: the write, then its guard when it has an `expect`. */
function writeStatements(write: RecordWrite): Statement[] {
  const { collection, key, expect } = write;
  const value = write.value === null ? null : JSON.stringify(write.value);
  if (expect === undefined)
    return [value === null ? [SQL.remove, [collection, key]] : [SQL.put, [collection, key, value]]];
  if (value === null)
    return expect === 0
      ? [[SQL.guardAbsent, [collection, key]]]
      : [
          [SQL.removeAt, [collection, key, expect]],
          [SQL.guardChanged, []],
        ];
  return [
    expect === 0 ? [SQL.create, [collection, key, value]] : [SQL.update, [value, collection, key, expect]],
    [SQL.guardChanged, []],
  ];
}

/** A commit's statements, in order: the writes with their guards, then the deliveries owed. */
export function commitStatements(commit: Commit): Statement[] {
  return [
    ...(commit.writes ?? []).flatMap(writeStatements),
    ...(commit.owe ?? []).map((o): Statement => [
      SQL.owe,
      [o.topic, o.id, o.dueAt, JSON.stringify(o.payload ?? null)],
    ]),
  ];
}

/** Whether a failed commit failed at a guard: an `expect` did not hold (not an error, an answer). */
export function isGuardFailure(error: unknown): boolean {
  return error instanceof Error && /NOT NULL constraint failed: pay_guard\.ok/.test(error.message);
}
