// The store's parts in the SQLite dialect, over whatever runs the statements: a file through
// better-sqlite3 or node:sqlite (SqliteStore) or Cloudflare's D1 (D1Store). Each transition is one
// conditional statement, or a batch (one transaction) whose statements each carry the condition, so
// the compare-and-set happens inside the database and they all apply or none do.
import * as z from 'zod';
import type { ChangeListeners } from './listeners.js';
import {
  fundingChange,
  type Claim,
  type DepositRecord,
  type FundingAccountRecord,
  type FundingClaim,
  type FundingPart,
  type OrderClaim,
  type OutboxKind,
  type OutboxPart,
  type PaidMark,
  type PayStore,
  type ProviderCallKind,
  type ProviderWait,
  type Renewal,
  type SessionPart,
  type SessionRecord,
  type WatchPart,
  type WatchState,
  type WebhookEventPart,
} from './parts.js';
import {
  fundingAccountValues,
  sessionValues,
  toDeposit,
  toDepositOrNull,
  toFundingAccount,
  toFundingAccountOrNull,
  toRecord,
  toRecordOrNull,
} from './row.js';
import { FUNDING_SQL, OUTBOX_SQL, SQL } from './sqlite-sql.js';
import { watchStateOf, WATCH_CHECK, WATCH_WATERMARK, WATCH_WEBHOOK, waitName } from './watch-rows.js';

const IdRow = z.object({ id: z.string() });

/** A statement and its `?` parameters. */
export type Statement = readonly [sql: string, values: readonly unknown[]];

/** What runs the SQL: a driver's statements, each answered as a promise. */
export interface SqlExecutor {
  /** Runs a statement; answers the number of rows it changed. */
  run(sql: string, values: readonly unknown[]): Promise<number>;
  /** The first row (undefined when none) as `map` reads it: one promise on the hot path. */
  first<T>(sql: string, values: readonly unknown[], map: (row: unknown) => T): Promise<T>;
  /** Every row, as `map` reads each. */
  all<T>(sql: string, values: readonly unknown[], map: (row: unknown) => T): Promise<T[]>;
  /** Runs the statements in one transaction; answers the rows each changed. */
  batch(statements: readonly Statement[]): Promise<number[]>;
}

class SqlSessions implements SessionPart {
  constructor(
    private readonly db: SqlExecutor,
    private readonly changes: ChangeListeners,
  ) {}

  async claimOrder(orderId: string, claim: Claim): Promise<OrderClaim> {
    const claimed = await this.db.run(SQL.claimOrder, [orderId, claim.token, claim.now, claim.staleBefore]);
    if (claimed === 1) return { outcome: 'claimed' };
    const session = await this.findByOrder(orderId);
    return session ? { outcome: 'session', session } : { outcome: 'busy' };
  }

  async create(session: SessionRecord, token: string): Promise<boolean> {
    // one transaction; each statement holds only while the claim does, and the last one ends it
    const [inserted] = await this.db.batch([
      [SQL.insertSessionIfClaimed, [...sessionValues(session), session.orderId, token]],
      [SQL.insertReferenceIfClaimed, [session.reference, session.id, session.orderId, token]],
      [SQL.settleOrder, [session.id, session.orderId, token]],
    ]);
    return inserted === 1;
  }

  async releaseOrder(orderId: string, token: string): Promise<void> {
    await this.db.run(SQL.releaseOrder, [orderId, token]);
  }

  get(id: string): Promise<SessionRecord | null> {
    return this.db.first(SQL.get, [id], toRecordOrNull);
  }

  findByReference(reference: string): Promise<SessionRecord | null> {
    return this.db.first(SQL.findByReference, [reference], toRecordOrNull);
  }

  findByOrder(orderId: string): Promise<SessionRecord | null> {
    return this.db.first(SQL.findByOrder, [orderId], toRecordOrNull);
  }

  listPending(limit = 1000): Promise<SessionRecord[]> {
    return this.db.all(SQL.listPending, [limit], toRecord);
  }

  markPaid(id: string, mark: PaidMark): Promise<boolean> {
    return this.announce(id, this.db.run(SQL.markPaid, [mark.paidAt, mark.transactionId, mark.now, id]));
  }

  markExpired(id: string, reference: string): Promise<boolean> {
    return this.announce(id, this.db.run(SQL.markExpired, [id, reference]));
  }

  async claimRenewal(id: string, previousReference: string, claim: Claim): Promise<boolean> {
    const { token, now, staleBefore } = claim;
    return (
      (await this.db.run(SQL.claimRenewal, [token, now, id, previousReference, staleBefore, token])) === 1
    );
  }

  renew(id: string, token: string, renewal: Renewal): Promise<boolean> {
    const { account } = renewal;
    // the reference first, while the renewal claim that the swap then ends still holds
    const swap = this.db
      .batch([
        [SQL.insertReferenceIfRenewing, [renewal.reference, id, id, token]],
        [
          SQL.renew,
          [
            account.accountName,
            account.accountNumber,
            account.bankName,
            renewal.reference,
            renewal.expiresAt,
            id,
            token,
          ],
        ],
      ])
      .then(([, swapped]) => swapped ?? 0);
    return this.announce(id, swap);
  }

  async releaseRenewal(id: string, token: string): Promise<void> {
    await this.db.run(SQL.releaseRenewal, [id, token]);
  }

  /** Announces a committed transition to this process's subscribers. */
  private async announce(id: string, transition: Promise<number>): Promise<boolean> {
    const done = (await transition) === 1;
    if (done) this.changes.emit(id);
    return done;
  }
}

class SqlOutbox implements OutboxPart {
  constructor(private readonly db: SqlExecutor) {}

