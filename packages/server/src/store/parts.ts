// The store's contract, split by job: each part is a small interface with its own conformance suite
// (src/testing/store-conformance/), and a store is the parts together (`PayStore`). Every state change
// is a compare-and-set the store does atomically, so the instance whose call made a transition is the
// only one that acts on it, across processes sharing the database.
import type { SessionDisplay, SessionStatus } from '@pay-elements/protocol';

/** The single-use bank account a session shows the shopper. */
export interface SessionAccountRecord {
  accountName: string;
  accountNumber: string;
  bankName: string;
}

export interface SessionRecord {
  id: string;
  orderId: string;
  customerId: string;
  /** the order's decimal string, as `resolveOrder` gave it */
  amount: string;
  /** upper-case ISO 4217 */
  currency: string;
  status: SessionStatus;
  account: SessionAccountRecord;
  /** the provider's reference of the current account */
  reference: string;
  /** ISO 8601 */
  createdAt: string;
  /** ISO 8601, the current account's expiry as the provider gave it */
  expiresAt: string;
  /** ISO 8601 once paid */
  paidAt: string | null;
  /** the provider's transaction that paid the session */
  transactionId: string | null;
  /**
   * what the merchant's resolveOrder gave to show with the session (order title and reference, the
   * way back to the shop, its own merchant), kept with it so that every instance shows the same view
   */
  display?: SessionDisplay;
}

/** What a paid transition records. */
export interface PaidMark {
  paidAt: string;
  transactionId: string;
  /** the clock's now (ms): the onPaid delivery owed is claimed by the caller at this time */
  now: number;
}

/** A new account for an expired session. */
export interface Renewal {
  account: SessionAccountRecord;
  reference: string;
  expiresAt: string;
}

/**
 * A claim on an order or a session: the right to open one provider account for it, made by
 * compare-and-set in the store. A claim older than `staleBefore` (its holder died, or hangs) may be
 * taken over by another caller, whose token then replaces it. Claiming again with the token that
 * holds the claim renews it (a lease: the holder renews while it works, so only a dead holder's claim
 * grows stale).
 */
export interface Claim {
  /** random, unique to the caller */
  token: string;
  /** the clock's now (ms), recorded as the claim's time */
  now: number;
  /** a claim made before this time (ms) is stale and may be taken over */
  staleBefore: number;
}

/** What claiming an order gave: the right to open its account, its session, or a wait. */
export type OrderClaim =
  { outcome: 'claimed' } | { outcome: 'session'; session: SessionRecord } | { outcome: 'busy' };

/** Sessions and the claims on their orders and renewals. */
export interface SessionPart {
  /**
   * The order's one session, or the right to open it. Exactly one caller gets `claimed` for an order
   * (across processes: a uniqueness the database holds); the others get `busy` until it stores the
   * session with `create` (then `session`) or lets go with `releaseOrder`. The holder claiming again
   * with its token gets `claimed` and renews the claim's time.
   */
  claimOrder(orderId: string, claim: Claim): Promise<OrderClaim>;
  /**
   * Stores the order's session while `token` still holds the order's claim, and ends the claim;
   * false (nothing stored) when the claim was taken over. Its id and reference must be new.
   */
  create(session: SessionRecord, token: string): Promise<boolean>;
  /** Gives up an order's claim held by `token` (opening the account failed), so a retry may claim it. */
  releaseOrder(orderId: string, token: string): Promise<void>;
  get(id: string): Promise<SessionRecord | null>;
  /** The session that was given this account reference, current or replaced by a renewal. */
  findByReference(reference: string): Promise<SessionRecord | null>;
  /** The order's session, whatever its status. */
  findByOrder(orderId: string): Promise<SessionRecord | null>;
  /** Pending sessions, oldest first, at most `limit` (for the watcher's check). */
  listPending(limit?: number): Promise<SessionRecord[]>;
  /**
   * pending|expired → paid, exactly once: true only for the call that made the transition. In the
   * same atomic step it records in the outbox (`OutboxPart`, kind `paid`) that onPaid is owed for the
   * session, claimed at `mark.now`: the two parts share one database.
   */
  markPaid(id: string, mark: PaidMark): Promise<boolean>;
  /** pending → expired when the session still has `reference`; true when this call did it. */
  markExpired(id: string, reference: string): Promise<boolean>;
  /**
   * The right to open a new account for an expired session that still has `previousReference`: true
   * for one caller at a time (a stale claim may be taken over; the holder's token renews it).
   */
  claimRenewal(id: string, previousReference: string, claim: Claim): Promise<boolean>;
  /** expired → pending with the new account, while `token` holds the renewal claim; ends the claim. */
  renew(id: string, token: string, renewal: Renewal): Promise<boolean>;
  /** Gives up a renewal claim held by `token`. */
  releaseRenewal(id: string, token: string): Promise<void>;
}

