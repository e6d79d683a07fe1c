// What every flow's rule of a credit shares: a successful inbound bank transfer, and a provider
// timestamp as the kit stores it.
import type { Transaction } from '@pay-elements/api';

/** The transaction type of an inbound bank transfer to a virtual account. */
const TRANSFER_TYPE = 'transfer';

/** Whether the transaction is an inbound bank transfer the provider has settled. */
export function isSettledTransfer(transaction: Transaction): boolean {
  return (
    transaction.type === TRANSFER_TYPE && transaction.entry === 'credit' && transaction.status === 'success'
  );
}

/** The statuses of a transaction whose outcome is not known yet (the spec shows `processing`). */
const IN_FLIGHT = new Set(['processing', 'pending']);

/** Whether the transaction is an inbound bank transfer whose outcome is not known yet. */
export function isTransferInFlight(transaction: Transaction): boolean {
  return (
    transaction.type === TRANSFER_TYPE && transaction.entry === 'credit' && IN_FLIGHT.has(transaction.status)
  );
}

/** A provider timestamp as ISO 8601 in UTC; `fallback` when it does not parse. */
export function toIso(timestamp: string, fallback: number): string {
  const at = Date.parse(timestamp);
  return new Date(Number.isNaN(at) ? fallback : at).toISOString();
}
