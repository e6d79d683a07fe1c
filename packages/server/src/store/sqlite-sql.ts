// The SQL of the SQLite dialect, one source for the stores that speak it: SqliteStore (a file, through
// better-sqlite3 or node:sqlite) and D1Store (Cloudflare's D1, which is SQLite). Each transition is one
// conditional statement, so the compare-and-set happens inside the database whichever store sends it.
import type { OutboxKind } from './parts.js';
import { SESSION_COLUMNS } from './row.js';

/** The tables and indexes, each statement idempotent (`IF NOT EXISTS`). */
export const SCHEMA_STATEMENTS: readonly string[] = [
  `CREATE TABLE IF NOT EXISTS pay_sessions (
  id TEXT PRIMARY KEY,
  order_id TEXT NOT NULL,
  customer_id TEXT NOT NULL,
  amount TEXT NOT NULL,
  currency TEXT NOT NULL,
  status TEXT NOT NULL CHECK (status IN ('pending', 'paid', 'expired')),
  account_name TEXT NOT NULL,
  account_number TEXT NOT NULL,
  bank_name TEXT NOT NULL,
  reference TEXT NOT NULL,
  created_at TEXT NOT NULL,
  expires_at TEXT NOT NULL,
  paid_at TEXT,
  transaction_id TEXT,
  onpaid_owed INTEGER NOT NULL DEFAULT 0,
  onpaid_claimed_at INTEGER,
  renew_token TEXT,
  renew_claimed_at INTEGER,
  display TEXT
)`,
  'CREATE INDEX IF NOT EXISTS pay_sessions_customer ON pay_sessions (customer_id, status)',
  'CREATE INDEX IF NOT EXISTS pay_sessions_order ON pay_sessions (order_id, created_at)',
  'CREATE INDEX IF NOT EXISTS pay_sessions_pending ON pay_sessions (status, created_at)',
  'CREATE INDEX IF NOT EXISTS pay_sessions_owed ON pay_sessions (onpaid_owed) WHERE onpaid_owed = 1',
  `CREATE TABLE IF NOT EXISTS pay_references (
  reference TEXT PRIMARY KEY,
  session_id TEXT NOT NULL REFERENCES pay_sessions (id)
)`,
  `CREATE TABLE IF NOT EXISTS pay_orders (
  order_id TEXT PRIMARY KEY,
  session_id TEXT UNIQUE REFERENCES pay_sessions (id),
  claim_token TEXT,
  claimed_at INTEGER
)`,
  `CREATE TABLE IF NOT EXISTS pay_webhook_events (
  id TEXT PRIMARY KEY,
  received_at INTEGER NOT NULL
)`,
  'CREATE INDEX IF NOT EXISTS pay_webhook_events_received ON pay_webhook_events (received_at)',
  `CREATE TABLE IF NOT EXISTS pay_funding_claims (
  customer_id TEXT NOT NULL,
  currency TEXT NOT NULL,
  claim_token TEXT,
  claimed_at INTEGER,
  opened INTEGER NOT NULL DEFAULT 0,
  PRIMARY KEY (customer_id, currency)
)`,
  `CREATE TABLE IF NOT EXISTS pay_funding_accounts (
  account_number TEXT PRIMARY KEY,
  customer_id TEXT NOT NULL,
  currency TEXT NOT NULL,
  account_name TEXT NOT NULL,
  bank_name TEXT NOT NULL,
  bank_code TEXT NOT NULL,
  reference TEXT NOT NULL,
  ach_routing TEXT,
  rtp_routing TEXT,
  wire_routing TEXT,
  swift_code TEXT,
  bank_address TEXT,
  created_at TEXT NOT NULL
)`,
  'CREATE INDEX IF NOT EXISTS pay_funding_accounts_customer ON pay_funding_accounts (customer_id, currency)',
  `CREATE TABLE IF NOT EXISTS pay_deposits (
  id TEXT PRIMARY KEY,
  customer_id TEXT NOT NULL,
  account_number TEXT NOT NULL,
  amount TEXT NOT NULL,
  currency TEXT NOT NULL,
  received_at TEXT NOT NULL,
  owed INTEGER NOT NULL DEFAULT 1,
  claimed_at INTEGER
)`,
  'CREATE INDEX IF NOT EXISTS pay_deposits_customer ON pay_deposits (customer_id, received_at)',
  'CREATE INDEX IF NOT EXISTS pay_deposits_owed ON pay_deposits (owed) WHERE owed = 1',
  `CREATE TABLE IF NOT EXISTS pay_watch (
  name TEXT PRIMARY KEY,
  at INTEGER NOT NULL,
  reason TEXT
)`,
];

/** The whole schema as one script (for `exec`, or a D1 migration file). */
export const SCHEMA = SCHEMA_STATEMENTS.map((statement) => `${statement};\n`).join('');

const ORDER_CLAIM_HELD = 'order_id = ? AND session_id IS NULL AND claim_token = ?';

