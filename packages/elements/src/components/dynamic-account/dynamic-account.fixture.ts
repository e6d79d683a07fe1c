// <pay-dynamic-account> for the every-element tests (src/test/fixture.ts): a new checkout of
// NGN 5,000.00 from the test backend.
import type { PayDynamicAccount } from './dynamic-account.js';
import { mountAccount, partText, shadow } from '../../test/account.js';
import { createSession } from '../../test/backend.js';
import { money, type ElementFixture } from '../../test/fixture.js';

const words = {
  en: { title: 'Pay by bank transfer', amountLabel: 'Amount' },
  fr: { title: 'Payer par virement bancaire', amountLabel: 'Montant' },
  pt: { title: 'Pagar por transferência bancária', amountLabel: 'Valor' },
  sw: { title: 'Lipa kwa uhamisho wa benki', amountLabel: 'Kiasi' },
  ar: { title: 'الدفع بالتحويل المصرفي', amountLabel: 'المبلغ' },
};

export const fixture: ElementFixture<PayDynamicAccount> = {
  async mount(lang) {
    const view = await createSession();
    return (await mountAccount(view.id, { lang })).el;
  },
  texts: ['title', 'instructions', 'amount', 'copy-amount', 'countdown-text', 'message'],
  read: (el) => ({
    title: partText(el, 'title'),
    amountLabel: shadow(el).querySelector('dt')?.textContent?.trim() ?? '',
    amount: partText(el, 'amount'),
  }),
  expected: (language, tag) => ({ ...words[language], amount: money(5000, 'NGN', tag) }),
};
