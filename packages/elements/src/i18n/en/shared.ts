// The English that several elements show. Each part is its own export, so a bundler keeps only the
// parts of the elements a page imports.
import type {
  CopyTranslation,
  FailureTranslation,
  IdentityTranslation,
  PaymentDetailsTranslation,
  ReceiptTranslation,
} from '../parts.js';

export const identity: IdentityTranslation = {
  $code: 'en',
  $name: 'English',
  $dir: 'ltr',
};

export const failure: FailureTranslation = {
  errors: {
    invalid_request: 'This payment link is not valid.',
    not_found: 'We could not find this payment. It may have been cancelled.',
    conflict: 'This payment changed in the meantime. Reload to see where it stands.',
    method_not_allowed: 'Something went wrong on our side. Please try again.',
    forbidden: 'Something went wrong on our side. Please try again.',
    payload_too_large: 'Something went wrong on our side. Please try again.',
    unsupported_media_type: 'Something went wrong on our side. Please try again.',
    rate_limited: 'Too many attempts. Wait a moment and try again.',
    upstream_unavailable: 'The payment service is not answering right now. Please try again in a moment.',
    internal: 'Something went wrong on our side. Please try again.',
    network_error: 'We could not reach the payment service. Check your connection and try again.',
    invalid_response: 'The payment service answered something unexpected. Please try again.',
  },
  retry: 'Try again',
};

export const copying: CopyTranslation = {
  copy: 'Copy',
  copied: 'Copied',
  copyFailed: 'Could not copy. Select the text and copy it instead.',
};

export const paymentDetails: PaymentDetailsTranslation = {
  bankLabel: 'Bank',
  accountNameLabel: 'Account name',
  accountNumberLabel: 'Account number',
  copyAccountNumber: 'Copy account number',
  copiedAccountNumber: 'Account number copied',
  connection: { reconnecting: 'Reconnecting…' },
};

export const receipt: ReceiptTranslation = {
  viewReceipt: 'View receipt',
};
