// <pay-funding-account> for the every-element tests (src/test/fixture.ts): a new customer's
// accounts, and once `used` a deposit of NGN 287,625.00 into the naira one.
import type { PayFundingAccount } from './funding-account.js';
import { partText, shadow } from '../../test/account.js';
import { sendTransfer } from '../../test/backend.js';
import { money, type ElementFixture } from '../../test/fixture.js';
import { accountIn, fundingToken, kitFunding, mountFunding } from '../../test/funding.js';

const words = {
  en: {
    title: 'Your payment accounts',
    dollar: (name: string) => `${name} account`,
    wire: 'Copy wire instructions',
    totalLabel: 'Total received',
  },
  fr: {
    title: 'Vos comptes de paiement',
    dollar: (name: string) => `Compte en ${name}`,
    wire: 'Copier les instructions de virement',
    totalLabel: 'Total reçu',
  },
  pt: {
    title: 'As suas contas de pagamento',
    dollar: (name: string) => `Conta em ${name}`,
    wire: 'Copiar as instruções de transferência',
    totalLabel: 'Total recebido',
  },
  sw: {
    title: 'Akaunti zako za malipo',
    dollar: (name: string) => `Akaunti ya ${name}`,
    wire: 'Nakili maelekezo ya uhamisho',
    totalLabel: 'Jumla iliyopokelewa',
  },
  ar: {
    title: 'حسابات الدفع الخاصة بك',
    dollar: (name: string) => `حساب ${name}`,
    wire: 'نسخ تعليمات الحوالة',
    totalLabel: 'إجمالي المبالغ المستلمة',
  },
};

export const fixture: ElementFixture<PayFundingAccount> = {
  async mount(lang, used = false) {
    const token = await fundingToken();
    if (used) await sendTransfer(accountIn(await kitFunding(token), 'NGN').account_number, '287625');
    return (await mountFunding(token, { lang })).el;
  },
  texts: [
    'title',
    'intro',
    'account-title',
    'currency',
    'account-number',
    'copy-account-number',
    'copy-wire-button',
    'qr-caption',
    'no-deposits',
  ],
  read: (el) => ({
    title: partText(el, 'title'),
    dollarTitle: shadow(el).querySelectorAll('[part="account-title"]')[1]?.textContent ?? '',
    wire: partText(el, 'copy-wire-button'),
    totalLabel: shadow(el).querySelector('[part="totals"] dt')?.textContent?.trim() ?? '',
    total: partText(el, 'total'),
    deposit: partText(el, 'deposit-amount'),
  }),
  expected(language, tag) {
    const { dollar, ...rest } = words[language];
    return {
      ...rest,
      dollarTitle: dollar(new Intl.DisplayNames(tag, { type: 'currency' }).of('USD') ?? ''),
      total: money(287625, 'NGN', tag),
      deposit: money(287625, 'NGN', tag),
    };
  },
};
