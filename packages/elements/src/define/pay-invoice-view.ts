// Registers <pay-invoice-view> (and the <pay-qr> it uses). Importing this file is the side effect;
// it does nothing if the tag is taken.
import './pay-qr.js';
import { PayInvoiceView } from '../components/invoice-view/invoice-view.js';

if (!customElements.get('pay-invoice-view')) customElements.define('pay-invoice-view', PayInvoiceView);

declare global {
  interface HTMLElementTagNameMap {
    'pay-invoice-view': PayInvoiceView;
  }
}

export { PayInvoiceView };
