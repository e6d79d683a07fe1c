// Registers <pay-dynamic-account> on import (the <pay-qr> it shows, once it shows one); nothing if the tag is taken
// or there is no custom element registry (Node: server-side rendering, test runners).
import { PayDynamicAccount } from '../components/dynamic-account/dynamic-account.js';

if (typeof customElements !== 'undefined' && !customElements.get('pay-dynamic-account'))
  customElements.define('pay-dynamic-account', PayDynamicAccount);

declare global {
  interface HTMLElementTagNameMap {
    'pay-dynamic-account': PayDynamicAccount;
  }
}

export { PayDynamicAccount };
