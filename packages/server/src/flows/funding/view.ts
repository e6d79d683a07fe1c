// What the browser is shown of a customer's accounts (the protocol's FundingView): the accounts, the
// latest deposits, and the totals of every deposit (not only those listed) per currency, kept as
// exact decimals with the deposits; never the customer's id.
import type { FundingView } from '@pay-elements/protocol';
import type { DepositRecord, FundingAccountRecord } from './book.js';

/** The view without `server_time` (what the ETag and a stream event's id are computed over). */
export type StableFundingView = Omit<FundingView, 'server_time'>;

export function fundingView(
  accounts: FundingAccountRecord[],
  deposits: DepositRecord[],
  totals: { currency: string; amount: string }[],
): StableFundingView {
  return {
    accounts: accounts.map((a) => ({
      currency: a.currency,
      account_name: a.accountName,
      account_number: a.accountNumber,
      bank_name: a.bankName,
      bank_code: a.bankCode,
      ...(a.routing ? { routing: { ...a.routing } } : {}),
      ...(a.swiftCode ? { swift_code: a.swiftCode } : {}),
      ...(a.bankAddress ? { bank_address: a.bankAddress } : {}),
    })),
    deposits: deposits.map((d) => ({
      id: d.id,
      amount: d.amount,
      currency: d.currency,
      received_at: d.receivedAt,
      account_number: d.accountNumber,
    })),
    // in the order of the accounts' currencies, then any other
    totals: [...totals].sort(
      (a, b) =>
        rank(accounts, a.currency) - rank(accounts, b.currency) || a.currency.localeCompare(b.currency),
    ),
  };
}

function rank(accounts: FundingAccountRecord[], currency: string): number {
  const i = accounts.findIndex((a) => a.currency === currency);
  return i === -1 ? accounts.length : i;
}
