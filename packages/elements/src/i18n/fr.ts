// French, for the francophone countries the API serves. Importing this module registers it:
// `import '@pay-elements/elements/i18n/fr'`.
// Its text is kept a module an element (./fr/), as English's is, so a script-tag file carries
// only its own elements' words; this module is the whole table, registered.
import { frBankPicker } from './fr/bank-picker.js';
import { frDynamicAccount } from './fr/dynamic-account.js';
import { frDynamicAccountLater } from './fr/dynamic-account-later.js';
import { frFundingAccount } from './fr/funding-account.js';
import { frInvoiceView } from './fr/invoice-view.js';
import { frLink } from './fr/link.js';
import { frQr } from './fr/qr.js';
import { frHosted } from './fr/hosted.js';
import { registerTranslation } from './registry.js';
import type { Translation } from './types.js';

const fr: Translation = {
  ...frBankPicker,
  ...frDynamicAccount,
  ...frDynamicAccountLater,
  ...frFundingAccount,
  ...frInvoiceView,
  ...frLink,
  ...frQr,
  ...frHosted,
};

registerTranslation(fr);

export default fr;
