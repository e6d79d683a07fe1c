// Registers <pay-link> (and the <pay-qr> it uses). Importing this file is the side effect; it does
// nothing if the tag is taken.
import './pay-qr.js';
import { PayLink } from '../components/link/link.js';

if (!customElements.get('pay-link')) customElements.define('pay-link', PayLink);

declare global {
  interface HTMLElementTagNameMap {
    'pay-link': PayLink;
  }
}

export { PayLink };
