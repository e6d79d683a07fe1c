// What <pay-dynamic-account> says in English in the parts it loads after its first answer
// (dynamic-account.later.ts): this ships with that code, not with the element's first load.
import type { DynamicAccountLaterTranslation } from '../types.js';

export const enDynamicAccountLater: DynamicAccountLaterTranslation = {
  expiredBody: 'Do not send money to this account any more. Get a new account to pay.',
  expiredAlreadySent:
    'Already sent a transfer? If it left your bank before the account expired, it still counts: this page shows it when it arrives. A transfer sent after that is refused and returned to you by your bank.',
  renew: 'Get a new account',
  renewing: 'Getting a new account…',
  claim: {
    button: 'I’ve sent the money',
    sending: 'Sending…',
    confirming: 'We’re confirming your transfer — this usually takes a few minutes',
  },
  payForMe: {
    button: 'Pay for me',
    intro: 'Could you pay this for me by bank transfer?',
    expiresLabel: 'Pay before',
    linkLabel: 'Pay online',
    copied: 'Payment details copied. Send them to whoever pays for you.',
    hint: 'Press and hold to copy',
  },
};