/**
 * What the outbox holds deliveries of: a paid session's onPaid (`paid`, by the session's id), a
 * deposit's onDeposit (`deposit`, by the deposit's id).
 */
export type OutboxKind = 'paid' | 'deposit';

/**
 * The merchant's callbacks owed (an outbox): recorded by the transition that makes them owed (in the
 * same atomic step), delivered by whichever instance claims them, claims renewed by the deliverer.
 */
export interface OutboxPart {
  /** Ids owed of `kind` whose last claim is older than `claimedBefore` (or never claimed). */
  listOwed(kind: OutboxKind, claimedBefore: number): Promise<string[]>;
  /** Claims (or renews) an owed delivery: compare-and-set on the claim time; true when this call did. */
  claim(kind: OutboxKind, id: string, claimedBefore: number, now: number): Promise<boolean>;
  /** The callback returned: nothing is owed for `id` any more. */
  markDelivered(kind: OutboxKind, id: string): Promise<void>;
}

/** Webhook event ids already processed, so that a redelivery changes nothing. */
export interface WebhookEventPart {
  /** Whether the event id was already processed. */
  has(eventId: string): Promise<boolean>;
  /** Remembers a processed event id received at `now` (ms); false when it was already known. */
  remember(eventId: string, now: number): Promise<boolean>;
  /** Forgets the ids received before `before` (ms): answers how many were forgotten. */
  forgetBefore(before: number): Promise<number>;
}

/** The kinds of provider call the kit holds back as one when the provider says "slow down" or is down. */
export type ProviderCallKind = 'transactions' | 'accounts';

/** A kind of provider call no instance makes before `until`. */
export interface ProviderWait {
  /** the clock's time (ms) from which the call may be made again */
  until: number;
  /** `rate_limited`: the provider answered 429 (wait, nothing is down); `unavailable`: it is down */
  reason: 'rate_limited' | 'unavailable';
}

/** What the watcher's merchant-wide check shares with every instance sharing the store. */
export interface WatchState {
  /**
   * the watermark: the newest transaction time (ms) that a completed check read and settled; the
   * next check reads back to it (less an overlap). null before the first check.
   */
  watermark: number | null;
  /** when the last verified webhook delivery arrived (ms); null if none has */
  webhookAt: number | null;
  /** kinds of provider call held back, and until when */
  waits: Partial<Record<ProviderCallKind, ProviderWait>>;
}

/** The watcher's state, shared by the instances: who checks next, how far back, and provider waits. */
export interface WatchPart {
  /**
   * Claims the merchant-wide check: true when no instance sharing this store started one within
   * `intervalMs` before `now`, and then records `now` for them all.
   */
  claim(now: number, intervalMs: number): Promise<boolean>;
  /** The shared state: watermark, last webhook, provider waits. */
  read(): Promise<WatchState>;
  /** Moves the watermark forward to `at` (ms); a watermark never moves back. */
  advanceWatermark(at: number): Promise<void>;
  /** Records a verified webhook delivery at `at` (ms); the latest is kept. */
  noteWebhook(at: number): Promise<void>;
  /** Holds back a kind of provider call until `wait.until` for every instance; null lifts it. */
  setProviderWait(kind: ProviderCallKind, wait: ProviderWait | null): Promise<void>;
}

/** One of a customer's permanent accounts, as the provider opened it. */
export interface FundingAccountRecord {
  customerId: string;
  /** upper-case ISO 4217 */
  currency: string;
  accountNumber: string;
  accountName: string;
  bankName: string;
  bankCode: string;
  /** the provider's reference of the creation that opened it (transfers into it carry it) */
  reference: string;
  /** ACH, RTP and wire routing numbers (USD accounts), else null */
  routing: { ach: string; rtp: string; wire: string } | null;
  swiftCode: string | null;
  bankAddress: string | null;
  /** ISO 8601 */
  createdAt: string;
}

