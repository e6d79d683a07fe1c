// The Swahili that several elements show, one export a part (as ../en/shared.ts).
import type {
  CopyTranslation,
  FailureTranslation,
  IdentityTranslation,
  PaymentDetailsTranslation,
  ReceiptTranslation,
} from '../types.js';

const genericError = 'Hitilafu imetokea upande wetu. Tafadhali jaribu tena.';

export const identity: IdentityTranslation = {
  $code: 'sw',
  $name: 'Kiswahili',
  $dir: 'ltr',
};

export const failure: FailureTranslation = {
  errors: {
    invalid_request: 'Kiungo hiki cha malipo si sahihi.',
    not_found: 'Hatukuweza kupata malipo haya. Huenda yameghairiwa.',
    conflict: 'Malipo haya yamebadilika. Pakia ukurasa upya ili uone hali yake.',
    method_not_allowed: genericError,
    forbidden: genericError,
    payload_too_large: genericError,
    unsupported_media_type: genericError,
    rate_limited: 'Umejaribu mara nyingi mno. Subiri kidogo kisha ujaribu tena.',
    upstream_unavailable: 'Huduma ya malipo haijibu kwa sasa. Tafadhali jaribu tena baada ya muda mfupi.',
    internal: genericError,
    network_error: 'Hatukuweza kufikia huduma ya malipo. Angalia muunganisho wako kisha ujaribu tena.',
    invalid_response: 'Huduma ya malipo imejibu kwa njia isiyotarajiwa. Tafadhali jaribu tena.',
  },
  retry: 'Jaribu tena',
};

export const copying: CopyTranslation = {
  copy: 'Nakili',
  copied: 'Imenakiliwa',
  copyFailed: 'Imeshindwa kunakili. Chagua maandishi kisha uyanakili mwenyewe.',
};

export const paymentDetails: PaymentDetailsTranslation = {
  bankLabel: 'Benki',
  accountNameLabel: 'Jina la akaunti',
  accountNumberLabel: 'Nambari ya akaunti',
  copyAccountNumber: 'Nakili nambari ya akaunti',
  copiedAccountNumber: 'Nambari ya akaunti imenakiliwa',
  connection: { reconnecting: 'Inaunganisha upya…' },
};

export const receipt: ReceiptTranslation = {
  viewReceipt: 'Tazama risiti',
};
