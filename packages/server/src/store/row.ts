// A stored session row as the SQL stores give it back (snake_case columns), parsed rather than cast.
import * as z from 'zod';
import { SessionDisplay, SessionStatus } from '@pay-elements/protocol';
import type { SessionRecord } from './parts.js';

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
