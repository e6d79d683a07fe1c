// Registers <pay-bank-picker> on import; nothing if the tag is taken or there is no
// custom element registry (Node: server-side rendering, test runners).
import { PayBankPicker } from '../components/bank-picker/bank-picker.js';

if (typeof customElements !== 'undefined' && !customElements.get('pay-bank-picker'))
  customElements.define('pay-bank-picker', PayBankPicker);

declare global {
  interface HTMLElementTagNameMap {
    'pay-bank-picker': PayBankPicker;
  }
}

export { PayBankPicker };
