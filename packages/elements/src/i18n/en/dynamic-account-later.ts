// What <pay-dynamic-account> says in English in the parts it loads after its first answer
// (dynamic-account.later.ts): this ships with that code, not with the element's first load.

/**
 * <pay-dynamic-account>'s words for what it loads after its first answer (dynamic-account.later.ts):
 * the expired state, "I've sent the money" and the confirming state, and "Pay for me".
 */
export interface DynamicAccountLaterTranslation {
  expiredBody: string;
  /** The expired state: what becomes of a transfer already sent. */
  expiredAlreadySent: string;
  renew: string;
  renewing: string;
  claim: {
    /** The button the shopper presses once the transfer has left their bank. */
    button: string;
    /** The button while the claim is on its way. */
    sending: string;
    /** The confirming state, in place of the countdown (and said once on the live region). */
    confirming: string;
  };
  payForMe: {
    /** The button that shares the transfer details with someone who pays instead. */
    button: string;
    /** The first line of the text shared. */
    intro: string;
    /** The label of the expiry's line in the text shared. */
    expiresLabel: string;
    /** The label of the hosted checkout link's line in the text shared. */
    linkLabel: string;
    /** Said where there is no share sheet and the text went on the clipboard. */
    copied: string;
    /** Under the selected text where the clipboard is refused (a WebView). */
    hint: string;
  };
}

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
