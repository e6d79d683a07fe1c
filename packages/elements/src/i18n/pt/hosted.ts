// What the elements' server-rendered fallback (./ssr) says in Portuguese.
import type { HostedTerms } from '../types.js';
import { identity, paymentDetails } from './shared.js';

export const ptHosted: HostedTerms = {
  ...identity,
  ...paymentDetails,
  hosted: {
    expiresAt: (time) => `Expira às ${time}`,
    checkAgain: 'Verificar novamente',
    checkAgainHint: 'Esta página não se atualiza sozinha: verifique novamente depois da transferência.',
  },
};
