// Deposits into customers' own accounts, recorded once whoever brings the news (a webhook, the
// watcher): the one rule of what counts as a deposit, the record with its onDeposit owed (delivered
// now by the instance that recorded it, or later by whichever is alive), a log line and the metric.
import { decimal, type Transaction } from '@pay-elements/api';
import type { Clock } from '../clock.js';
import type { Deliveries } from '../deliveries.js';
import type { Logger } from '../log.js';
import type { PayObserver } from '../observer.js';
import { creditFunds, toIso } from '../provider/credits.js';
import type { DepositRecord, FundingAccountRecord, FundingPart } from '../store/parts.js';

export interface DepositBookOptions {
  funding: FundingPart;
  deliveries: Deliveries<DepositRecord>;
  clock: Clock;
  observer: PayObserver;
}

export class DepositBook {
  constructor(private readonly options: DepositBookOptions) {}

  /**
   * Records the transaction as a deposit into `account` if it is one (`creditFunds`) and is new: true
   * only for the call that recorded it, which then delivers onDeposit. `log` is the logger of the
   * request that brought it (a webhook), or the kit's.
   */
  async record(account: FundingAccountRecord, transaction: Transaction, log: Logger): Promise<boolean> {
    if (!creditFunds(transaction, account)) return false;
    const { funding, deliveries, clock, observer } = this.options;
    const now = clock.now();
    const deposit: DepositRecord = {
      id: transaction.id,
      customerId: account.customerId,
      accountNumber: account.accountNumber,
      amount: decimal.format(transaction.amount),
      currency: account.currency,
      receivedAt: toIso(transaction.created_at, now),
    };
    if (!(await funding.recordDeposit(deposit, now))) return false;
    log.info('deposit received', {
      customerId: deposit.customerId,
      depositId: deposit.id,
      amount: deposit.amount,
      currency: deposit.currency,
      accountNumber: deposit.accountNumber,
    });
    observer.deposit?.();
    deliveries.start(deposit.id, now);
    return true;
  }
}
