// Registers <pay-dynamic-account> (and the <pay-qr> it uses). Importing this file is the side
// effect; it does nothing if the tag is taken.
import './pay-qr.js';
import { PayDynamicAccount } from '../components/dynamic-account/dynamic-account.js';

if (!customElements.get('pay-dynamic-account'))
  customElements.define('pay-dynamic-account', PayDynamicAccount);

declare global {
  interface HTMLElementTagNameMap {
    'pay-dynamic-account': PayDynamicAccount;
  }
}

export { PayDynamicAccount };
