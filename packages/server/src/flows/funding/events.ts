// The kit event of a customer's own accounts: when it is told, and its data's fields.
import * as z from 'zod';
import type { EventCatalogue } from '../../flow.js';

const text = z.string();

export const fundingEvents = {
  'deposit.received': {
    when: "money arrived in a customer's own account",
    data: z.object({
      deposit_id: text,
      customer_id: text,
      amount: text,
      currency: text,
      account_number: text,
      received_at: text,
    }),
  },
} as const satisfies EventCatalogue;
