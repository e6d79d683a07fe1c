// What <pay-greeting> says in Swahili.
import type { GreetingTerms } from '../types.js';
import { failure, identity } from './shared.js';

export const swGreeting: GreetingTerms = {
  ...identity,
  ...failure,
  greeting: { wave: 'Punga mkono' },
};
