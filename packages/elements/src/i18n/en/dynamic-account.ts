// What <pay-dynamic-account> says in English.
import type { DynamicAccountTerms } from '../types.js';
import { copying, failure, identity, paymentDetails, receipt } from './shared.js';

export const enDynamicAccount: DynamicAccountTerms = {
  ...identity,
  ...failure,
  ...copying,
  ...paymentDetails,
  ...receipt,
  regionLabel: 'Pay by bank transfer',
  loading: 'Loading payment details…',
  statusTitle: {
    pending: 'Pay by bank transfer',
    paid: 'Payment received',
    expired: 'This account has expired',
  },
  instructions: (amount) => `Transfer exactly ${amount} to this account`,
  amountLabel: 'Amount',
  copyAmount: 'Copy amount',
  copiedAmount: 'Amount copied',
  timeLeftLabel: 'Time left to pay',
  timeLeftValue: (duration) => `${duration} left`,
  expiresIn: (clockFace) => `Expires in ${clockFace}`,
  remainingAnnouncement: (duration) => `${duration} left to pay`,
  lowTime: (duration) => `Less than ${duration} left. Send the transfer now, or wait for a new account.`,
  waiting: 'Waiting for your transfer. This page updates by itself.',
  paidAt: (dateTime) => `Received on ${dateTime}`,
  paidBody: 'Thank you. Your transfer has arrived.',
  expiredBody: 'Do not send money to this account any more. Get a new account to pay.',
  expiredAlreadySent:
    'Already sent a transfer? If it left your bank before the account expired, it still counts: this page shows it when it arrives. A transfer sent after that is refused and returned to you by your bank.',
  newAccount: 'This is a new account number. Do not send money to the previous one.',
  renew: 'Get a new account',
  renewing: 'Getting a new account…',
  errorTitle: 'We could not load this payment',
  qrCheckout: 'QR code to pay on another device',
  qrCheckoutCaption: 'Scan to pay from your phone',
  qrDetails: 'QR code of the transfer details',
  qrDetailsCaption: 'Scan to take these details to your phone',
  detailLine: (label, value) => `${label}: ${value}`,
};
