// The one rule of what pays a session, for webhooks and the watcher alike.
import { decimal, type Transaction } from '@pay-elements/api';
import { isSettledTransfer } from '../../provider/credits.js';
import type { SessionRecord } from './book.js';

/** The credit that paid a session, as the watcher or a webhook found it. */
export interface Credit {
  transactionId: string;
  /** ISO 8601 */
  paidAt: string;
}

/**
 * A transaction pays the session when it is a successful inbound transfer credited to the session's
 * account reference, of exactly its amount.
 */
export function creditPays(
  transaction: Transaction,
  session: Pick<SessionRecord, 'reference' | 'amount'>,
): boolean {
  return (
    isSettledTransfer(transaction) &&
    transaction.payment_transfer.account_reference === session.reference &&
    decimal.equals(transaction.amount, session.amount)
  );
}