/** A credit into one of a customer's permanent accounts. */
export interface DepositRecord {
  /** the provider's transaction id: one deposit each */
  id: string;
  customerId: string;
  accountNumber: string;
  /** decimal string, as the provider gave it */
  amount: string;
  /** upper-case ISO 4217 */
  currency: string;
  /** ISO 8601 */
  receivedAt: string;
}

/** What claiming a customer's accounts in a currency gave: the right to open them, them, or a wait. */
export type FundingClaim =
  { outcome: 'claimed' } | { outcome: 'accounts'; accounts: FundingAccountRecord[] } | { outcome: 'busy' };

/**
 * Customers' permanent accounts, opened once per customer and currency (a claim as for an order),
 * and the deposits into them, each recorded once with its onDeposit owed (the outbox, kind `deposit`).
 */
export interface FundingPart {
  /**
   * The customer's accounts in `currency`, or the right to open them: exactly one caller gets
   * `claimed` (across processes); the others `busy` until it saves them (then `accounts`) or lets go.
   * The holder claiming again with its token renews the claim.
   */
  claimAccounts(customerId: string, currency: string, claim: Claim): Promise<FundingClaim>;
  /** Stores the accounts opened while `token` holds the claim, and ends it; false when it was taken over. */
  saveAccounts(
    customerId: string,
    currency: string,
    accounts: FundingAccountRecord[],
    token: string,
  ): Promise<boolean>;
  /** Gives up a claim held by `token` (opening failed), so a retry may claim it. */
  releaseAccounts(customerId: string, currency: string, token: string): Promise<void>;
  /** The customer's accounts, every currency, in the order they were saved. */
  accountsOf(customerId: string): Promise<FundingAccountRecord[]>;
  /** The account with this number, whoever's it is. */
  findAccount(accountNumber: string): Promise<FundingAccountRecord | null>;
  /** Whether any customer has accounts (the watcher reads deposits only then). */
  hasAccounts(): Promise<boolean>;
  /**
   * Records a deposit once: true only for the call that recorded it (its id is new). In the same
   * atomic step its onDeposit is owed, claimed at `now`; the change is announced (`fundingChange`).
   */
  recordDeposit(deposit: DepositRecord, now: number): Promise<boolean>;
  getDeposit(id: string): Promise<DepositRecord | null>;
  /** The customer's latest deposits, newest first, at most `limit`. */
  depositsOf(customerId: string, limit: number): Promise<DepositRecord[]>;
}

/** The change feed's name for a customer's accounts: their deposits changed. */
export function fundingChange(customerId: string): string {
  return `funding:${customerId}`;
}

/**
 * Announcements of changed sessions (paid, expired, renewed) and of customers' new deposits
 * (`fundingChange(customerId)`), committed by this store or, for a shared database, by any instance,
 * so that every instance pushes them to the status streams it holds.
 */
export interface ChangeFeedPart {
  /**
   * Calls `listener` with the id of every session whose status or account changes, and
   * `fundingChange(customerId)` for each deposit recorded; answers the unsubscribe. `'*'` means
   * anything may have changed (announcements were lost for a while).
   */
  subscribe(listener: (sessionId: string) => void): () => void;
  /** Resolves once announcements from other instances are heard (PostgreSQL's LISTEN). */
  ready?(): Promise<void>;
}

/** The store a kit takes: its parts, and its health. */
export interface PayStore {
  sessions: SessionPart;
  outbox: OutboxPart;
  webhookEvents: WebhookEventPart;
  watch: WatchPart;
  /** Without it, open status streams learn of changes at the watcher's interval. */
  changes?: ChangeFeedPart;
  /** Customers' own accounts and their deposits: needed when the kit's `funding` option is on. */
  funding?: FundingPart;
  /**
   * Resolves when the store can answer now (a readiness check), rejects when it cannot. Without it
   * the store is taken to be ready while it is open.
   */
  ping?(): Promise<void>;
  close(): Promise<void>;
}
