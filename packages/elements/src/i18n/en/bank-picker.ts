// What <pay-bank-picker> says in English, and the shape of its words that every language fills.
import type { IdentityTranslation, FailureTranslation } from '../parts.js';
import { failure, identity } from './shared.js';

/** <pay-bank-picker>. */
export interface BankPickerTranslation {
  /** Numbers arrive formatted (except `count`, given for plural choices). */
  bankPicker: {
    /** Default visible label. */
    label: string;
    /** Placeholder of the search box. */
    placeholder: string;
    /** Accessible name of the button that opens the list. */
    showList: string;
    /** Name of the group of banks suggested for the account number. */
    suggested: string;
    /** Name of the group of every bank, when suggestions are listed above it. */
    allBanks: string;
    loading: string;
    /** Announced as the list filters: "12 banks", "1 bank". */
    resultCount: (count: number, formatted: string) => string;
    /** Shown and announced when nothing matches. */
    noMatch: string;
    /** Under a capped list: "Showing 100 of 1,000 banks. Keep typing to narrow the list." */
    moreResults: (shown: string, total: string) => string;
    /** Announced when a bank is chosen: "Access Bank selected". */
    selected: (name: string) => string;
    /** Validation message when required and no bank is chosen. */
    required: string;
    /** Heading of the error state. */
    loadFailed: string;
    /** The country has no bank list (the backend answered 404 or 400). */
    unknownCountry: (country: string) => string;
  };
}

/** What <pay-bank-picker> reads (its `localize.term`): its words and the shared ones. */
export type BankPickerTerms = IdentityTranslation & FailureTranslation & BankPickerTranslation;

export const enBankPicker: BankPickerTerms = {
  ...identity,
  ...failure,
  bankPicker: {
    label: 'Bank',
    placeholder: 'Search for a bank',
    showList: 'Show banks',
    suggested: 'Suggested',
    allBanks: 'All banks',
    loading: 'Loading banks…',
    resultCount: (count, formatted) => (count === 1 ? '1 bank' : `${formatted} banks`),
    noMatch: 'No bank matches',
    moreResults: (shown, total) => `Showing ${shown} of ${total} banks. Keep typing to narrow the list.`,
    selected: (name) => `${name} selected`,
    required: 'Choose a bank.',
    loadFailed: 'We could not load the list of banks',
    unknownCountry: (country) => `There is no list of banks for the country “${country}”.`,
  },
};
