// <pay-bank-picker> for the every-element tests (src/test/fixture.ts): Nigeria's banks, from the
// test backend.
import type { PayBankPicker } from './bank-picker.js';
import { partText } from '../../test/account.js';
import { input, mountPicker } from '../../test/banks.js';
import type { ElementFixture } from '../../test/fixture.js';

const words = {
  en: { label: 'Bank', placeholder: 'Search for a bank' },
  fr: { label: 'Banque', placeholder: 'Rechercher une banque' },
  pt: { label: 'Banco', placeholder: 'Pesquisar um banco' },
  sw: { label: 'Benki', placeholder: 'Tafuta benki' },
  ar: { label: 'البنك', placeholder: 'ابحث عن بنك' },
};

export const fixture: ElementFixture<PayBankPicker> = {
  mount: async (lang) => (await mountPicker((el) => (el.country = 'NG'), { lang })).el,
  texts: ['label', 'input'],
  read: (el) => ({ label: partText(el, 'label'), placeholder: input(el).placeholder }),
  expected: (language) => words[language],
};
