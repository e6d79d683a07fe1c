// What <pay-link> says in English, and the shape of its words that every language fills.
import type { LinkStatus } from '@pay-elements/protocol';
import type { IdentityTranslation, FailureTranslation, CopyTranslation } from '../parts.js';
import { copying, failure, identity } from './shared.js';

/** <pay-link>. */
export interface LinkTranslation {
  link: {
    /** Accessible name of the element when it has no title yet. */
    label: string;
    loading: string;
    /** The status badge's words. */
    status: Record<LinkStatus, string>;
    /** The sentence beside the status. */
    statusBody: Record<LinkStatus, string>;
    expiresLabel: string;
    /** The label of the expiry once it has passed. */
    expiredLabel: string;
    /** "in 30 days (14 February 2025 at 10:00)" */
    expiry: (relative: string, absolute: string) => string;
    noExpiry: string;
    copyLink: string;
    copiedLink: string;
    share: string;
    /** Accessible name of the share button. */
    shareLabel: string;
    open: string;
    /** Said after the "Open payment page" link: it opens a new tab. */
    opensInNewTab: string;
    /** Accessible name of the QR code of the link's URL. */
    qrLabel: string;
    errorTitle: string;
    /** The 404 message. */
    notFound: string;
  };
}

/** What <pay-link> reads (its `localize.term`): its words and the shared ones. */
export type LinkTerms = IdentityTranslation & FailureTranslation & CopyTranslation & LinkTranslation;

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
