// <pay-invoice-view> for the every-element tests (src/test/fixture.ts): the emulator's seeded
// invoice INV-000101, NGN 287,625.00.
import type { PayInvoiceView } from './invoice-view.js';
import { part, partText } from '../../test/account.js';
import { longDate, money, type ElementFixture } from '../../test/fixture.js';
import { kitInvoice, mountInvoice } from '../../test/invoice.js';

const number = 'INV-000101';

const words = {
  en: { title: 'Invoice INV-000101', dueDateLabel: 'Due date' },
  fr: { title: 'Facture INV-000101', dueDateLabel: 'Échéance' },
  pt: { title: 'Fatura INV-000101', dueDateLabel: 'Data de vencimento' },
  sw: { title: 'Ankara INV-000101', dueDateLabel: 'Tarehe ya mwisho' },
  ar: { title: 'الفاتورة INV-000101', dueDateLabel: 'تاريخ الاستحقاق' },
};

export const fixture: ElementFixture<PayInvoiceView> = {
  mount: async (lang) => (await mountInvoice(number, { lang })).el,
  texts: ['title', 'status-badge', 'message', 'due-date', 'total', 'instructions', 'print-button'],
  read: (el) => ({
    title: partText(el, 'title'),
    dueDate: partText(el, 'due-date'),
    dueDateLabel: part(el, 'due-date').previousElementSibling?.textContent?.trim() ?? '',
    total: partText(el, 'total'),
  }),
  async expected(language, tag) {
    const view = await kitInvoice(number);
    return {
      ...words[language],
      dueDate: longDate(view.due_date ?? '', tag),
      total: money(287625, 'NGN', tag),
    };
  },
};
