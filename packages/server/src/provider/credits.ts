// The rules of what a credit is, for webhooks and the watcher alike: when a transaction pays a
// session, when it is a deposit into a customer's own account, and a provider timestamp as the kit
// stores it.
import { decimal, type Transaction } from '@pay-elements/api';
import type { FundingAccountRecord, SessionRecord } from '../store/parts.js';

/** The credit that paid a session, as the watcher or a webhook found it. */
export interface Credit {
  transactionId: string;
  /** ISO 8601 */
  paidAt: string;
}

/** The transaction type of an inbound bank transfer to a virtual account. */
const TRANSFER_TYPE = 'transfer';

/**
 * The one rule, for webhooks and the watcher alike: a transaction pays the session when it is a
 * successful inbound transfer credited to the session's account reference, of exactly its amount.
 */
export function creditPays(
  transaction: Transaction,
  session: Pick<SessionRecord, 'reference' | 'amount'>,
): boolean {
  return (
    transaction.type === TRANSFER_TYPE &&
    transaction.entry === 'credit' &&
    transaction.status === 'success' &&
    transaction.payment_transfer.account_reference === session.reference &&
    decimal.equals(transaction.amount, session.amount)
  );
}

/** A provider timestamp as ISO 8601 in UTC; `fallback` when it does not parse. */
export function toIso(timestamp: string, fallback: number): string {
  const at = Date.parse(timestamp);
  return new Date(Number.isNaN(at) ? fallback : at).toISOString();
}

/**
 * The one rule, for webhooks and the watcher alike: a transaction is a deposit into the account when
 * it is a successful inbound transfer credited to the account's number, of a positive amount.
 */
export function creditFunds(
  transaction: Transaction,
  account: Pick<FundingAccountRecord, 'accountNumber'>,
): boolean {
  return (
    transaction.type === TRANSFER_TYPE &&
    transaction.entry === 'credit' &&
    transaction.status === 'success' &&
    transaction.payment_transfer.account_number === account.accountNumber &&
    decimal.isPositive(transaction.amount)
  );
}
