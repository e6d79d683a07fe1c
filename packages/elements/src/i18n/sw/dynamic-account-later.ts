// What <pay-dynamic-account> says in Swahili in the parts it loads after its first answer
// (dynamic-account.later.ts), as ../en/dynamic-account-later.ts does in English.
import type { DynamicAccountLaterTranslation, IdentityTranslation } from '../types.js';
import { identity } from './shared.js';

export const swDynamicAccountLater: IdentityTranslation & DynamicAccountLaterTranslation = {
  ...identity,
  expiredBody: 'Usitume pesa kwenye akaunti hii tena. Pata akaunti mpya ili ulipe.',
  expiredAlreadySent:
    'Umeshatuma uhamisho? Ikiwa uliondoka benki yako kabla akaunti haijaisha muda, unahesabika: ukurasa huu utauonyesha utakapofika. Uhamisho uliotumwa baada ya hapo unakataliwa na benki yako inakurudishia.',
  renew: 'Pata akaunti mpya',
  renewing: 'Tunakuandalia akaunti mpya…',
  claim: {
    button: 'Nimetuma pesa',
    sending: 'Inatuma…',
    confirming: 'Tunathibitisha uhamisho wako — kwa kawaida huchukua dakika chache',
  },
  payForMe: {
    button: 'Nilipie',
    intro: 'Tafadhali nilipie hii kwa uhamisho wa benki.',
    expiresLabel: 'Lipa kabla ya',
    linkLabel: 'Lipa mtandaoni',
    copied: 'Maelezo ya malipo yamenakiliwa. Yatume kwa atakayekulipia.',
    hint: 'Bonyeza na ushikilie ili kunakili',
  },
};
