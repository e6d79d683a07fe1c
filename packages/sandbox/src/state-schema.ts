// The state file's shape, its snapshot and its journal alike, checked at start with the api package's
// schemas where the state holds API resources: wrong types, impossible times and clocks, and counters
// beyond what the emulator ever writes are refused with the field named, instead of starting and
// failing on every request.
import * as z from 'zod';
import {
  BankSuggestion,
  CardEvent,
  Customer,
  DynamicAccount,
  Invoice,
  InvoicePaymentDetails,
  PaymentLink,
  PaymentResult,
  PermanentVirtualAccount,
  Transaction,
} from '@pay-elements/api';
import { DAY } from './clock.js';
import { MAX_WEBHOOK_COPIES } from './scenarios.js';
import {
  Table,
  tableNames,
  type ListName,
  type SettlementRecord,
  type State,
  type TableName,
} from './store.js';

export const STATE_VERSION = 1;
export const JOURNAL_VERSION = 1;
/** How far the saved clock may have been moved from real time: a century either way. */
export const MAX_CLOCK_OFFSET_MS = 100 * 365 * DAY;
/** Reveal times kept per card (the rate limit needs a minute's worth; far fewer in practice). */
const MAX_REVEALS = 1_000;

/** Epoch milliseconds of a date with a four-digit year (what `toISOString` writes as it is). */
const time = z
  .number()
  .int()
  .min(-62_167_219_200_000) // 0000-01-01
  .max(Date.UTC(9999, 11, 31, 23, 59, 59, 999));
const count = z.number().int().min(0).max(Number.MAX_SAFE_INTEGER);
const currency = z.string().regex(/^[A-Z]{3}$/, 'must be an upper-case three-letter currency code');
const clockOffset = z.number().min(-MAX_CLOCK_OFFSET_MS).max(MAX_CLOCK_OFFSET_MS);

/** `{"$bigint": "123"}`, as the file writes a bigint. */
const bigint = z
  .object({ $bigint: z.string().regex(/^-?\d{1,40}$/, 'must be a whole number written as a string') })
  .transform(({ $bigint }) => BigInt($bigint));
const balance = bigint.refine((n) => n >= 0n, 'must not be negative');

/** A record filed under a key, and the key it must be filed under (its id), if the emulator relies on it. */
interface Keyed<T> {
  record: z.ZodType<T>;
  /** a delivery filed under another key than its id would be sent forever */
  keyOf?: (record: T) => string;
}

/** Entries `[key, record]`, each record filed under its own key. */
const entriesOf = <T>({ record, keyOf }: Keyed<T>) =>
  z.array(z.tuple([z.string(), record])).superRefine((entries, ctx) => {
    entries.forEach(([key, value], i) => {
      if (keyOf && keyOf(value) !== key)
        ctx.addIssue({
          code: 'custom',
          path: [i, 0],
          message: `must be the record's own id (${keyOf(value)})`,
        });
    });
  });

/** `{"$map": [[key, value], …]}`, as the file writes a Table. */
const tableOf = <T>(keyed: Keyed<T>) =>
  z.object({ $map: entriesOf(keyed) }).transform(({ $map }) => new Table<T>($map));
/** `{"$set": [value, …]}`, as the file writes a Set. */
const setOf = <T>(value: z.ZodType<T>) =>
  z.object({ $set: z.array(value) }).transform(({ $set }) => new Set<T>($set));

const keyed = <T>(record: z.ZodType<T>, keyOf?: (record: T) => string): Keyed<T> =>
  keyOf ? { record, keyOf } : { record };

/**
 * The records of each table and list of the State, checked the same way in the snapshot and in the
 * journal (./persist.ts); `retries` is the length of the retry schedule in force, which bounds a
 * delivery's `step`.
 */
export function recordSchemas(retries: number) {
  const delivery = z.object({
    id: z.string(),
    type: z.string(),
    url: z.string(),
    body: z.string(),
    createdAt: time,
    attempts: count,
    step: z
      .number()
      .int()
      .min(0)
      .max(retries + 1), // one past the schedule once given up
    delivered: z.boolean(),
    lastStatus: z.number().int().min(100).max(599).nullable(),
    lastError: z.string().nullable(),
    nextAttemptAt: time.nullable(),
    duplicates: z
      .number()
      .int()
      .min(0)
      .max(MAX_WEBHOOK_COPIES - 1),
    after: z.string().nullable(),
  });
  return {
    tables: {
      customers: keyed(Customer, (c) => c.id),
      wallets: keyed(z.object({ id: z.string(), currency, balance, status: z.string() }), (w) => w.id),
      dynamicAccounts: keyed(
        z.object({
          account: DynamicAccount,
          amount: bigint,
          currency,
          expiresAt: time,
          paidBy: z.string().optional(),
          settlingBy: z.string().optional(),
        }),
        (a) => a.account.account_no,
      ),
      invoices: keyed(
        z.object({ invoice: Invoice, currency, total: bigint, paymentDetails: InvoicePaymentDetails }),
        (i) => i.invoice.invoice_number,
      ),
      cards: keyed(
        z.object({
          id: z.string(),
          customerId: z.string(),
          currency: z.string().regex(/^[a-z]{3}$/, 'must be a lower-case three-letter currency code'),
          balance,
          frozen: z.boolean(),
          number: z.string(),
          cvv: z.string(),
          expiryMonth: z.number().int().min(1).max(12),
          expiryYear: z.number().int().min(2000).max(9999),
          createdAt: time,
          events: z.array(CardEvent),
          reveals: z.array(time).max(MAX_REVEALS),
        }),
        (c) => c.id,
      ),
      payments: keyed(PaymentResult),
      suggestions: keyed(z.array(BankSuggestion)),
      deliveries: keyed(delivery, (d) => d.id),
      settlements: keyed(
        z.object({
          transaction: Transaction,
          customerId: z.string(),
          accountNumber: z.string(),
          reference: z.string(),
          currency,
          amount: balance.refine((n) => n > 0n, 'must be more than 0'),
          settleAt: time,
        }),
        (r) => r.transaction.id,
      ),
    },
    lists: {
      permanentAccounts: z.object({
        customerId: z.string(),
        reference: z.string(),
        currency,
        entry: PermanentVirtualAccount,
      }),
      links: z.object({ link: PaymentLink, expiresAt: time }),
      transactions: z.object({ transaction: Transaction, customerId: z.string().optional() }),
    },
    invoiceSequence: z.number().int().min(0).max(999_999_999),
    disabledEndpoints: z.array(z.string()),
  };
}