/** Every statement, named by what it does; `?` parameters in the order each comment gives. */
export const SQL = {
  /**
   * orderId, token, now, staleBefore: a new order row is the claim; with no session yet, a stale claim
   * is taken over and the holder's own token renews it
   */
  claimOrder: `INSERT INTO pay_orders (order_id, claim_token, claimed_at) VALUES (?, ?, ?)
    ON CONFLICT (order_id) DO UPDATE SET claim_token = excluded.claim_token, claimed_at = excluded.claimed_at
      WHERE pay_orders.session_id IS NULL AND (pay_orders.claimed_at IS NULL OR pay_orders.claimed_at < ?
        OR pay_orders.claim_token = excluded.claim_token)`,
  /** orderId, token */
  orderClaimHeld: `SELECT 1 FROM pay_orders WHERE ${ORDER_CLAIM_HELD}`,
  /** the session's values (SESSION_COLUMNS) */
  insertSession: `INSERT INTO pay_sessions (${SESSION_COLUMNS}) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
  /** the session's values (SESSION_COLUMNS), then orderId, token: inserted only while the claim is held */
  insertSessionIfClaimed: `INSERT INTO pay_sessions (${SESSION_COLUMNS})
    SELECT ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ? WHERE EXISTS (SELECT 1 FROM pay_orders WHERE ${ORDER_CLAIM_HELD})`,
  /** reference, sessionId */
  insertReference: 'INSERT INTO pay_references (reference, session_id) VALUES (?, ?)',
  /** reference, sessionId, orderId, token: only while the order's claim is held */
  insertReferenceIfClaimed: `INSERT INTO pay_references (reference, session_id)
    SELECT ?, ? WHERE EXISTS (SELECT 1 FROM pay_orders WHERE ${ORDER_CLAIM_HELD})`,
  /** sessionId, orderId, token: the order holds its session, the claim ends */
  settleOrder: `UPDATE pay_orders SET session_id = ?, claim_token = NULL, claimed_at = NULL WHERE ${ORDER_CLAIM_HELD}`,
  /** orderId, token */
  releaseOrder: `DELETE FROM pay_orders WHERE ${ORDER_CLAIM_HELD}`,
  /** id */
  get: 'SELECT * FROM pay_sessions WHERE id = ?',
  /** reference */
  findByReference: `SELECT s.* FROM pay_sessions s JOIN pay_references r ON r.session_id = s.id WHERE r.reference = ?`,
  /** orderId */
  findByOrder: `SELECT s.* FROM pay_orders o JOIN pay_sessions s ON s.id = o.session_id WHERE o.order_id = ?`,
  /** limit */
  listPending: `SELECT * FROM pay_sessions WHERE status = 'pending' ORDER BY created_at, rowid LIMIT ?`,
  /** paidAt, transactionId, now, id */
  markPaid: `UPDATE pay_sessions SET status = 'paid', paid_at = ?, transaction_id = ?, onpaid_owed = 1,
      onpaid_claimed_at = ?
    WHERE id = ? AND status != 'paid'`,
  /** id, reference */
  markExpired: `UPDATE pay_sessions SET status = 'expired' WHERE id = ? AND status = 'pending' AND reference = ?`,
  /** token, now, id, previousReference, staleBefore, token: taken when free or stale, renewed by its holder */
  claimRenewal: `UPDATE pay_sessions SET renew_token = ?, renew_claimed_at = ?
    WHERE id = ? AND status = 'expired' AND reference = ?
      AND (renew_token IS NULL OR renew_claimed_at < ? OR renew_token = ?)`,
  /** accountName, accountNumber, bankName, reference, expiresAt, id, token */
  renew: `UPDATE pay_sessions SET status = 'pending', account_name = ?, account_number = ?, bank_name = ?,
      reference = ?, expires_at = ?, renew_token = NULL, renew_claimed_at = NULL
    WHERE id = ? AND status = 'expired' AND renew_token = ?`,
  /** reference, sessionId, sessionId, token: only while the renewal claim is held (before `renew`) */
  insertReferenceIfRenewing: `INSERT INTO pay_references (reference, session_id)
    SELECT ?, ? WHERE EXISTS (SELECT 1 FROM pay_sessions WHERE id = ? AND status = 'expired' AND renew_token = ?)`,
  /** id, token */
  releaseRenewal:
    'UPDATE pay_sessions SET renew_token = NULL, renew_claimed_at = NULL WHERE id = ? AND renew_token = ?',
  /** eventId */
  hasEvent: 'SELECT 1 FROM pay_webhook_events WHERE id = ?',
  /** eventId, now */
  rememberEvent: 'INSERT INTO pay_webhook_events (id, received_at) VALUES (?, ?) ON CONFLICT (id) DO NOTHING',
  /** before */
  forgetEvents: 'DELETE FROM pay_webhook_events WHERE received_at < ?',
  /** name (WATCH_CHECK), now, now, intervalMs */
  claimWatch: `INSERT INTO pay_watch (name, at) VALUES (?, ?)
    ON CONFLICT (name) DO UPDATE SET at = excluded.at WHERE pay_watch.at <= ? - ?`,
  readWatch: 'SELECT name, at, reason FROM pay_watch',
  /** name, at: a time that only moves forward */
  raiseWatch: `INSERT INTO pay_watch (name, at) VALUES (?, ?)
    ON CONFLICT (name) DO UPDATE SET at = excluded.at WHERE pay_watch.at < excluded.at`,
  /** name, until, reason */
  setWait: `INSERT INTO pay_watch (name, at, reason) VALUES (?, ?, ?)
    ON CONFLICT (name) DO UPDATE SET at = excluded.at, reason = excluded.reason`,
  /** name */
  clearWait: 'DELETE FROM pay_watch WHERE name = ?',
} as const;

const FUNDING_CLAIM_HELD = 'customer_id = ? AND currency = ? AND opened = 0 AND claim_token = ?';

/** The funding part's statements; `?` parameters in the order each comment gives. */
export const FUNDING_SQL = {
  /** customerId, currency, token, now, staleBefore: taken when new, stale, or renewed by its holder */
  claim: `INSERT INTO pay_funding_claims (customer_id, currency, claim_token, claimed_at) VALUES (?, ?, ?, ?)
    ON CONFLICT (customer_id, currency) DO UPDATE SET claim_token = excluded.claim_token, claimed_at = excluded.claimed_at
      WHERE pay_funding_claims.opened = 0 AND (pay_funding_claims.claimed_at IS NULL
        OR pay_funding_claims.claimed_at < ? OR pay_funding_claims.claim_token = excluded.claim_token)`,
  /** customerId, currency */
  opened: 'SELECT 1 FROM pay_funding_claims WHERE customer_id = ? AND currency = ? AND opened = 1',
  /** the account's 13 values (FUNDING_COLUMNS), then customerId, currency, token: only while the claim is held */
  insertAccountIfClaimed: `INSERT INTO pay_funding_accounts (account_number, customer_id, currency, account_name,
      bank_name, bank_code, reference, ach_routing, rtp_routing, wire_routing, swift_code, bank_address, created_at)
    SELECT ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?
      WHERE EXISTS (SELECT 1 FROM pay_funding_claims WHERE ${FUNDING_CLAIM_HELD})`,
  /** customerId, currency, token: the accounts are saved, the claim ends */
  settle: `UPDATE pay_funding_claims SET opened = 1, claim_token = NULL, claimed_at = NULL WHERE ${FUNDING_CLAIM_HELD}`,
  /** customerId, currency, token */
  release: `DELETE FROM pay_funding_claims WHERE ${FUNDING_CLAIM_HELD}`,
  /** customerId, currency */
  accountsIn: 'SELECT * FROM pay_funding_accounts WHERE customer_id = ? AND currency = ? ORDER BY rowid',
  /** customerId */
  accountsOf: 'SELECT * FROM pay_funding_accounts WHERE customer_id = ? ORDER BY rowid',
  /** accountNumber */
  findAccount: 'SELECT * FROM pay_funding_accounts WHERE account_number = ?',
  anyAccount: 'SELECT 1 AS one FROM pay_funding_accounts LIMIT 1',
  /** id, customerId, accountNumber, amount, currency, receivedAt, now */
  recordDeposit: `INSERT INTO pay_deposits (id, customer_id, account_number, amount, currency, received_at, owed, claimed_at)
    VALUES (?, ?, ?, ?, ?, ?, 1, ?) ON CONFLICT (id) DO NOTHING`,
  /** id */
  getDeposit: 'SELECT * FROM pay_deposits WHERE id = ?',
  /** customerId, limit */
  depositsOf:
    'SELECT * FROM pay_deposits WHERE customer_id = ? ORDER BY received_at DESC, rowid DESC LIMIT ?',
} as const;

/** The outbox's statements for each kind of delivery owed. */
export const OUTBOX_SQL: Record<OutboxKind, { list: string; claim: string; delivered: string }> = {
  paid: {
    /** claimedBefore */
    list: `SELECT id FROM pay_sessions WHERE onpaid_owed = 1 AND (onpaid_claimed_at IS NULL OR onpaid_claimed_at < ?)`,
    /** now, id, claimedBefore */
    claim: `UPDATE pay_sessions SET onpaid_claimed_at = ?
      WHERE id = ? AND onpaid_owed = 1 AND (onpaid_claimed_at IS NULL OR onpaid_claimed_at < ?)`,
    /** id */
    delivered: 'UPDATE pay_sessions SET onpaid_owed = 0 WHERE id = ?',
  },
  deposit: {
    list: 'SELECT id FROM pay_deposits WHERE owed = 1 AND (claimed_at IS NULL OR claimed_at < ?)',
    claim: `UPDATE pay_deposits SET claimed_at = ?
      WHERE id = ? AND owed = 1 AND (claimed_at IS NULL OR claimed_at < ?)`,
    delivered: 'UPDATE pay_deposits SET owed = 0 WHERE id = ?',
  },
};
