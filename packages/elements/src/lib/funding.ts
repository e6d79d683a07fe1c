// A customer's own accounts as <pay-funding-account> and its server-rendered fallback show them: which
// accounts get the details for transfers from abroad, each field's value as copied, which deposits of
// a view are new, and the text put on the clipboard (a USD account's wire instructions) or in a QR code
// (a local account's details), one "label: value" line each, in the translation table's words.
import type { FundingAccount, FundingDeposit, FundingView } from '@pay-elements/protocol';
import type { FundingAccountTranslation, FundingCopyField } from '../i18n/types.js';
import { compactAccountNumber } from './account-number.js';

/** The fields every account shows, in order. */
export const accountFields = ['account-name', 'account-number', 'bank-name', 'bank-code'] as const;

/** The fields a USD account shows for transfers from abroad, in order. */
export const wireFields = [
  'routing-ach',
  'routing-rtp',
  'routing-wire',
  'swift-code',
  'bank-address',
] as const;

/** The fields that are words (read in their own direction); the others are numbers and codes, left to right. */
export const wordFields: readonly FundingCopyField[] = ['account-name', 'bank-name', 'bank-address'];

/** A USD account is paid from abroad too: it shows its routing numbers, SWIFT code and bank address. */
export function isWireAccount(account: FundingAccount): boolean {
  return account.currency === 'USD';
}

/** A field's value as the backend gave it (the account number unspaced), or undefined where it has none. */
export function fieldValue(account: FundingAccount, field: FundingCopyField): string | undefined {
  return {
    'account-name': account.account_name,
    'account-number': compactAccountNumber(account.account_number),
    'bank-name': account.bank_name,
    'bank-code': account.bank_code,
    'routing-ach': account.routing?.ach,
    'routing-rtp': account.routing?.rtp,
    'routing-wire': account.routing?.wire,
    'swift-code': account.swift_code,
    'bank-address': account.bank_address,
  }[field];
}

/**
 * The deposits of `view` not in `seen`, oldest first (the view lists them newest first), each added
 * to `seen`: a deposit is new once, however many views list it.
 */
export function newDeposits(view: FundingView, seen: Set<string>): FundingDeposit[] {
  const fresh = view.deposits.filter((deposit) => !seen.has(deposit.id)).reverse();
  for (const deposit of fresh) seen.add(deposit.id);
  return fresh;
}

/** "label: value" lines of the fields the account has a value for, after the `first` line. */
function lines(
  account: FundingAccount,
  t: FundingAccountTranslation,
  first: [string, string],
  fields: readonly FundingCopyField[],
): string {
  const f = t.funding;
  return [
    f.line(...first),
    ...fields.flatMap((field) => {
      const value = fieldValue(account, field);
      return value ? [f.line(f.label[field], value)] : [];
    }),
  ].join('\n');
}

/**
 * Everything a bank abroad asks to send a wire, as one text: beneficiary, account number, bank, its
 * address, the ACH, RTP and wire routing numbers, SWIFT code (the lines the account has).
 */
export function wireInstructions(account: FundingAccount, t: FundingAccountTranslation): string {
  return lines(
    account,
    t,
    [t.funding.beneficiaryLabel, account.account_name],
    [
      'account-number',
      'bank-name',
      'bank-address',
      'routing-ach',
      'routing-rtp',
      'routing-wire',
      'swift-code',
    ],
  );
}

/**
 * A local account's QR code: what a transfer to it needs, as text, with no amount (any amount is
 * welcome here). A phone's camera shows the text, from which the account number goes into the bank app.
 */
export function transferDetails(account: FundingAccount, t: FundingAccountTranslation): string {
  const f = t.funding;
  return `${lines(account, t, [f.label['account-name'], account.account_name], accountFields.slice(1))}\n${f.line(f.currencyLabel, account.currency)}`;
}

/**
 * The words of a sentence before and after the value it embeds (`words(value)`), so that the value can
 * be put in an element of its own where the translation puts it.
 */
export function splitAround(words: (value: string) => string): [before: string, after: string] {
  const marker = '\u0000';
  const [before = '', after = ''] = words(marker).split(marker);
  return [before, after];
}
