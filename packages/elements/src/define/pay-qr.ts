// Registers <pay-qr>. Importing this file is the side effect; it does nothing if the tag is taken or
// there is no custom element registry (Node).
import { defineElement } from '../lib/define.js';
import { PayQr } from '../components/qr/qr.js';

defineElement('pay-qr', PayQr);

declare global {
  interface HTMLElementTagNameMap {
    'pay-qr': PayQr;
  }
}

export { PayQr };
