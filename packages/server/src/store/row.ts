// A stored session row as the SQL stores give it back (snake_case columns), parsed rather than cast.
import * as z from 'zod';
import { SessionStatus } from '@pay-elements/protocol';
import type { SessionRecord } from './types.js';

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
});

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
  };
}

export function toRecordOrNull(row: unknown): SessionRecord | null {
  return row === undefined || row === null ? null : toRecord(row);
}