  listOwed(kind: OutboxKind, claimedBefore: number): Promise<string[]> {
    return this.db.all(OUTBOX_SQL[kind].list, [claimedBefore], (row) => IdRow.parse(row).id);
  }

  async claim(kind: OutboxKind, id: string, claimedBefore: number, now: number): Promise<boolean> {
    return (await this.db.run(OUTBOX_SQL[kind].claim, [now, id, claimedBefore])) === 1;
  }

  async markDelivered(kind: OutboxKind, id: string): Promise<void> {
    await this.db.run(OUTBOX_SQL[kind].delivered, [id]);
  }
}

class SqlFunding implements FundingPart {
  constructor(
    private readonly db: SqlExecutor,
    private readonly changes: ChangeListeners,
  ) {}

  async claimAccounts(customerId: string, currency: string, claim: Claim): Promise<FundingClaim> {
    const { token, now, staleBefore } = claim;
    if ((await this.db.run(FUNDING_SQL.claim, [customerId, currency, token, now, staleBefore])) === 1)
      return { outcome: 'claimed' };
    // read the accounts before asking whether they were saved: a save between the two reads then
    // answers `busy`, never an empty list
    const accounts = await this.db.all(FUNDING_SQL.accountsIn, [customerId, currency], toFundingAccount);
    const opened = await this.db.first(
      FUNDING_SQL.opened,
      [customerId, currency],
      (row) => row !== undefined,
    );
    return opened && accounts.length > 0 ? { outcome: 'accounts', accounts } : { outcome: 'busy' };
  }

  async saveAccounts(
    customerId: string,
    currency: string,
    accounts: FundingAccountRecord[],
    token: string,
  ): Promise<boolean> {
    const held = [customerId, currency, token];
    const changed = await this.db.batch([
      ...accounts.map((a): Statement => [
        FUNDING_SQL.insertAccountIfClaimed,
        [...fundingAccountValues(a), ...held],
      ]),
      [FUNDING_SQL.settle, held],
    ]);
    return changed.at(-1) === 1;
  }

  async releaseAccounts(customerId: string, currency: string, token: string): Promise<void> {
    await this.db.run(FUNDING_SQL.release, [customerId, currency, token]);
  }

  accountsOf(customerId: string): Promise<FundingAccountRecord[]> {
    return this.db.all(FUNDING_SQL.accountsOf, [customerId], toFundingAccount);
  }

  findAccount(accountNumber: string): Promise<FundingAccountRecord | null> {
    return this.db.first(FUNDING_SQL.findAccount, [accountNumber], toFundingAccountOrNull);
  }

  hasAccounts(): Promise<boolean> {
    return this.db.first(FUNDING_SQL.anyAccount, [], (row) => row !== undefined);
  }

  async recordDeposit(d: DepositRecord, now: number): Promise<boolean> {
    const values = [d.id, d.customerId, d.accountNumber, d.amount, d.currency, d.receivedAt, now];
    const recorded = (await this.db.run(FUNDING_SQL.recordDeposit, values)) === 1;
    if (recorded) this.changes.emit(fundingChange(d.customerId));
    return recorded;
  }

  getDeposit(id: string): Promise<DepositRecord | null> {
    return this.db.first(FUNDING_SQL.getDeposit, [id], toDepositOrNull);
  }

  depositsOf(customerId: string, limit: number): Promise<DepositRecord[]> {
    return this.db.all(FUNDING_SQL.depositsOf, [customerId, limit], toDeposit);
  }
}

class SqlWebhookEvents implements WebhookEventPart {
  constructor(private readonly db: SqlExecutor) {}

  has(eventId: string): Promise<boolean> {
    return this.db.first(SQL.hasEvent, [eventId], (row) => row !== undefined);
  }

  async remember(eventId: string, now: number): Promise<boolean> {
    return (await this.db.run(SQL.rememberEvent, [eventId, now])) === 1;
  }

  forgetBefore(before: number): Promise<number> {
    return this.db.run(SQL.forgetEvents, [before]);
  }
}

class SqlWatch implements WatchPart {
  constructor(private readonly db: SqlExecutor) {}

  async claim(now: number, intervalMs: number): Promise<boolean> {
    return (await this.db.run(SQL.claimWatch, [WATCH_CHECK, now, now, intervalMs])) === 1;
  }

  async read(): Promise<WatchState> {
    return watchStateOf(await this.db.all(SQL.readWatch, [], (row) => row));
  }

  async advanceWatermark(at: number): Promise<void> {
    await this.db.run(SQL.raiseWatch, [WATCH_WATERMARK, Math.floor(at)]);
  }

  async noteWebhook(at: number): Promise<void> {
    await this.db.run(SQL.raiseWatch, [WATCH_WEBHOOK, Math.floor(at)]);
  }

  async setProviderWait(kind: ProviderCallKind, wait: ProviderWait | null): Promise<void> {
    if (wait) await this.db.run(SQL.setWait, [waitName(kind), Math.ceil(wait.until), wait.reason]);
    else await this.db.run(SQL.clearWait, [waitName(kind)]);
  }
}

/** The parts of a store in the SQLite dialect, on one executor; changes told to `changes`. */
export function sqliteParts(
  db: SqlExecutor,
  changes: ChangeListeners,
): Required<Pick<PayStore, 'sessions' | 'outbox' | 'webhookEvents' | 'watch' | 'funding'>> {
  return {
    sessions: new SqlSessions(db, changes),
    funding: new SqlFunding(db, changes),
    outbox: new SqlOutbox(db),
    webhookEvents: new SqlWebhookEvents(db),
    watch: new SqlWatch(db),
  };
}
