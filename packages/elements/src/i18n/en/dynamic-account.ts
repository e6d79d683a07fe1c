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
  newAccount: 'This is a new account number. Do not send money to the previous one.',
  errorTitle: 'We could not load this payment',
  qrCheckout: 'QR code to pay on another device',
  qrCheckoutCaption: 'Scan to pay from your phone',
  qrDetails: 'QR code of the transfer details',
  qrDetailsCaption: 'Scan to take these details to your phone',
  detailLine: (label, value) => `${label}: ${value}`,
};
