// The state file's shape, checked at start with the api package's schemas where the state holds API
// resources: wrong types, impossible times and clocks, and counters beyond what the emulator ever
// writes are refused with the field named, instead of starting and failing on every request.
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
import type { State } from './store.js';

export const STATE_VERSION = 1;
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

/** `{"$bigint": "123"}`, as the file writes a bigint. */
const bigint = z
  .object({ $bigint: z.string().regex(/^-?\d{1,40}$/, 'must be a whole number written as a string') })
  .transform(({ $bigint }) => BigInt($bigint));
const balance = bigint.refine((n) => n >= 0n, 'must not be negative');

/**
 * `{"$map": [[key, value], …]}`, as the file writes a Map. `keyOf`: the key a record is filed under
 * (its id), which the emulator relies on: a delivery filed under another key would be sent forever.
 */
const mapOf = <T>(value: z.ZodType<T>, keyOf?: (record: T) => string) =>
  z
    .object({ $map: z.array(z.tuple([z.string(), value])) })
    .superRefine(({ $map }, ctx) => {
      $map.forEach(([key, record], i) => {
        if (keyOf && keyOf(record) !== key)
          ctx.addIssue({
            code: 'custom',
            path: ['$map', i, 0],
            message: `must be the record's own id (${keyOf(record)})`,
          });
      });
    })
    .transform(({ $map }) => new Map<string, T>($map));
/** `{"$set": [value, …]}`, as the file writes a Set. */
const setOf = <T>(value: z.ZodType<T>) =>
  z.object({ $set: z.array(value) }).transform(({ $set }) => new Set<T>($set));

/** The snapshot; `retries` is the length of the retry schedule in force, which bounds a delivery's `step`. */
export function snapshotSchema(retries: number) {
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
  const state = z.object({
    business: z.object({ name: z.string() }),
    customers: mapOf(Customer, (c) => c.id),
    wallets: mapOf(z.object({ id: z.string(), currency, balance, status: z.string() }), (w) => w.id),
    permanentAccounts: z.array(
      z.object({ customerId: z.string(), reference: z.string(), currency, entry: PermanentVirtualAccount }),
    ),
    dynamicAccounts: mapOf(
      z.object({
        account: DynamicAccount,
        amount: bigint,
        currency,
        expiresAt: time,
        paidBy: z.string().optional(),
      }),
      (a) => a.account.account_no,
    ),
    invoices: mapOf(
      z.object({ invoice: Invoice, currency, total: bigint, paymentDetails: InvoicePaymentDetails }),
      (i) => i.invoice.invoice_number,
    ),
    links: z.array(z.object({ link: PaymentLink, expiresAt: time })),
    cards: mapOf(
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
    transactions: z.array(z.object({ transaction: Transaction, customerId: z.string().optional() })),
    payments: mapOf(PaymentResult),
    suggestions: mapOf(z.array(BankSuggestion)),
    invoiceSequence: z.number().int().min(0).max(999_999_999),
    deliveries: mapOf(delivery, (d) => d.id),
    disabledEndpoints: setOf(z.string()),
  }) satisfies z.ZodType<State>;
  return z.object({
    version: z.literal(STATE_VERSION),
    clock_offset_ms: z.number().min(-MAX_CLOCK_OFFSET_MS).max(MAX_CLOCK_OFFSET_MS),
    state,
  });
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
