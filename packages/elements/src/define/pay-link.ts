// Registers <pay-link> (and the <pay-qr> it uses) on import; nothing if the tag is taken or there is no
// custom element registry (Node: server-side rendering, test runners).
import './pay-qr.js';
import { PayLink } from '../components/link/link.js';

if (typeof customElements !== 'undefined' && !customElements.get('pay-link'))
  customElements.define('pay-link', PayLink);

declare global {
  interface HTMLElementTagNameMap {
    'pay-link': PayLink;
  }
}

export { PayLink };
