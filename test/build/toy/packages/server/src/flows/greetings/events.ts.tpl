// The kit event of a greeting: when it is told, and its data's fields.
import * as z from 'zod';
import type { EventCatalogue } from '../../flow.js';

export const greetingEvents = {
  'greeting.sent': {
    when: 'someone was greeted',
    data: z.object({ name: z.string(), text: z.string().describe('what the greeting said') }),
  },
} as const satisfies EventCatalogue;
