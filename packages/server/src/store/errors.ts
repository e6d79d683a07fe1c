// The one "is the store down" rule: a database that cannot be reached, restarts, times out, is full
// or locked is a passing outage (503 with Retry-After, the request may be retried), not a bug (500).

import { StoreUnavailableError } from '../errors.js';

export { StoreUnavailableError };

/** node-postgres and network error codes of a connection that is gone or never came. */
const CONNECTION_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'EPIPE',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
]);

/** SQLite result codes of a file that is busy, locked, full or failing, not of a wrong statement. */
const SQLITE_CODES = /^SQLITE_(BUSY|LOCKED|FULL|IOERR|CANTOPEN|READONLY|PROTOCOL|NOMEM)/;

/** D1's messages for a query that may be retried (Cloudflare's D1 docs, "Retry queries"). */
const D1_TRANSIENT =
  /Network connection lost|storage caused object to be reset|reset because its code was updated|D1 DB is overloaded|Cannot resolve D1 DB due to transient issue/i;

/**
 * Whether an error means the store is unreachable or unable to write for now: a
 * StoreUnavailableError, a lost or refused connection, a PostgreSQL class 08 (connection), 53
 * (resources), 57P0x (shutdown, cannot connect now) or 57014 (statement timeout), node-postgres'
 * timeouts, a busy, locked or full SQLite file, or D1's retryable errors.
 */
export function isStoreUnavailable(error: unknown): boolean {
  if (error instanceof StoreUnavailableError) return true;
  if (!(error instanceof Error)) return false;
  const code = 'code' in error && typeof error.code === 'string' ? error.code : '';
  if (CONNECTION_CODES.has(code) || SQLITE_CODES.test(code)) return true;
  if (/^(08|53)/.test(code) || /^57P0[1-4]$/.test(code) || code === '57014') return true;
  if (D1_TRANSIENT.test(error.message)) return true;
  return /Connection terminated|timeout exceeded when trying to connect|Query read timeout|Client has encountered a connection error|Connection closed/i.test(
    error.message,
  );
}
