// What <pay-greeting> says in English, and the shape of its words that every language fills.
import type { FailureTranslation, IdentityTranslation } from '../parts.js';
import { failure, identity } from './shared.js';

/** <pay-greeting>. */
export interface GreetingTranslation {
  greeting: {
    /** The button that waves back. */
    wave: string;
  };
}

/** What <pay-greeting> reads (its `localize.term`): its words and the shared ones. */
export type GreetingTerms = IdentityTranslation & FailureTranslation & GreetingTranslation;

export const enGreeting: GreetingTerms = {
  ...identity,
  ...failure,
  greeting: { wave: 'Wave back' },
};
