// PostgresStore's parts: every transition one conditional statement or one transaction, so the
// compare-and-set happens inside the database, whichever instance sends it.
import { StoreUnavailableError } from '../errors.js';
import type {
  Claim,
  DepositRecord,
  FundingAccountRecord,
  FundingClaim,
  FundingPart,
  OrderClaim,
  OutboxKind,
  OutboxPart,
  PaidMark,
  ProviderCallKind,
  ProviderWait,
  Renewal,
  SessionPart,
  SessionRecord,
  WatchPart,
  WatchState,
  WebhookEventPart,
} from './parts.js';
import type { PgDatabase } from './postgres-db.js';
import {
  fundingAccountValues,
  SESSION_COLUMNS,
  sessionValues,
  toDeposit,
  toDepositOrNull,
  toFundingAccount,
  toFundingAccountOrNull,
  toRecord,
  toRecordOrNull,
} from './row.js';
import { watchStateOf, WATCH_CHECK, WATCH_WATERMARK, WATCH_WEBHOOK, waitName } from './watch-rows.js';

/** The session columns, each prefixed with a table's alias. */
function prefixed(alias: string): string {
  return SESSION_COLUMNS.split(',')
    .map((c) => `${alias}.${c.trim()}`)
    .join(', ');
}

export class PgSessions implements SessionPart {
  constructor(private readonly db: PgDatabase) {}

  async claimOrder(orderId: string, claim: Claim): Promise<OrderClaim> {
    // one statement: a new order row is the claim; an existing one is taken over only when it holds
    // no session and its claim is stale, or renewed by its holder (the row lock makes concurrent
    // takers wait and re-check)
    const claimed = await this.db.changed(
      `INSERT INTO pay_orders (order_id, claim_token, claimed_at) VALUES ($1, $2, $3)
         ON CONFLICT (order_id) DO UPDATE SET claim_token = EXCLUDED.claim_token,
             claimed_at = EXCLUDED.claimed_at
           WHERE pay_orders.session_id IS NULL
             AND (pay_orders.claimed_at IS NULL OR pay_orders.claimed_at < $4
               OR pay_orders.claim_token = EXCLUDED.claim_token)`,
      [orderId, claim.token, claim.now, claim.staleBefore],
    );
    if (claimed) return { outcome: 'claimed' };
    const session = await this.findByOrder(orderId);
    return session ? { outcome: 'session', session } : { outcome: 'busy' };
  }

  async create(s: SessionRecord, token: string): Promise<boolean> {
    return this.db.transaction(async (db) => {
      const held = await db.query(
        `SELECT 1 FROM pay_orders WHERE order_id = $1 AND session_id IS NULL AND claim_token = $2
           FOR UPDATE`,
        [s.orderId, token],
      );
      if (held.rowCount !== 1) return false;
      await db.query(
        `INSERT INTO pay_sessions (${SESSION_COLUMNS})
           VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15)`,
        sessionValues(s),
      );
      await db.query('INSERT INTO pay_references (reference, session_id) VALUES ($1, $2)', [
        s.reference,
        s.id,
      ]);
      await db.query(
        'UPDATE pay_orders SET session_id = $1, claim_token = NULL, claimed_at = NULL WHERE order_id = $2',
        [s.id, s.orderId],
      );
      return true;
    });
  }

  async releaseOrder(orderId: string, token: string): Promise<void> {
    await this.db.query(
      'DELETE FROM pay_orders WHERE order_id = $1 AND session_id IS NULL AND claim_token = $2',
      [orderId, token],
    );
  }

  get(id: string): Promise<SessionRecord | null> {
    return this.one(`SELECT ${SESSION_COLUMNS} FROM pay_sessions WHERE id = $1`, [id]);
  }

  findByReference(reference: string): Promise<SessionRecord | null> {
    return this.one(
      `SELECT ${prefixed('s')} FROM pay_sessions s JOIN pay_references r ON r.session_id = s.id
         WHERE r.reference = $1`,
      [reference],
    );
  }

  findByOrder(orderId: string): Promise<SessionRecord | null> {
    return this.one(
      `SELECT ${prefixed('s')} FROM pay_orders o JOIN pay_sessions s ON s.id = o.session_id
         WHERE o.order_id = $1`,
      [orderId],
    );
  }

  async listPending(limit = 1000): Promise<SessionRecord[]> {
    const { rows } = await this.db.query(
      `SELECT ${SESSION_COLUMNS} FROM pay_sessions WHERE status = 'pending'
         ORDER BY created_at, seq LIMIT $1`,
      [limit],
    );
    return rows.map(toRecord);
  }

