// The greetings flow (the toy of test/build/contributing.test.ts): `GET /greetings/{name}` answers a
// greeting in the merchant's word, and `pay.greet(name)` records one, once, telling `greeting.sent`.
import * as z from 'zod';
import { endpoints, type GreetingView } from '@pay-elements/protocol';
import type { EventsOf, Flow } from '../../flow.js';
import { create } from '../../flow.js';
import { etagJson } from '../../http/answers.js';
import type { Route } from '../../http/router.js';
import { toJson } from '../../store/contract.js';
import { greetingEvents } from './events.js';

/** What the greetings flow adds to the handler. */
export interface GreetingsApi {
  /** Greets `name` once: true the first time, false after. */
  greet(name: string): Promise<boolean>;
}

const GREETINGS = 'greetings.records';

const greetingOptions = {
  greetingWord: z.string().min(1).default('Hello').describe('The word a greeting starts with.'),
};

export const greetings: Flow<typeof greetingOptions, GreetingsApi, typeof greetingEvents> = {
  name: 'greetings',
  about: 'a greeting in the merchant’s word; `greeting.sent` once; `pay.greet`',
  methods: '`greet(name)`',
  options: greetingOptions,
  events: greetingEvents,
  start(kit, options) {
    const view = (name: string): GreetingView => ({ name, text: `${options.greetingWord}, ${name}` });
    const route: Route = {
      ...endpoints.greeting,
      maxBodyBytes: kit.maxBodyBytes,
      handle: ({ request, params }) => Promise.resolve(etagJson(request, view(params['name'] ?? ''))),
    };
    return {
      routes: [route],
      api: {
        async greet(name) {
          const made = view(name);
          const event: EventsOf<typeof greetingEvents> = {
            id: `greeting.sent.${name}`,
            type: 'greeting.sent',
            created_at: new Date(kit.clock.now()).toISOString(),
            data: made,
          };
          return kit.transition({ writes: [create(GREETINGS, name, toJson(made))], events: [event] });
        },
      },
    };
  },
};
