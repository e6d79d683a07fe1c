// Registers <pay-bank-picker>. Importing this file is the side effect; it does nothing if the tag is taken or
// there is no custom element registry (Node).
import { defineElement } from '../lib/define.js';
import { PayBankPicker } from '../components/bank-picker/bank-picker.js';

defineElement('pay-bank-picker', PayBankPicker);

declare global {
  interface HTMLElementTagNameMap {
    'pay-bank-picker': PayBankPicker;
  }
}

export { PayBankPicker };
