// What the browser is shown of a customer's accounts (the protocol's FundingView): the accounts, the
// latest deposits and their totals per currency, exact decimal arithmetic; never the customer's id.
import { decimal } from '@pay-elements/api';
import type { FundingView } from '@pay-elements/protocol';
import type { DepositRecord, FundingAccountRecord } from '../store/parts.js';

/** The view without `server_time` (what the ETag and a stream event's id are computed over). */
export type StableFundingView = Omit<FundingView, 'server_time'>;

export function fundingView(accounts: FundingAccountRecord[], deposits: DepositRecord[]): StableFundingView {
  const totals = new Map<string, string[]>();
  for (const d of deposits) totals.set(d.currency, [...(totals.get(d.currency) ?? []), d.amount]);
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
    totals: [...totals].map(([currency, amounts]) => ({
      currency,
      amount: decimal.format(decimal.add(...amounts)),
    })),
  };
}