  markPaid(id: string, mark: PaidMark): Promise<boolean> {
    return this.db.changed(
      `UPDATE pay_sessions SET status = 'paid', paid_at = $1, transaction_id = $2, onpaid_owed = TRUE,
           onpaid_claimed_at = $3
         WHERE id = $4 AND status != 'paid'`,
      [mark.paidAt, mark.transactionId, mark.now, id],
    );
  }

  markExpired(id: string, reference: string): Promise<boolean> {
    return this.db.changed(
      `UPDATE pay_sessions SET status = 'expired' WHERE id = $1 AND status = 'pending' AND reference = $2`,
      [id, reference],
    );
  }

  claimRenewal(id: string, previousReference: string, claim: Claim): Promise<boolean> {
    return this.db.changed(
      `UPDATE pay_sessions SET renew_token = $1, renew_claimed_at = $2
         WHERE id = $3 AND status = 'expired' AND reference = $4
           AND (renew_token IS NULL OR renew_claimed_at < $5 OR renew_token = $1)`,
      [claim.token, claim.now, id, previousReference, claim.staleBefore],
    );
  }

  async renew(id: string, token: string, renewal: Renewal): Promise<boolean> {
    const { account } = renewal;
    return this.db.transaction(async (db) => {
      const { rowCount } = await db.query(
        `UPDATE pay_sessions SET status = 'pending', account_name = $1, account_number = $2, bank_name = $3,
             reference = $4, expires_at = $5, renew_token = NULL, renew_claimed_at = NULL
           WHERE id = $6 AND status = 'expired' AND renew_token = $7`,
        [
          account.accountName,
          account.accountNumber,
          account.bankName,
          renewal.reference,
          renewal.expiresAt,
          id,
          token,
        ],
      );
      if (rowCount !== 1) return false;
      await db.query('INSERT INTO pay_references (reference, session_id) VALUES ($1, $2)', [
        renewal.reference,
        id,
      ]);
      return true;
    });
  }

  async releaseRenewal(id: string, token: string): Promise<void> {
    await this.db.query(
      'UPDATE pay_sessions SET renew_token = NULL, renew_claimed_at = NULL WHERE id = $1 AND renew_token = $2',
      [id, token],
    );
  }

  private async one(sql: string, values: unknown[]): Promise<SessionRecord | null> {
    const { rows } = await this.db.query(sql, values);
    return toRecordOrNull(rows[0]);
  }
}

/** The outbox's statements for each kind of delivery owed. */
const OUTBOX: Record<OutboxKind, { list: string; claim: string; delivered: string }> = {
  paid: {
    list: `SELECT id FROM pay_sessions
      WHERE onpaid_owed AND (onpaid_claimed_at IS NULL OR onpaid_claimed_at < $1)`,
    claim: `UPDATE pay_sessions SET onpaid_claimed_at = $1
      WHERE id = $2 AND onpaid_owed AND (onpaid_claimed_at IS NULL OR onpaid_claimed_at < $3)`,
    delivered: 'UPDATE pay_sessions SET onpaid_owed = FALSE WHERE id = $1',
  },
  deposit: {
    list: 'SELECT id FROM pay_deposits WHERE owed AND (claimed_at IS NULL OR claimed_at < $1)',
    claim: `UPDATE pay_deposits SET claimed_at = $1
      WHERE id = $2 AND owed AND (claimed_at IS NULL OR claimed_at < $3)`,
    delivered: 'UPDATE pay_deposits SET owed = FALSE WHERE id = $1',
  },
};

/**
 * The outbox. A delivery made while the database is away is kept here and written as soon as it
 * answers again (retried every second), so that it is not made a second time meanwhile.
 */
export class PgOutbox implements OutboxPart {
  /** deliveries that returned while the database could not record them, by kind and id */
  private readonly unrecorded = new Map<string, { kind: OutboxKind; id: string }>();
  private retry: ReturnType<typeof setTimeout> | null = null;

  constructor(private readonly db: PgDatabase) {
    db.onBack(() => {
      if (this.unrecorded.size > 0) void this.recordDelivered();
    });
  }

  async listOwed(kind: OutboxKind, claimedBefore: number): Promise<string[]> {
    const { rows } = await this.db.query<{ id: string }>(OUTBOX[kind].list, [claimedBefore]);
    // delivered here while the database was away: not owed, whatever the row says until the retry lands
    return rows.map((row) => row.id).filter((id) => !this.unrecorded.has(`${kind}:${id}`));
  }

  async claim(kind: OutboxKind, id: string, claimedBefore: number, now: number): Promise<boolean> {
    if (this.unrecorded.has(`${kind}:${id}`)) return false;
    return this.db.changed(OUTBOX[kind].claim, [now, id, claimedBefore]);
  }

