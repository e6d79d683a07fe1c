// What <pay-funding-account> says in English.
import type { FundingAccountTerms } from '../types.js';
import { copying, failure, identity, paymentDetails } from './shared.js';

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
