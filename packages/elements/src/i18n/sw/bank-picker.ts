// What <pay-bank-picker> says in Swahili.
import type { BankPickerTerms } from '../types.js';
import { failure, identity } from './shared.js';

export const swBankPicker: BankPickerTerms = {
  ...identity,
  ...failure,
  bankPicker: {
    label: 'Benki',
    placeholder: 'Tafuta benki',
    showList: 'Onyesha benki',
    suggested: 'Zinazopendekezwa',
    allBanks: 'Benki zote',
    loading: 'Inapakia orodha ya benki…',
    resultCount: (_count, formatted) => `Benki ${formatted}`,
    noMatch: 'Hakuna benki inayolingana',
    moreResults: (shown, total) =>
      `Zinaonyeshwa benki ${shown} kati ya ${total}. Endelea kuandika ili kupunguza orodha.`,
    selected: (name) => `Umechagua ${name}`,
    required: 'Chagua benki.',
    loadFailed: 'Hatukuweza kupakia orodha ya benki',
    unknownCountry: (country) => `Hakuna orodha ya benki za nchi “${country}”.`,
  },
};
