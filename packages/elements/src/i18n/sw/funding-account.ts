// What <pay-funding-account> says in Swahili.
import type { FundingAccountTerms } from '../types.js';
import { copying, failure, identity, paymentDetails } from './shared.js';

export const swFundingAccount: FundingAccountTerms = {
  ...identity,
  ...failure,
  ...copying,
  ...paymentDetails,
  funding: {
    title: 'Akaunti zako za malipo',
    intro:
      'Tuma kiasi chochote, wakati wowote, kwenye mojawapo ya akaunti hizi. Kila amana inaonekana hapa chini inapofika.',
    loading: 'Inapakia akaunti zako…',
    errorTitle: 'Hatukuweza kupakia akaunti zako',
    notFound: 'Kiungo hiki kimeisha muda wake au si sahihi. Omba kipya.',
    accountTitle: (currencyName) => `Akaunti ya ${currencyName}`,
    currencyLabel: 'Sarafu',
    label: {
      'account-name': 'Jina la akaunti',
      'account-number': 'Nambari ya akaunti',
      'bank-name': 'Benki',
      'bank-code': 'Msimbo wa benki',
      'routing-ach': 'Nambari ya uelekezaji ya ACH',
      'routing-rtp': 'Nambari ya uelekezaji ya RTP',
      'routing-wire': 'Nambari ya uelekezaji ya uhamisho',
      'swift-code': 'Msimbo wa SWIFT',
      'bank-address': 'Anwani ya benki',
    },
    wireTitle: 'Kwa uhamisho kutoka nje ya nchi',
    beneficiaryLabel: 'Mnufaika',
    line: (label, value) => `${label}: ${value}`,
    copyField: (label) => `Nakili ${label}`,
    copiedField: (label) => `Imenakiliwa: ${label}`,
    copyWire: 'Nakili maelekezo ya uhamisho',
    copiedWire: 'Maelekezo ya uhamisho yamenakiliwa',
    qrLabel: (accountTitle) => `Msimbo wa QR wa maelezo ya ${accountTitle}`,
    qrCaption: 'Changanua ili kupata maelezo haya kwenye simu yako',
    depositsTitle: 'Amana',
    noDeposits: 'Bado hakuna amana',
    totalLabel: 'Jumla iliyopokelewa',
    depositTo: (accountNumber) => `Kwenda ${accountNumber}`,
    received: (amount) => `${amount} zimepokelewa`,
  },
};
