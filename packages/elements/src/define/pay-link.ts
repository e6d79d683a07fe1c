// Registers <pay-link> on import (the <pay-qr> it shows, once it shows one); nothing if the tag is taken
// or there is no custom element registry (Node: server-side rendering, test runners).
import { PayLink } from '../components/link/link.js';

if (typeof customElements !== 'undefined' && !customElements.get('pay-link'))
  customElements.define('pay-link', PayLink);

declare global {
  interface HTMLElementTagNameMap {
    'pay-link': PayLink;
  }
}

export { PayLink };
