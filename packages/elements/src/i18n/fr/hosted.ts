// What the elements' server-rendered fallback (./ssr) says in French.
import type { HostedTerms } from '../types.js';
import { identity, paymentDetails } from './shared.js';

export const frHosted: HostedTerms = {
  ...identity,
  ...paymentDetails,
  hosted: {
    expiresAt: (time) => `Expire à ${time}`,
    checkAgain: 'Vérifier à nouveau',
    checkAgainHint: 'Cette page ne se met pas à jour toute seule : vérifiez à nouveau après votre virement.',
  },
};
