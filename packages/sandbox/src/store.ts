// The emulator's whole state, in process. Wire records are stored as the api package's types so
// every answer has the spec's shape by construction; amounts that change are bigint minor units.
// Every mutation runs synchronously once a request's body is read, so no two requests interleave
// inside a read-modify-write; records are kept in Tables that note what changed, for the state file.
import type {
  BankSuggestion,
  CardEvent,
  Customer,
  DynamicAccount,
  Invoice,
  InvoiceView,
  PaymentLink,
  PaymentResult,
  PermanentVirtualAccount,
  Transaction,
} from '@pay-elements/api';

export interface WalletRecord {
  id: string;
  /** upper-case */
  currency: string;
  balance: bigint;
  status: string;
}

export interface PermanentAccountRecord {
  customerId: string;
  /** the creation result's `reference`, carried as `account_reference` on the credits it receives */
  reference: string;
  /** upper-case */
  currency: string;
  entry: PermanentVirtualAccount;
}

export interface DynamicAccountRecord {
  account: DynamicAccount;
  amount: bigint;
  /** upper-case */
  currency: string;
  expiresAt: number;
  /** the credit transaction that paid it */
  paidBy?: string;
  /** a transfer sent in time that is still settling (./resources/settlements.ts): no other is taken */
  settlingBy?: string;
}

/**
 * An inbound transfer sent with `settle_after_seconds`: listed `processing` until `settleAt` on the
 * emulator's clock, then credited (the wallet, the account, the webhook) as an immediate one is.
 */
export interface SettlementRecord {
  /** as listed while it settles: status `processing`; it keeps its id, ref and created_at */
  transaction: Transaction;
  customerId: string;
  accountNumber: string;
  /** the account's reference, carried by the webhook */
  reference: string;
  /** upper-case */
  currency: string;
  amount: bigint;
  settleAt: number;
}

export interface InvoiceRecord {
  invoice: Invoice;
  /** upper-case */
  currency: string;
  total: bigint;
  paymentDetails: InvoiceView['payment_details'];
}

export interface LinkRecord {
  link: PaymentLink;
  expiresAt: number;
}

export interface CardRecord {
  id: string;
  customerId: string;
  /** lower-case, as card payloads carry it */
  currency: string;
  balance: bigint;
  frozen: boolean;
  number: string;
  cvv: string;
  expiryMonth: number;
  expiryYear: number;
  createdAt: number;
  events: CardEvent[];
  /** times of recent reveals, for the rate limit */
  reveals: number[];
}

export interface TransactionRecord {
  transaction: Transaction;
  /** the customer a credit to a virtual account belongs to (the `customer_id` filter) */
  customerId?: string;
}

/** One event on its way to the webhook URL, and every attempt made at it (the delivery log). */
export interface DeliveryRecord {
  /** the event id, sent as `webhook-id` on every attempt */
  id: string;
  type: string;
  url: string;
  /** the exact JSON sent each time */
  body: string;
  createdAt: number;
  attempts: number;
  /** failed attempts since the delivery (re)started: where it is in the retry schedule */
  step: number;
  delivered: boolean;
  /** HTTP status of the last attempt; null before any or after a connection error */
  lastStatus: number | null;
  lastError: string | null;
  /** emulator-clock time of the next attempt; null when none is due (delivered, given up, held) */
  nextAttemptAt: number | null;
  /** identical sends still to make after the next success (the duplicate_webhook scenario) */
  duplicates: number;
  /** held until this delivery's current attempt is over (the out_of_order_webhooks scenario) */
  after: string | null;
}

/**
 * A Map of records by key that notes which keys were set, deleted or `touch`ed since the state file
 * last took its changes, so the file's journal writes those records alone (./persist.ts). A record
 * changed in place must be touched: nothing else tells the file it changed. Notes nothing until the
 * file first takes its changes (an emulator without a file keeps no list).
 */
export class Table<V> extends Map<string, V> {
  #changed: Set<string> | null = null;

  constructor(entries?: Iterable<readonly [string, V]>) {
    super();
    if (entries) for (const [key, value] of entries) this.set(key, value);
  }

  override set(key: string, value: V): this {
    this.#changed?.add(key);
    return super.set(key, value);
  }

  override delete(key: string): boolean {
    this.#changed?.add(key);
    return super.delete(key);
  }

  /** Notes that the record under `key` was changed in place. */
  touch(key: string): void {
    this.#changed?.add(key);
  }

  /** The keys changed since the last call (from now on, changes are noted). */
  takeChanges(): ReadonlySet<string> {
    const changed = this.#changed ?? new Set<string>();
    this.#changed = new Set();
    return changed;
  }
}

/**
 * Everything the emulator holds. Records in a Table that change in place are touched; the lists only
 * grow (the state file writes what was appended); `business` never changes (reset makes a new State).
 */
export interface State {
  business: { name: string };
  customers: Table<Customer>;
  wallets: Table<WalletRecord>;
  permanentAccounts: PermanentAccountRecord[];
  /** by account_no */
  dynamicAccounts: Table<DynamicAccountRecord>;
  /** by invoice_number */
  invoices: Table<InvoiceRecord>;
  links: LinkRecord[];
  cards: Table<CardRecord>;
  transactions: TransactionRecord[];
  /** payment results by idempotency `reference` */
  payments: Table<PaymentResult>;
  /** banks an account number was paid through, most recent first */
  suggestions: Table<BankSuggestion[]>;
  /** the last invoice number issued */
  invoiceSequence: number;
  /** by event id, oldest first */
  deliveries: Table<DeliveryRecord>;
  /** transfers still settling, by transaction id */
  settlements: Table<SettlementRecord>;
  /** webhook URLs that answered 410 Gone: nothing more is sent to them */
  disabledEndpoints: Set<string>;
}

/** The names of the State's tables and lists, which the state file's journal writes by name. */
export const tableNames = [
  'customers',
  'wallets',
  'dynamicAccounts',
  'invoices',
  'cards',
  'payments',
  'suggestions',
  'deliveries',
  'settlements',
] as const satisfies readonly (keyof State)[];
export type TableName = (typeof tableNames)[number];
export const listNames = [
  'permanentAccounts',
  'links',
  'transactions',
] as const satisfies readonly (keyof State)[];
export type ListName = (typeof listNames)[number];

export function walletByCurrency(state: State, currency: string): WalletRecord | undefined {
  const upper = currency.toUpperCase();
  for (const wallet of state.wallets.values()) if (wallet.currency === upper) return wallet;
  return undefined;
}

/** Whether an account number is already used by any virtual account. */
export function accountNumberTaken(state: State, number: string): boolean {
  return (
    state.dynamicAccounts.has(number) ||
    state.permanentAccounts.some((a) => a.entry.account_number === number)
  );
}