/** The snapshot; `retries` is the length of the retry schedule in force, which bounds a delivery's `step`. */
export function snapshotSchema(retries: number) {
  const { tables, lists, invoiceSequence } = recordSchemas(retries);
  const state = z.object({
    business: z.object({ name: z.string() }),
    customers: tableOf(tables.customers),
    wallets: tableOf(tables.wallets),
    permanentAccounts: z.array(lists.permanentAccounts),
    dynamicAccounts: tableOf(tables.dynamicAccounts),
    invoices: tableOf(tables.invoices),
    links: z.array(lists.links),
    cards: tableOf(tables.cards),
    transactions: z.array(lists.transactions),
    payments: tableOf(tables.payments),
    suggestions: tableOf(tables.suggestions),
    invoiceSequence,
    deliveries: tableOf(tables.deliveries),
    // files written before late transfers have none
    settlements: tableOf(tables.settlements).default(() => new Table<SettlementRecord>()),
    disabledEndpoints: setOf(z.string()),
  }) satisfies z.ZodType<State>;
  return z.object({
    version: z.literal(STATE_VERSION),
    /** names the snapshot the journal beside it follows; older files have none */
    id: z.string().optional(),
    clock_offset_ms: clockOffset,
    state,
  });
}

/** The journal beside a snapshot: its first line names the snapshot, each other line is one change. */
export function journalSchemas(retries: number) {
  const { tables, lists, invoiceSequence, disabledEndpoints } = recordSchemas(retries);
  const header = z.object({ journal: z.literal(JOURNAL_VERSION), snapshot: z.string() });
  const sets = z.object({
    customers: entriesOf(tables.customers),
    wallets: entriesOf(tables.wallets),
    dynamicAccounts: entriesOf(tables.dynamicAccounts),
    invoices: entriesOf(tables.invoices),
    cards: entriesOf(tables.cards),
    payments: entriesOf(tables.payments),
    suggestions: entriesOf(tables.suggestions),
    deliveries: entriesOf(tables.deliveries),
    settlements: entriesOf(tables.settlements),
  } satisfies Record<TableName, z.ZodType>);
  const appended = <T extends z.ZodType>(item: T) =>
    z.object({ at: z.number().int().min(0), items: z.array(item) });
  const change = z.strictObject({
    clock_offset_ms: clockOffset,
    set: sets.partial().optional(),
    delete: z.partialRecord(z.enum(tableNames), z.array(z.string())).optional(),
    append: z
      .object({
        permanentAccounts: appended(lists.permanentAccounts),
        links: appended(lists.links),
        transactions: appended(lists.transactions),
      } satisfies Record<ListName, z.ZodType>)
      .partial()
      .optional(),
    invoiceSequence: invoiceSequence.optional(),
    disabledEndpoints: disabledEndpoints.optional(),
  });
  return { header, change };
}

/**
 * A field's name in the file, for a message: `state.wallets[wal_ngn].balance` rather than zod's
 * `state.wallets.$map.0.1.balance.$bigint`.
 */
export function fieldName(input: unknown, path: readonly PropertyKey[]): string {
  let name = '';
  let node: unknown = input;
  const at = (value: unknown, key: PropertyKey): unknown =>
    typeof value === 'object' && value !== null ? Reflect.get(value, key) : undefined;
  for (let i = 0; i < path.length; i += 1) {
    const segment = path[i];
    const next = path[i + 1];
    if (segment === undefined || segment === '$bigint') break;
    if (segment === '$map' && typeof next === 'number') {
      const entry = at(at(node, '$map'), next);
      const key = at(entry, 0);
      name += `[${typeof key === 'string' ? key : String(next)}]`;
      if (path[i + 2] === 0) return `${name} (its key)`;
      node = at(entry, 1);
      i += 2;
    } else if (segment === '$set' && typeof next === 'number') {
      name += `[${String(next)}]`;
      node = at(at(node, '$set'), next);
      i += 1;
    } else {
      name += typeof segment === 'number' ? `[${segment}]` : `${name ? '.' : ''}${String(segment)}`;
      node = at(node, segment);
    }
  }
  return name || 'the file';
}
