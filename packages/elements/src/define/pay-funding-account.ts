// Registers <pay-funding-account> on import (the <pay-qr> it shows, once it shows one); nothing if the tag
// is taken or there is no custom element registry (Node: server-side rendering, test runners).
import { PayFundingAccount } from '../components/funding-account/funding-account.js';

if (typeof customElements !== 'undefined' && !customElements.get('pay-funding-account'))
  customElements.define('pay-funding-account', PayFundingAccount);

declare global {
  interface HTMLElementTagNameMap {
    'pay-funding-account': PayFundingAccount;
  }
}

export { PayFundingAccount };
