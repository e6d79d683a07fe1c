// What <pay-link> says in English.
import type { LinkTerms } from '../types.js';
import { copying, failure, identity } from './shared.js';

export const enLink: LinkTerms = {
  ...identity,
  ...failure,
  ...copying,
  link: {
    label: 'Payment link',
    loading: 'Loading the payment link…',
    status: { active: 'Active', inactive: 'Inactive', expired: 'Expired' },
    statusBody: {
      active: 'Accepting payments',
      inactive: 'Not accepting payments for now',
      expired: 'No longer accepting payments',
    },
    expiresLabel: 'Expires',
    expiredLabel: 'Expired',
    expiry: (relative, absolute) => `${relative} (${absolute})`,
    noExpiry: 'Never',
    copyLink: 'Copy link',
    copiedLink: 'Link copied',
    share: 'Share',
    shareLabel: 'Share this payment link',
    open: 'Open payment page',
    opensInNewTab: '(opens in a new tab)',
    qrLabel: 'QR code of the payment page',
    errorTitle: 'We could not load this payment link',
    notFound: 'This payment link does not exist',
  },
};
