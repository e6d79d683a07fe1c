// What the elements' server-rendered fallback (./ssr) says in Swahili.
import type { HostedTerms } from '../types.js';
import { identity, paymentDetails } from './shared.js';

export const swHosted: HostedTerms = {
  ...identity,
  ...paymentDetails,
  hosted: {
    expiresAt: (time) => `Inaisha saa ${time}`,
    checkAgain: 'Angalia tena',
    checkAgainHint: 'Ukurasa huu haujisasishi wenyewe: angalia tena baada ya kutuma.',
  },
};