  async markDelivered(kind: OutboxKind, id: string): Promise<void> {
    try {
      await this.db.query(OUTBOX[kind].delivered, [id]);
    } catch (error) {
      if (!(error instanceof StoreUnavailableError) || this.db.isClosed) throw error;
      this.unrecorded.set(`${kind}:${id}`, { kind, id });
      this.db.logger.warn('a delivery returned while PostgreSQL is away; recording it when it is back', {
        kind,
        id,
      });
      this.scheduleRetry();
    }
  }

  /** A last try before closing; what still cannot be written stays owed and is delivered again. */
  async close(): Promise<void> {
    if (this.retry) clearTimeout(this.retry);
    this.retry = null;
    if (this.unrecorded.size > 0 && !(await this.recordDelivered()))
      this.db.logger.error('deliveries could not be recorded before closing; they may be repeated', {
        deliveries: [...this.unrecorded.keys()],
      });
    if (this.retry) clearTimeout(this.retry);
    this.retry = null;
  }

  private scheduleRetry(): void {
    if (this.retry || this.db.isClosed) return;
    this.retry = setTimeout(() => {
      this.retry = null;
      void this.recordDelivered();
    }, 1000);
    this.retry.unref();
  }

  /** Writes the deliveries kept while the database was away; true when none is left. */
  private async recordDelivered(): Promise<boolean> {
    for (const [key, { kind, id }] of [...this.unrecorded]) {
      try {
        await this.db.pool.query(OUTBOX[kind].delivered, [id]);
        this.unrecorded.delete(key);
      } catch {
        this.scheduleRetry();
        return false;
      }
    }
    return true;
  }
}

const FUNDING_ACCOUNT_COLUMNS = `account_number, customer_id, currency, account_name, bank_name, bank_code,
  reference, ach_routing, rtp_routing, wire_routing, swift_code, bank_address, created_at`;
const DEPOSIT_COLUMNS = 'id, customer_id, account_number, amount, currency, received_at';

export class PgFunding implements FundingPart {
  constructor(private readonly db: PgDatabase) {}

  async claimAccounts(customerId: string, currency: string, claim: Claim): Promise<FundingClaim> {
    const claimed = await this.db.changed(
      `INSERT INTO pay_funding_claims (customer_id, currency, claim_token, claimed_at) VALUES ($1, $2, $3, $4)
         ON CONFLICT (customer_id, currency) DO UPDATE SET claim_token = EXCLUDED.claim_token,
             claimed_at = EXCLUDED.claimed_at
           WHERE NOT pay_funding_claims.opened
             AND (pay_funding_claims.claimed_at IS NULL OR pay_funding_claims.claimed_at < $5
               OR pay_funding_claims.claim_token = EXCLUDED.claim_token)`,
      [customerId, currency, claim.token, claim.now, claim.staleBefore],
    );
    if (claimed) return { outcome: 'claimed' };
    // one statement: the accounts only once the claim that saved them says so
    const { rows } = await this.db.query(
      `SELECT ${FUNDING_ACCOUNT_COLUMNS} FROM pay_funding_accounts a
         WHERE a.customer_id = $1 AND a.currency = $2 AND EXISTS (SELECT 1 FROM pay_funding_claims c
           WHERE c.customer_id = $1 AND c.currency = $2 AND c.opened)
         ORDER BY a.seq`,
      [customerId, currency],
    );
    return rows.length > 0
      ? { outcome: 'accounts', accounts: rows.map(toFundingAccount) }
      : { outcome: 'busy' };
  }

  async saveAccounts(
    customerId: string,
    currency: string,
    accounts: FundingAccountRecord[],
    token: string,
  ): Promise<boolean> {
    return this.db.transaction(async (db) => {
      const settled = await db.query(
        `UPDATE pay_funding_claims SET opened = TRUE, claim_token = NULL, claimed_at = NULL
           WHERE customer_id = $1 AND currency = $2 AND NOT opened AND claim_token = $3`,
        [customerId, currency, token],
      );
      if (settled.rowCount !== 1) return false;
      for (const account of accounts)
        await db.query(
          `INSERT INTO pay_funding_accounts (${FUNDING_ACCOUNT_COLUMNS})
             VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13)`,
          fundingAccountValues(account),
        );
      return true;
    });
  }

  async releaseAccounts(customerId: string, currency: string, token: string): Promise<void> {
    await this.db.query(
      'DELETE FROM pay_funding_claims WHERE customer_id = $1 AND currency = $2 AND NOT opened AND claim_token = $3',
      [customerId, currency, token],
    );
  }

