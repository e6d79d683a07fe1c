// A stored session row as the SQL stores give it back (snake_case columns), parsed rather than cast.
import * as z from 'zod';
import { SessionDisplay, SessionStatus } from '@pay-elements/protocol';
import type { DepositRecord, FundingAccountRecord, SessionRecord } from './parts.js';

const Row = z.object({
  id: z.string(),
  order_id: z.string(),
  customer_id: z.string(),
  amount: z.string(),
  currency: z.string(),
  status: z.enum(SessionStatus.options),
  account_name: z.string(),
  account_number: z.string(),
  bank_name: z.string(),
  reference: z.string(),
  created_at: z.string(),
  expires_at: z.string(),
  paid_at: z.string().nullable(),
  transaction_id: z.string().nullable(),
  // JSON text in SQLite, parsed already in PostgreSQL (jsonb)
  display: z.unknown().optional(),
});

/** The stored display fields; a value that no longer parses is shown without them. */
function displayOf(stored: unknown): SessionDisplay | undefined {
  if (stored === null || stored === undefined) return undefined;
  let value: unknown = stored;
  if (typeof stored === 'string') {
    try {
      value = JSON.parse(stored);
    } catch {
      return undefined;
    }
  }
  const parsed = SessionDisplay.safeParse(value);
  return parsed.success ? parsed.data : undefined;
}

/** The columns of a stored session, in the order of `sessionValues`. */
export const SESSION_COLUMNS = `id, order_id, customer_id, amount, currency, status, account_name, account_number,
  bank_name, reference, created_at, expires_at, paid_at, transaction_id, display`;

/** A session's column values for an INSERT, in the order of SESSION_COLUMNS. */
export function sessionValues(s: SessionRecord): Array<string | null> {
  const display = s.display && Object.keys(s.display).length > 0 ? JSON.stringify(s.display) : null;
  return [
    s.id,
    s.orderId,
    s.customerId,
    s.amount,
    s.currency,
    s.status,
    s.account.accountName,
    s.account.accountNumber,
    s.account.bankName,
    s.reference,
    s.createdAt,
    s.expiresAt,
    s.paidAt,
    s.transactionId,
    display,
  ];
}

export function toRecord(row: unknown): SessionRecord {
  const r = Row.parse(row);
  return {
    id: r.id,
    orderId: r.order_id,
    customerId: r.customer_id,
    amount: r.amount,
    currency: r.currency,
    status: r.status,
    account: { accountName: r.account_name, accountNumber: r.account_number, bankName: r.bank_name },
    reference: r.reference,
    createdAt: r.created_at,
    expiresAt: r.expires_at,
    paidAt: r.paid_at,
    transactionId: r.transaction_id,
    ...(displayOf(r.display) ? { display: displayOf(r.display) } : {}),
  };
}

export function toRecordOrNull(row: unknown): SessionRecord | null {
  return row === undefined || row === null ? null : toRecord(row);
}

const FundingAccountRow = z.object({
  account_number: z.string(),
  customer_id: z.string(),
  currency: z.string(),
  account_name: z.string(),
  bank_name: z.string(),
  bank_code: z.string(),
  reference: z.string(),
  ach_routing: z.string().nullable(),
  rtp_routing: z.string().nullable(),
  wire_routing: z.string().nullable(),
  swift_code: z.string().nullable(),
  bank_address: z.string().nullable(),
  created_at: z.string(),
});

/** A funding account's column values for an INSERT, in the order of the funding SQL's columns. */
export function fundingAccountValues(a: FundingAccountRecord): Array<string | null> {
  return [
    a.accountNumber,
    a.customerId,
    a.currency,
    a.accountName,
    a.bankName,
    a.bankCode,
    a.reference,
    a.routing?.ach ?? null,
    a.routing?.rtp ?? null,
    a.routing?.wire ?? null,
    a.swiftCode,
    a.bankAddress,
    a.createdAt,
  ];
}

export function toFundingAccount(row: unknown): FundingAccountRecord {
  const r = FundingAccountRow.parse(row);
  const { ach_routing: ach, rtp_routing: rtp, wire_routing: wire } = r;
  return {
    customerId: r.customer_id,
    currency: r.currency,
    accountNumber: r.account_number,
    accountName: r.account_name,
    bankName: r.bank_name,
    bankCode: r.bank_code,
    reference: r.reference,
    routing: ach !== null && rtp !== null && wire !== null ? { ach, rtp, wire } : null,
    swiftCode: r.swift_code,
    bankAddress: r.bank_address,
    createdAt: r.created_at,
  };
}

export function toFundingAccountOrNull(row: unknown): FundingAccountRecord | null {
  return row === undefined || row === null ? null : toFundingAccount(row);
}

const DepositRow = z.object({
  id: z.string(),
  customer_id: z.string(),
  account_number: z.string(),
  amount: z.string(),
  currency: z.string(),
  received_at: z.string(),
});

export function toDeposit(row: unknown): DepositRecord {
  const r = DepositRow.parse(row);
  return {
    id: r.id,
    customerId: r.customer_id,
    accountNumber: r.account_number,
    amount: r.amount,
    currency: r.currency,
    receivedAt: r.received_at,
  };
}

export function toDepositOrNull(row: unknown): DepositRecord | null {
  return row === undefined || row === null ? null : toDeposit(row);
}
