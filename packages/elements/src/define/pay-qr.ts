// Registers <pay-qr>. Importing this file is the side effect; it does nothing if the tag is taken.
import { PayQr } from '../components/qr/qr.js';

if (!customElements.get('pay-qr')) customElements.define('pay-qr', PayQr);

declare global {
  interface HTMLElementTagNameMap {
    'pay-qr': PayQr;
  }
}

export { PayQr };
