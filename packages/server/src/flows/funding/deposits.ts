// Deposits into customers' own accounts, recorded once whoever brings the news (a webhook, the
// watcher): the one rule of what counts as a deposit (`creditFunds`), the record with its onDeposit
// and event owed, a log line. A credit still processing is kept, so that the watcher reads it again
// (after a restart too) until it succeeds, and is recorded then, or fails.
import { decimal, type Transaction } from '@pay-elements/api';
import type { Clock } from '../../clock.js';
import type { CreditOutcome } from '../../flow.js';
import type { Logger } from '../../log.js';
import { isSettledTransfer, isTransferInFlight, toIso } from '../../provider/credits.js';
import type { DepositRecord, FundingAccountRecord, FundingBook } from './book.js';

/**
 * A transaction is a deposit into the account when it is a successful inbound transfer credited to
 * the account's number, of a positive amount.
 */
export function creditFunds(
  transaction: Transaction,
  account: Pick<FundingAccountRecord, 'accountNumber'>,
): boolean {
  return (
    isSettledTransfer(transaction) &&
    transaction.payment_transfer.account_number === account.accountNumber &&
    decimal.isPositive(transaction.amount)
  );
}

export class DepositBook {
  constructor(
    private readonly book: FundingBook,
    private readonly clock: Clock,
  ) {}

  /**
   * What the transaction is for `account`: recorded as a deposit (once: the call that recorded it
   * logs it), kept to read again while it processes, or nothing of the account's.
   */
  async record(account: FundingAccountRecord, transaction: Transaction, log: Logger): Promise<CreditOutcome> {
    if (transaction.payment_transfer.account_number !== account.accountNumber) return 'not-mine';
    if (isTransferInFlight(transaction)) {
      await this.book.inflight({
        id: transaction.id,
        customerId: account.customerId,
        accountNumber: account.accountNumber,
        createdAt: Date.parse(transaction.created_at) || this.clock.now(),
      });
      return 'unsettled';
    }
    if (!creditFunds(transaction, account)) {
      // failed, reversed, or no amount: nothing to record, nothing to read again
      await this.book.settled(transaction.id);
      return 'settled';
    }
    const deposit: DepositRecord = {
      id: transaction.id,
      customerId: account.customerId,
      accountNumber: account.accountNumber,
      amount: decimal.format(transaction.amount),
      currency: account.currency,
      receivedAt: toIso(transaction.created_at, this.clock.now()),
    };
    if (await this.book.recordDeposit(deposit))
      log.info('deposit received', {
        customerId: deposit.customerId,
        depositId: deposit.id,
        amount: deposit.amount,
        currency: deposit.currency,
        accountNumber: deposit.accountNumber,
      });
    return 'settled';
  }
}
