// What <pay-greeting> says in French.
import type { GreetingTerms } from '../types.js';
import { failure, identity } from './shared.js';

export const frGreeting: GreetingTerms = {
  ...identity,
  ...failure,
  greeting: { wave: 'Saluer' },
};
