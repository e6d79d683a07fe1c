// What <pay-funding-account> says in English, and the shape of its words that every language fills.
import type {
  IdentityTranslation,
  FailureTranslation,
  CopyTranslation,
  PaymentDetailsTranslation,
} from '../parts.js';
import { copying, failure, identity, paymentDetails } from './shared.js';

/** The fields of a customer's own account that <pay-funding-account> copies, one button each. */
export type FundingCopyField =
  | 'account-name'
  | 'account-number'
  | 'bank-name'
  | 'bank-code'
  | 'routing-ach'
  | 'routing-rtp'
  | 'routing-wire'
  | 'swift-code'
  | 'bank-address';
/** <pay-funding-account>. */
export interface FundingAccountTranslation {
  /** Amounts, dates and account numbers arrive formatted. */
  funding: {
    /** The element's heading and accessible name. */
    title: string;
    /** Under the heading: what these accounts are for. */
    intro: string;
    loading: string;
    errorTitle: string;
    /** The 404 message: a bad, tampered or expired link. */
    notFound: string;
    /** An account's heading, from its currency's name ("US Dollar"), or its code where Intl has none. */
    accountTitle: (currencyName: string) => string;
    currencyLabel: string;
    /** Each field's label: "Account number", "ACH routing number". */
    label: Record<FundingCopyField, string>;
    /** The heading of a USD account's details for transfers from abroad. */
    wireTitle: string;
    /** The wire instructions' first line's label: who is paid. */
    beneficiaryLabel: string;
    /** One line of the wire instructions (and of a QR code's text): "Bank: Citibank N.A.". */
    line: (label: string, value: string) => string;
    /** A copy button's accessible name, from its field's label: "Copy Account number" (its case is not heard). */
    copyField: (label: string) => string;
    /** Announced, and the button's name, after a copy: "Account number copied". */
    copiedField: (label: string) => string;
    copyWire: string;
    copiedWire: string;
    /** Accessible name of a local account's QR code (its details as text). */
    qrLabel: (accountTitle: string) => string;
    /** Under the QR code: what it is for. */
    qrCaption: string;
    depositsTitle: string;
    noDeposits: string;
    /** The running total's label (one amount per currency beside it). */
    totalLabel: string;
    /** Under a deposit: the account it was paid into. */
    depositTo: (accountNumber: string) => string;
    /** Announced when a deposit arrives: "NGN 5,000.00 received". */
    received: (amount: string) => string;
  };
}

/** What <pay-funding-account> reads (its `localize.term`): its words and the shared ones. */
export type FundingAccountTerms = IdentityTranslation &
  FailureTranslation &
  CopyTranslation &
  PaymentDetailsTranslation &
  FundingAccountTranslation;

export const enFundingAccount: FundingAccountTerms = {
  ...identity,
  ...failure,
  ...copying,
  ...paymentDetails,
  funding: {
    title: 'Your payment accounts',
    intro: 'Send any amount, at any time, to one of these accounts. Each deposit shows below as it arrives.',
    loading: 'Loading your accounts…',
    errorTitle: 'We could not load your accounts',
    notFound: 'This link has expired or is not valid. Ask for a new one.',
    accountTitle: (currencyName) => `${currencyName} account`,
    currencyLabel: 'Currency',
    label: {
      'account-name': 'Account name',
      'account-number': 'Account number',
      'bank-name': 'Bank',
      'bank-code': 'Bank code',
      'routing-ach': 'ACH routing number',
      'routing-rtp': 'RTP routing number',
      'routing-wire': 'Wire routing number',
      'swift-code': 'SWIFT code',
      'bank-address': 'Bank address',
    },
    wireTitle: 'For transfers from abroad',
    beneficiaryLabel: 'Beneficiary',
    line: (label, value) => `${label}: ${value}`,
    copyField: (label) => `Copy ${label}`,
    copiedField: (label) => `${label} copied`,
    copyWire: 'Copy wire instructions',
    copiedWire: 'Wire instructions copied',
    qrLabel: (accountTitle) => `QR code of the ${accountTitle} details`,
    qrCaption: 'Scan to take these details to your phone',
    depositsTitle: 'Deposits',
    noDeposits: 'No deposits yet',
    totalLabel: 'Total received',
    depositTo: (accountNumber) => `To ${accountNumber}`,
    received: (amount) => `${amount} received`,
  },
};
