// Registers <pay-dynamic-account> (and the <pay-qr> it uses). Importing this file is the side
// effect; it does nothing if the tag is taken or there is no custom element registry (Node).
import './pay-qr.js';
import { defineElement } from '../lib/define.js';
import { PayDynamicAccount } from '../components/dynamic-account/dynamic-account.js';

defineElement('pay-dynamic-account', PayDynamicAccount);

declare global {
  interface HTMLElementTagNameMap {
    'pay-dynamic-account': PayDynamicAccount;
  }
}

export { PayDynamicAccount };
