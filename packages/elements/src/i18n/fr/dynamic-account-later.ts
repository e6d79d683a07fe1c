// What <pay-dynamic-account> says in French in the parts it loads after its first answer
// (dynamic-account.later.ts), as ../en/dynamic-account-later.ts does in English.
import type { DynamicAccountLaterTranslation, IdentityTranslation } from '../types.js';
import { identity } from './shared.js';

export const frDynamicAccountLater: IdentityTranslation & DynamicAccountLaterTranslation = {
  ...identity,
  expiredBody: "N'envoyez plus d'argent sur ce compte. Obtenez un nouveau compte pour payer.",
  expiredAlreadySent:
    'Déjà envoyé un virement ? S’il a quitté votre banque avant l’expiration du compte, il compte : cette page l’affichera à son arrivée. Un virement envoyé après est refusé et votre banque vous le rend.',
  renew: 'Obtenir un nouveau compte',
  renewing: 'Obtention d’un nouveau compte…',
  claim: {
    button: 'J’ai envoyé l’argent',
    sending: 'Envoi…',
    confirming: 'Nous confirmons votre virement — cela prend en général quelques minutes',
  },
  payForMe: {
    button: 'Payer pour moi',
    intro: 'Peux-tu payer ceci pour moi par virement bancaire ?',
    expiresLabel: 'À payer avant',
    linkLabel: 'Payer en ligne',
    copied: 'Coordonnées de paiement copiées. Envoyez-les à la personne qui paie pour vous.',
    hint: 'Appuyez longuement pour copier',
  },
};
