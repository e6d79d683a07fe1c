// What the elements' server-rendered fallback (./ssr) says in English.
import type { HostedTerms } from '../parts.js';
import { identity, paymentDetails } from './shared.js';

export const enHosted: HostedTerms = {
  ...identity,
  ...paymentDetails,
  hosted: {
    expiresAt: (time) => `Expires at ${time}`,
    checkAgain: 'Check again',
    checkAgainHint: 'This page does not update by itself: check again after your transfer.',
  },
};
