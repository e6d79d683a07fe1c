// Arabic (Modern Standard Arabic), written right to left. Importing this module registers it:
// `import '@pay-elements/elements/i18n/ar'`. Numbers, money and dates come formatted by Intl for the
// page's full tag, so `ar-EG` shows Arabic-Indic digits and `ar-MA` Latin ones, as Intl decides.
// Its text is kept a module an element (./ar/), as English's is, so a script-tag file carries
// only its own elements' words; this module is the whole table, registered.
import { arBankPicker } from './ar/bank-picker.js';
import { arDynamicAccount } from './ar/dynamic-account.js';
import { arDynamicAccountLater } from './ar/dynamic-account-later.js';
import { arFundingAccount } from './ar/funding-account.js';
import { arInvoiceView } from './ar/invoice-view.js';
import { arLink } from './ar/link.js';
import { arQr } from './ar/qr.js';
import { arHosted } from './ar/hosted.js';
import { registerTranslation } from './registry.js';
import type { Translation } from './types.js';

const ar: Translation = {
  ...arBankPicker,
  ...arDynamicAccount,
  ...arDynamicAccountLater,
  ...arFundingAccount,
  ...arInvoiceView,
  ...arLink,
  ...arQr,
  ...arHosted,
};

registerTranslation(ar);

export default ar;