  async accountsOf(customerId: string): Promise<FundingAccountRecord[]> {
    const { rows } = await this.db.query(
      `SELECT ${FUNDING_ACCOUNT_COLUMNS} FROM pay_funding_accounts WHERE customer_id = $1 ORDER BY seq`,
      [customerId],
    );
    return rows.map(toFundingAccount);
  }

  async findAccount(accountNumber: string): Promise<FundingAccountRecord | null> {
    const { rows } = await this.db.query(
      `SELECT ${FUNDING_ACCOUNT_COLUMNS} FROM pay_funding_accounts WHERE account_number = $1`,
      [accountNumber],
    );
    return toFundingAccountOrNull(rows[0]);
  }

  async hasAccounts(): Promise<boolean> {
    const { rowCount } = await this.db.query('SELECT 1 FROM pay_funding_accounts LIMIT 1', []);
    return rowCount === 1;
  }

  recordDeposit(d: DepositRecord, now: number): Promise<boolean> {
    return this.db.changed(
      `INSERT INTO pay_deposits (${DEPOSIT_COLUMNS}, owed, claimed_at) VALUES ($1, $2, $3, $4, $5, $6, TRUE, $7)
         ON CONFLICT (id) DO NOTHING`,
      [d.id, d.customerId, d.accountNumber, d.amount, d.currency, d.receivedAt, now],
    );
  }

  async getDeposit(id: string): Promise<DepositRecord | null> {
    const { rows } = await this.db.query(`SELECT ${DEPOSIT_COLUMNS} FROM pay_deposits WHERE id = $1`, [id]);
    return toDepositOrNull(rows[0]);
  }

  async depositsOf(customerId: string, limit: number): Promise<DepositRecord[]> {
    const { rows } = await this.db.query(
      `SELECT ${DEPOSIT_COLUMNS} FROM pay_deposits WHERE customer_id = $1
         ORDER BY received_at DESC, seq DESC LIMIT $2`,
      [customerId, limit],
    );
    return rows.map(toDeposit);
  }
}

export class PgWebhookEvents implements WebhookEventPart {
  constructor(private readonly db: PgDatabase) {}

  async has(eventId: string): Promise<boolean> {
    const { rowCount } = await this.db.query('SELECT 1 FROM pay_webhook_events WHERE id = $1', [eventId]);
    return rowCount === 1;
  }

  remember(eventId: string, now: number): Promise<boolean> {
    return this.db.changed(
      'INSERT INTO pay_webhook_events (id, received_at) VALUES ($1, $2) ON CONFLICT (id) DO NOTHING',
      [eventId, now],
    );
  }

  async forgetBefore(before: number): Promise<number> {
    const { rowCount } = await this.db.query('DELETE FROM pay_webhook_events WHERE received_at < $1', [
      before,
    ]);
    return rowCount ?? 0;
  }
}

export class PgWatch implements WatchPart {
  constructor(private readonly db: PgDatabase) {}

  claim(now: number, intervalMs: number): Promise<boolean> {
    return this.db.changed(
      `INSERT INTO pay_watch (name, at) VALUES ($1, $2)
         ON CONFLICT (name) DO UPDATE SET at = EXCLUDED.at WHERE pay_watch.at <= $2 - $3::bigint`,
      [WATCH_CHECK, now, intervalMs],
    );
  }

  async read(): Promise<WatchState> {
    const { rows } = await this.db.pool.query('SELECT name, at, reason FROM pay_watch');
    return watchStateOf(rows);
  }

  advanceWatermark(at: number): Promise<void> {
    return this.raise(WATCH_WATERMARK, at);
  }

  noteWebhook(at: number): Promise<void> {
    return this.raise(WATCH_WEBHOOK, at);
  }

  async setProviderWait(kind: ProviderCallKind, wait: ProviderWait | null): Promise<void> {
    if (wait)
      await this.db.pool.query(
        `INSERT INTO pay_watch (name, at, reason) VALUES ($1, $2, $3)
           ON CONFLICT (name) DO UPDATE SET at = EXCLUDED.at, reason = EXCLUDED.reason`,
        [waitName(kind), Math.ceil(wait.until), wait.reason],
      );
    else await this.db.pool.query('DELETE FROM pay_watch WHERE name = $1', [waitName(kind)]);
  }

  /** Sets a time that only moves forward. */
  private async raise(name: string, at: number): Promise<void> {
    await this.db.pool.query(
      `INSERT INTO pay_watch (name, at) VALUES ($1, $2)
         ON CONFLICT (name) DO UPDATE SET at = EXCLUDED.at WHERE pay_watch.at < EXCLUDED.at`,
      [name, Math.floor(at)],
    );
  }
}
