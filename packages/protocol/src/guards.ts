// The browser's check of the answers it reads (`@pay-elements/protocol/guards`): the same shapes as
// the zod schemas, written by hand so that an element's bundle carries no validator. zod stays on the
// server, where input crosses a trust boundary; guards.test.ts holds both to the same verdicts.
// Each reader answers a copy holding only the protocol's fields (as zod's parse does), or null. They
// forgive what a backend commonly gets wrong where nothing is lost (docs/protocol.md, "What the
// elements forgive"): an optional field sent as null is absent, a currency in lower case is read in
// upper case. Where meaning could change (an amount as a number) they refuse, naming the field.
import type { BankList, BankSuggestions } from './banks.js';
import type { ErrorBody } from './errors.js';
import type { FundingView } from './funding.js';
import type { InvoiceViewModel } from './invoices.js';
import type { LinkView } from './links.js';
import type { SessionView } from './sessions.js';
import {
  amountPattern,
  currencyPattern,
  isHttpUrl,
  shopperErrorCodes,
  type ShopperErrorCode,
} from './wire.js';

export {
  accountNumberPattern,
  isHttpUrl,
  shopperErrorCodes,
  statusOfShopperErrorCode,
  type ShopperErrorCode,
} from './wire.js';
export * from './routes.js';

/** Reads a value of the protocol or throws `notProtocol`. */
type Read<T> = (value: unknown) => T;

/**
 * Why an answer is not the protocol's: the field (a dotted path, `items.0.unit_price`; '' for the
 * answer itself) and what it held there (undefined: missing).
 */
export interface Refusal {
  field: string;
  value: unknown;
}

const notProtocol = new Error('not the protocol');
/** The field being read (keys and indexes), and at a refusal the value refused: reading is synchronous. */
let path: (string | number)[] = [];
let refused: unknown;

function refuse(value: unknown): never {
  refused = value;
  throw notProtocol;
}

const check =
  <T>(test: (value: unknown) => boolean): Read<T> =>
  (value) =>
    test(value) ? (value as T) : refuse(value);

/** Reads `value`, the field `key` of what is being read: a refusal names the field. */
function within<T>(key: string | number, read: Read<T>, value: unknown): T {
  path.push(key);
  const field = read(value);
  path.pop();
  return field;
}

const isString = (value: unknown): value is string => typeof value === 'string';
const text = (min = 0, max = Infinity) =>
  check<string>((v) => isString(v) && v.length >= min && v.length <= max);
const oneOf = <T extends string>(values: readonly T[]) => check<T>((v) => values.includes(v as T));
const number = check<number>((v) => typeof v === 'number' && Number.isFinite(v));

/** Absent; `null` is read as absent too (a backend's None or null), since nothing is lost. */
const optional =
  <T>(read: Read<T>): Read<T | undefined> =>
  (value) =>
    value === undefined || value === null ? undefined : read(value);
const nullable =
  <T>(read: Read<T>): Read<T | null> =>
  (value) =>
    value === null ? null : read(value);
const array =
  <T>(read: Read<T>): Read<T[]> =>
  (value) => {
    if (!Array.isArray(value)) refuse(value);
    return value.map((item, index) => within(index, read, item));
  };
const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
const record =
  <T>(read: Read<T>): Read<Record<string, T>> =>
  (value) => {
    if (!isRecord(value)) refuse(value);
    return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, within(key, read, item)]));
  };
const object =
  <T>(fields: { [K in keyof T]-?: Read<T[K]> }): Read<T> =>
  (value) => {
    if (!isRecord(value)) refuse(value);
    const out: Record<string, unknown> = {};
    for (const [key, read] of Object.entries<Read<unknown>>(fields)) {
      const field = within(key, read, value[key]);
      if (field !== undefined) out[key] = field;
    }
    return out as T;
  };

const string = text();
/** Never a number: 5000 and 5000.5 do not say which decimals the backend meant. */
const amount = check<string>((v) => isString(v) && amountPattern.test(v));
/** Read upper-case: a provider's "ngn" is NGN, nothing is lost. */
const currency: Read<string> = (value) =>
  isString(value) && currencyPattern.test(value.toUpperCase()) ? value.toUpperCase() : refuse(value);
const timestamp = text(1);
const httpUrl = check<string>((v) => isString(v) && v.length <= 2048 && isHttpUrl(v));

