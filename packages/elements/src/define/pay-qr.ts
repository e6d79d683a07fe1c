// Registers <pay-qr> on import; nothing if the tag is taken or there is no
// custom element registry (Node: server-side rendering, test runners).
import { PayQr } from '../components/qr/qr.js';

if (typeof customElements !== 'undefined' && !customElements.get('pay-qr'))
  customElements.define('pay-qr', PayQr);

declare global {
  interface HTMLElementTagNameMap {
    'pay-qr': PayQr;
  }
}

export { PayQr };
