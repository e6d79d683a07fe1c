// Registers <pay-dynamic-account> (and the <pay-qr> it uses) on import; nothing if the tag is taken or there is no
// custom element registry (Node: server-side rendering, test runners).
import './pay-qr.js';
import { PayDynamicAccount } from '../components/dynamic-account/dynamic-account.js';

if (typeof customElements !== 'undefined' && !customElements.get('pay-dynamic-account'))
  customElements.define('pay-dynamic-account', PayDynamicAccount);

declare global {
  interface HTMLElementTagNameMap {
    'pay-dynamic-account': PayDynamicAccount;
  }
}

export { PayDynamicAccount };
