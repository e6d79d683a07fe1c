// The kit event of an invoice: when it is told, and its data's fields.
import * as z from 'zod';
import type { EventCatalogue } from '../../flow.js';

const text = z.string();
const maybe = z.string().nullable();

export const invoiceEvents = {
  'invoice.paid': {
    when: 'an invoice was paid',
    data: z.object({
      invoice_number: text,
      amount: text,
      currency: text,
      paid_at: text,
      transaction_id: maybe.describe('null when the provider did not name it'),
      title: maybe,
      account_name: text,
      account_number: text,
      bank_name: text,
    }),
  },
} as const satisfies EventCatalogue;
