// What <pay-dynamic-account> says in Swahili.
import type { DynamicAccountTerms } from '../types.js';
import { copying, failure, identity, paymentDetails, receipt } from './shared.js';

export const swDynamicAccount: DynamicAccountTerms = {
  ...identity,
  ...failure,
  ...copying,
  ...paymentDetails,
  ...receipt,
  regionLabel: 'Lipa kwa uhamisho wa benki',
  loading: 'Inapakia maelezo ya malipo…',
  statusTitle: {
    pending: 'Lipa kwa uhamisho wa benki',
    paid: 'Malipo yamepokelewa',
    expired: 'Muda wa akaunti hii umekwisha',
  },
  instructions: (amount) => `Tuma kiasi kamili cha ${amount} kwenye akaunti hii`,
  amountLabel: 'Kiasi',
  copyAmount: 'Nakili kiasi',
  copiedAmount: 'Kiasi kimenakiliwa',
  timeLeftLabel: 'Muda uliobaki wa kulipa',
  timeLeftValue: (duration) => `Muda uliobaki: ${duration}`,
  expiresIn: (clockFace) => `Inaisha baada ya ${clockFace}`,
  remainingAnnouncement: (duration) => `Muda uliobaki wa kulipa: ${duration}`,
  lowTime: (duration) => `Zimebaki chini ya ${duration}. Tuma uhamisho sasa, au subiri akaunti mpya.`,
  waiting: 'Tunasubiri uhamisho wako. Ukurasa huu utajisasisha wenyewe.',
  paidAt: (dateTime) => `Yalipokelewa tarehe ${dateTime}`,
  paidBody: 'Asante. Uhamisho wako umefika.',
  newAccount: 'Hii ni nambari mpya ya akaunti. Usitume pesa kwenye ile ya awali.',
  errorTitle: 'Hatukuweza kupakia malipo haya',
  qrCheckout: 'Msimbo wa QR wa kulipa kwenye kifaa kingine',
  qrCheckoutCaption: 'Changanua ili ulipe kwa simu yako',
  qrDetails: 'Msimbo wa QR wa maelezo ya uhamisho',
  qrDetailsCaption: 'Changanua ili kupata maelezo haya kwenye simu yako',
  detailLine: (label, value) => `${label}: ${value}`,
};
