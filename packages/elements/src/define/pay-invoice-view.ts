// Registers <pay-invoice-view> on import (the <pay-qr> it shows, once it shows one); nothing if the tag is taken
// or there is no custom element registry (Node: server-side rendering, test runners).
import { PayInvoiceView } from '../components/invoice-view/invoice-view.js';

if (typeof customElements !== 'undefined' && !customElements.get('pay-invoice-view'))
  customElements.define('pay-invoice-view', PayInvoiceView);

declare global {
  interface HTMLElementTagNameMap {
    'pay-invoice-view': PayInvoiceView;
  }
}

export { PayInvoiceView };
