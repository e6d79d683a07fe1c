// What <pay-greeting> says in Arabic.
import type { GreetingTerms } from '../types.js';
import { failure, identity } from './shared.js';

export const arGreeting: GreetingTerms = {
  ...identity,
  ...failure,
  greeting: { wave: 'لوّح' },
};
