// What <pay-greeting> says in Portuguese.
import type { GreetingTerms } from '../types.js';
import { failure, identity } from './shared.js';

export const ptGreeting: GreetingTerms = {
  ...identity,
  ...failure,
  greeting: { wave: 'Acenar' },
};
