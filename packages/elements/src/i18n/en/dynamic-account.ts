// What <pay-dynamic-account> says in English, and the shape of its words that every language fills.
import type { SessionStatus } from '@pay-elements/protocol';
import type {
  IdentityTranslation,
  FailureTranslation,
  CopyTranslation,
  PaymentDetailsTranslation,
  ReceiptTranslation,
} from '../parts.js';
import { copying, failure, identity, paymentDetails, receipt } from './shared.js';

/** <pay-dynamic-account>. */
export interface DynamicAccountTranslation {
  /** Accessible name of the whole <pay-dynamic-account>. */
  regionLabel: string;
  loading: string;
  /** Heading of each session status. */
  statusTitle: Record<SessionStatus, string>;
  /** "Transfer exactly ₦5,000.00 to this account" */
  instructions: (amount: string) => string;
  amountLabel: string;
  /** Accessible name of the amount's copy button. */
  copyAmount: string;
  /** Announced after the amount is copied. */
  copiedAmount: string;
  /** Accessible name of the progress bar. */
  timeLeftLabel: string;
  /** "29 minutes, 5 seconds left" (the duration is in words). */
  timeLeftValue: (duration: string) => string;
  /** "Expires in 29:05" (the duration is a clock face). */
  expiresIn: (clockFace: string) => string;
  /** Announced at 10, 5 and 1 minute(s) left: "10 minutes left to pay". */
  remainingAnnouncement: (duration: string) => string;
  /** Shown, and announced once, in the last minutes: "Less than 5 minutes left. Send the transfer now…" */
  lowTime: (duration: string) => string;
  waiting: string;
  /** "Received on 1 January 2025 at 12:30" */
  paidAt: (dateTime: string) => string;
  paidBody: string;
  /** Shown, and announced, after a renewal: the account number changed. */
  newAccount: string;
  /** Heading of the error state. */
  errorTitle: string;
  /** Accessible name of the hosted-checkout QR in <pay-dynamic-account>. */
  qrCheckout: string;
  /** Visible caption under the hosted-checkout QR: what it is for. */
  qrCheckoutCaption: string;
  /** Accessible name of the QR of the transfer details, shown when there is no hosted checkout. */
  qrDetails: string;
  /** Visible caption under the QR of the transfer details. */
  qrDetailsCaption: string;
  /** One line of the QR's text: "Bank: Wema Bank" (the colon as the language writes it). */
  detailLine: (label: string, value: string) => string;
}

/** What <pay-dynamic-account> reads (its `localize.term`): its words and the shared ones. */
export type DynamicAccountTerms = IdentityTranslation &
  FailureTranslation &
  CopyTranslation &
  PaymentDetailsTranslation &
  ReceiptTranslation &
  DynamicAccountTranslation;

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
