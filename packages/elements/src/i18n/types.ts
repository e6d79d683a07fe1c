// The shape every translation table fills. Strings that embed a formatted value are functions of
// that value (already formatted with Intl by the caller), so word order stays the translator's.
import type { ErrorCode, SessionStatus } from '@pay-elements/protocol';
import type { ClientErrorCode } from '../lib/backend.js';

export interface Translation {
  /** BCP 47 language code of the table: "en", "fr". */
  $code: string;
  /** The language's own name: "English", "Français". */
  $name: string;

  /** Accessible name of the whole <pay-dynamic-account>. */
  regionLabel: string;
  loading: string;
  /** Heading of each session status. */
  statusTitle: Record<SessionStatus, string>;
  /** "Transfer exactly ₦5,000.00 to this account" */
  instructions: (amount: string) => string;
  amountLabel: string;
  bankLabel: string;
  accountNameLabel: string;
  accountNumberLabel: string;
  /** Visible label of a copy button. */
  copy: string;
  /** Visible label of a copy button for a few seconds after it worked. */
  copied: string;
  /** Accessible names of the copy buttons. */
  copyAccountNumber: string;
  copyAmount: string;
  /** Announced after a copy. */
  copiedAccountNumber: string;
  copiedAmount: string;
  copyFailed: string;
  /** Accessible name of the progress bar. */
  timeLeftLabel: string;
  /** "29 minutes, 5 seconds left" (the duration is in words). */
  timeLeftValue: (duration: string) => string;
  /** "Expires in 29:05" (the duration is a clock face). */
  expiresIn: (clockFace: string) => string;
  /** Announced at 10, 5 and 1 minute(s) left: "10 minutes left to pay". */
  remainingAnnouncement: (duration: string) => string;
  waiting: string;
  /** "Received on 1 January 2025 at 12:30" */
  paidAt: (dateTime: string) => string;
  paidBody: string;
  expiredBody: string;
  renew: string;
  renewing: string;
  /** Heading of the error state. */
  errorTitle: string;
  /** What each failure means for the shopper. */
  errors: Record<ErrorCode | ClientErrorCode, string>;
  retry: string;
  /** Default accessible name of <pay-qr>. */
  qrCode: string;
  /** Accessible name of the hosted-checkout QR in <pay-dynamic-account>. */
  qrCheckout: string;
}
