// Portuguese, for Angola, Mozambique and Brazil alike: forms all three read as their own (no gerund
// or "a + infinitive", "link", "fatura", "Enviar" for sharing). Importing this module registers it:
// `import '@pay-elements/elements/i18n/pt'`.
// Its text is kept a module an element (./pt/), as English's is, so a script-tag file carries
// only its own elements' words; this module is the whole table, registered.
import { ptBankPicker } from './pt/bank-picker.js';
import { ptDynamicAccount } from './pt/dynamic-account.js';
import { ptDynamicAccountLater } from './pt/dynamic-account-later.js';
import { ptFundingAccount } from './pt/funding-account.js';
import { ptInvoiceView } from './pt/invoice-view.js';
import { ptLink } from './pt/link.js';
import { ptQr } from './pt/qr.js';
import { ptHosted } from './pt/hosted.js';
import { registerTranslation } from './registry.js';
import type { Translation } from './types.js';

const pt: Translation = {
  ...ptBankPicker,
  ...ptDynamicAccount,
  ...ptDynamicAccountLater,
  ...ptFundingAccount,
  ...ptInvoiceView,
  ...ptLink,
  ...ptQr,
  ...ptHosted,
};

registerTranslation(pt);

export default pt;
