// What <pay-bank-picker> says in English.
import type { BankPickerTerms } from '../types.js';
import { failure, identity } from './shared.js';

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
