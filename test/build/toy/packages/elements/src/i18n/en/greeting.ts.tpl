// What <pay-greeting> says in English.
import type { GreetingTerms } from '../types.js';
import { failure, identity } from './shared.js';

export const enGreeting: GreetingTerms = {
  ...identity,
  ...failure,
  greeting: { wave: 'Wave back' },
};
