// English, the built-in language: every element's English (./en/) in one whole table, for a merchant
// to start a translation from (`{ ...en, $code: 'de', … }`) and for `translationFor`'s fallback.
import { enBankPicker } from './en/bank-picker.js';
import { enDynamicAccount } from './en/dynamic-account.js';
import { enDynamicAccountLater } from './en/dynamic-account-later.js';
import { enFundingAccount } from './en/funding-account.js';
import { enInvoiceView } from './en/invoice-view.js';
import { enLink } from './en/link.js';
import { enQr } from './en/qr.js';
import { enHosted } from './en/hosted.js';
import type { Translation } from './types.js';

const en: Translation = {
  ...enBankPicker,
  ...enDynamicAccount,
  ...enDynamicAccountLater,
  ...enFundingAccount,
  ...enInvoiceView,
  ...enLink,
  ...enQr,
  ...enHosted,
};

export default en;
