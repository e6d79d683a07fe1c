// Opening single-use accounts at the provider: exactly the order's amount, checked against what was
// asked for, under the provider's 429 wait and the circuit breaker, within a deadline.
import { decimal, NotFoundError, type DynamicAccount, type PayClient } from '@pay-elements/api';
import { HttpError, PayError, ProviderUnavailableError } from '../../errors.js';
import type { Kit } from '../../flow.js';
import type { Renewal } from './book.js';

/** What an account is opened for: the order's amount and currency, and the provider's customer. */
export interface AccountOrder {
  /** decimal string, "5000.00" */
  amount: string;
  /** upper-case ISO 4217 */
  currency: string;
  customer_id: string;
}

/** The provider answered an account that is not the one asked for: nothing is shown of it. */
export class AccountMismatchError extends PayError {
  override readonly name = 'AccountMismatchError';
}

export interface AccountOpenerOptions {
  client: PayClient;
  provider: Kit['provider'];
  lifespanMinutes: number;
  /** the longest an opening may take before it is given up (503), ms */
  timeoutMs: number;
}

export class AccountOpener {
  constructor(private readonly options: AccountOpenerOptions) {}

  /** A single-use account for exactly the order's amount, checked against what was asked for. */
  async open(order: AccountOrder): Promise<Renewal> {
    const { client, provider, lifespanMinutes, timeoutMs } = this.options;
    const amount = decimal.toNumber(order.amount);
    if (amount === null)
      throw new AccountMismatchError(`order amount ${order.amount} cannot be sent as an exact number`);
    const deadline = AbortSignal.timeout(timeoutMs);
    let account: DynamicAccount;
    try {
      // under the provider's 429, no account is asked for before its Retry-After (503 meanwhile)
      account = await provider.call('accounts', () =>
        client.virtualAccounts.createDynamic(
          { customer_id: order.customer_id, amount, lifespan_minutes: lifespanMinutes },
          { signal: deadline },
        ),
      );
    } catch (error) {
      // the order's customer is the merchant's input, as its amount is: refused by name, not a 500
      if (error instanceof NotFoundError && /customer/i.test(error.message))
        throw new HttpError('invalid_request', 'The payment provider has no such customer.', {
          fields: { customer_id: ['is not a customer of the payment provider'] },
        });
      if (!deadline.aborted) throw error;
      throw new ProviderUnavailableError('opening the account took too long', 1, { cause: error });
    }
    if (
      !decimal.equalsNumber(account.amount, order.amount) ||
      account.currency.toUpperCase() !== order.currency
    )
      throw new AccountMismatchError(
        `the provider opened an account for ${account.amount} ${account.currency}, ` +
          `not the order's ${order.amount} ${order.currency}`,
      );
    return {
      account: {
        accountName: account.account_name,
        accountNumber: account.account_no,
        bankName: account.bank_name,
      },
      reference: account.reference,
      expiresAt: new Date(Date.parse(account.expires_at)).toISOString(),
    };
  }
}
