// Registers <pay-link> (and the <pay-qr> it uses). Importing this file is the side effect; it does
// nothing if the tag is taken.
import { defineElement } from '../lib/define.js';
import './pay-qr.js';
import { PayLink } from '../components/link/link.js';

defineElement('pay-link', PayLink);

declare global {
  interface HTMLElementTagNameMap {
    'pay-link': PayLink;
  }
}

export { PayLink };