const sessionView = (): Read<SessionView> =>
  object<SessionView>({
    id: string,
    status: oneOf(['pending', 'paid', 'expired']),
    amount,
    currency,
    account: object({ account_name: string, account_number: string, bank_name: string }),
    reference: string,
    created_at: timestamp,
    expires_at: timestamp,
    paid_at: nullable(timestamp),
    // 1.1: null until claimed, absent from a 1.0 backend: both read as absent (not claimed)
    claimed_at: optional(timestamp),
    server_time: timestamp,
    checkout_url: optional(string),
    merchant: optional(object({ name: text(1, 120), logo_url: optional(httpUrl) })),
    order: optional(
      object({
        // orderLimits' title and reference, written out so that no element carries the object
        // (guards.test.ts holds them to it)
        title: text(1, 200),
        reference: optional(text(1, 100)),
      }),
    ),
    return_url: optional(httpUrl),
    receipt_url: optional(string),
  });

const invoiceView = (): Read<InvoiceViewModel> =>
  object<InvoiceViewModel>({
    number: string,
    status: oneOf(['pending', 'paid', 'overdue', 'cancelled']),
    currency,
    items: array(object({ name: string, unit_price: amount, quantity: number, total: amount })),
    charges: array(
      object({
        kind: oneOf(['discount', 'tax', 'fee', 'shipping']),
        type: oneOf(['flat', 'percentage']),
        rate: amount,
        amount,
      }),
    ),
    subtotal: amount,
    total: amount,
    note: string,
    due_date: nullable(timestamp),
    created_at: timestamp,
    payment_details: object({
      account_name: string,
      account_number: string,
      bank_name: string,
      currency,
      swift_code: string,
    }),
    hosted_url: optional(string),
    receipt_url: optional(string),
    server_time: timestamp,
  });

const fundingView = (): Read<FundingView> =>
  object<FundingView>({
    accounts: array(
      object({
        currency,
        account_name: string,
        account_number: string,
        bank_name: string,
        bank_code: string,
        routing: optional(object({ ach: string, rtp: string, wire: string })),
        swift_code: optional(string),
        bank_address: optional(string),
      }),
    ),
    deposits: array(object({ id: string, amount, currency, received_at: timestamp, account_number: string })),
    totals: array(object({ currency, amount })),
    server_time: timestamp,
  });

const linkView = (): Read<LinkView> =>
  object<LinkView>({
    id: string,
    title: string,
    description: string,
    amount,
    currency: optional(currency),
    url: string,
    status: oneOf(['active', 'inactive', 'expired']),
    expires_at: nullable(timestamp),
    created_at: timestamp,
  });

const bankList = (): Read<BankList> =>
  object<BankList>({ banks: array(object({ code: string, name: string })) });

const bankSuggestions = (): Read<BankSuggestions> =>
  object<BankSuggestions>({
    suggestions: array(object({ bank_code: string, bank_name: string })),
  });

/** An error body as an element reads it: a code it has no words for is refused (read by the status). */
export interface ShopperErrorBody {
  error: Omit<ErrorBody['error'], 'code'> & { code: ShopperErrorCode };
}

const errorBody = (): Read<ShopperErrorBody> =>
  object<ShopperErrorBody>({
    error: object({
      code: oneOf(shopperErrorCodes),
      message: string,
      fields: optional(record(array(string))),
    }),
  });

/**
 * A reader that answers null instead of throwing, made on its first use: a bundle keeps only the
 * readers it calls (the calls below are pure, and their shapes are built on first use). `onRefusal`
 * hears why an answer was not read: the field, and what it held.
 */
const orNull = <T>(make: () => Read<T>) => {
  let read: Read<T> | undefined;
  return (value: unknown, onRefusal?: (refusal: Refusal) => void): T | null => {
    path = [];
    try {
      return (read ??= make())(value);
    } catch (error) {
      if (error !== notProtocol) throw error;
      onRefusal?.({ field: path.join('.'), value: refused });
      return null;
    }
  };
};

export const readSessionView = /* @__PURE__ */ orNull(sessionView);
export const readInvoiceView = /* @__PURE__ */ orNull(invoiceView);
export const readFundingView = /* @__PURE__ */ orNull(fundingView);
export const readLinkView = /* @__PURE__ */ orNull(linkView);
export const readBankList = /* @__PURE__ */ orNull(bankList);
export const readBankSuggestions = /* @__PURE__ */ orNull(bankSuggestions);
export const readErrorBody = /* @__PURE__ */ orNull(errorBody);
