// What <pay-bank-picker> says in Arabic.
import type { BankPickerTerms } from '../types.js';
import { failure, identity } from './shared.js';

const plural = new Intl.PluralRules('ar');

/** "12 بنكًا": the noun after an Arabic number takes one of six forms. */
function banks(count: number, formatted: string): string {
  switch (plural.select(count)) {
    case 'zero':
      return 'لا توجد بنوك';
    case 'one':
      return 'بنك واحد';
    case 'two':
      return 'بنكان';
    case 'few':
      return `${formatted} بنوك`;
    case 'many':
      return `${formatted} بنكًا`;
    default:
      return `${formatted} بنك`;
  }
}

export const arBankPicker: BankPickerTerms = {
  ...identity,
  ...failure,
  bankPicker: {
    label: 'البنك',
    placeholder: 'ابحث عن بنك',
    showList: 'عرض البنوك',
    suggested: 'بنوك مقترحة',
    allBanks: 'جميع البنوك',
    loading: 'جارٍ تحميل البنوك…',
    resultCount: banks,
    noMatch: 'لا يوجد بنك مطابق',
    moreResults: (shown, total) =>
      `عدد البنوك المعروضة ${shown} من أصل ${total}. تابع الكتابة لتضييق القائمة.`,
    selected: (name) => `تم اختيار ${name}`,
    required: 'اختر بنكًا.',
    loadFailed: 'تعذّر تحميل قائمة البنوك',
    unknownCountry: (country) => `لا توجد قائمة بنوك للبلد «${country}».`,
  },
};
