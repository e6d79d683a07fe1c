// <pay-link> for the every-element tests (src/test/fixture.ts): the emulator's seeded link
// lnk_pro_monthly, shown in naira (NGN 15,000.00).
import type { PayLink } from './link.js';
import { partText } from '../../test/account.js';
import { money, type ElementFixture } from '../../test/fixture.js';
import { mountLink } from '../../test/invoice.js';

const words = {
  en: { status: 'Active', copy: 'Copy link' },
  fr: { status: 'Actif', copy: 'Copier le lien' },
  pt: { status: 'Ativo', copy: 'Copiar o link' },
  sw: { status: 'Kinatumika', copy: 'Nakili kiungo' },
  ar: { status: 'نشط', copy: 'نسخ الرابط' },
};

export const fixture: ElementFixture<PayLink> = {
  mount: async (lang) => (await mountLink({ id: 'lnk_pro_monthly' }, { lang, currency: 'NGN' })).el,
  texts: ['title', 'status-badge', 'status-text', 'amount', 'copy-button', 'open-link'],
  read: (el) => ({
    status: partText(el, 'status-badge'),
    copy: partText(el, 'copy-button'),
    amount: partText(el, 'amount'),
  }),
  expected: (language, tag) => ({ ...words[language], amount: money(15000, 'NGN', tag) }),
};
