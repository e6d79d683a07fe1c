// Swahili, as written in Kenya and Tanzania. Importing this module registers it:
// `import '@pay-elements/elements/i18n/sw'`.
// Its text is kept a module an element (./sw/), as English's is, so a script-tag file carries
// only its own elements' words; this module is the whole table, registered.
import { swBankPicker } from './sw/bank-picker.js';
import { swDynamicAccount } from './sw/dynamic-account.js';
import { swDynamicAccountLater } from './sw/dynamic-account-later.js';
import { swFundingAccount } from './sw/funding-account.js';
import { swInvoiceView } from './sw/invoice-view.js';
import { swLink } from './sw/link.js';
import { swQr } from './sw/qr.js';
import { swHosted } from './sw/hosted.js';
import { registerTranslation } from './registry.js';
import type { Translation } from './types.js';

const sw: Translation = {
  ...swBankPicker,
  ...swDynamicAccount,
  ...swDynamicAccountLater,
  ...swFundingAccount,
  ...swInvoiceView,
  ...swLink,
  ...swQr,
  ...swHosted,
};

registerTranslation(sw);

export default sw;
