// A customer's own accounts as <pay-funding-account> and its server-rendered fallback show them: which
// accounts get the details for transfers from abroad, which deposits of a view are new, and the text
// put on the clipboard (a USD account's wire instructions) or in a QR code (a local account's details),
// one "label: value" line each, in the translation table's words.
import type { FundingAccount, FundingDeposit, FundingView } from '@pay-elements/protocol';
import type { FundingAccountTranslation, PaymentDetailsTranslation } from '../i18n/types.js';
import { compactAccountNumber } from './account-number.js';

/** The words the texts are made of. */
export type FundingTextTerms = FundingAccountTranslation &
  Pick<PaymentDetailsTranslation, 'accountNameLabel' | 'accountNumberLabel' | 'bankLabel'>;

/** A USD account is paid from abroad too: it shows its routing numbers, SWIFT code and bank address. */
export function isWireAccount(account: FundingAccount): boolean {
  return account.currency === 'USD';
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

/** "label: value" lines of the pairs that have a value. */
function lines(t: FundingTextTerms, pairs: [string, string | undefined][]): string {
  return pairs.flatMap(([label, value]) => (value ? [t.funding.line(label, value)] : [])).join('\n');
}

/**
 * Everything a bank abroad asks to send a wire, as one text: beneficiary, account number, bank, its
 * address, the ACH, RTP and wire routing numbers, SWIFT code (the lines the account has).
 */
export function wireInstructions(account: FundingAccount, t: FundingTextTerms): string {
  const f = t.funding;
  return lines(t, [
    [f.beneficiaryLabel, account.account_name],
    [t.accountNumberLabel, compactAccountNumber(account.account_number)],
    [t.bankLabel, account.bank_name],
    [f.bankAddressLabel, account.bank_address],
    [f.achRoutingLabel, account.routing?.ach],
    [f.rtpRoutingLabel, account.routing?.rtp],
    [f.wireRoutingLabel, account.routing?.wire],
    [f.swiftCodeLabel, account.swift_code],
  ]);
}

/**
 * A local account's QR code: what a transfer to it needs, as text, with no amount (any amount is
 * welcome here). A phone's camera shows the text, from which the account number goes into the bank app.
 */
export function transferDetails(account: FundingAccount, t: FundingTextTerms): string {
  const f = t.funding;
  return lines(t, [
    [t.accountNameLabel, account.account_name],
    [t.accountNumberLabel, compactAccountNumber(account.account_number)],
    [t.bankLabel, account.bank_name],
    [f.bankCodeLabel, account.bank_code],
    [f.currencyLabel, account.currency],
  ]);
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
