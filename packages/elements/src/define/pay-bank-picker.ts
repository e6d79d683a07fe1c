// Registers <pay-bank-picker>. Importing this file is the side effect; it does nothing if the tag is taken.
import { PayBankPicker } from '../components/bank-picker/bank-picker.js';

if (!customElements.get('pay-bank-picker')) customElements.define('pay-bank-picker', PayBankPicker);

declare global {
  interface HTMLElementTagNameMap {
    'pay-bank-picker': PayBankPicker;
  }
}

export { PayBankPicker };
