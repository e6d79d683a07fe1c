// Registers <pay-invoice-view> (and the <pay-qr> it uses). Importing this file is the side effect;
// it does nothing if the tag is taken or
// there is no custom element registry (Node).
import { defineElement } from '../lib/define.js';
import './pay-qr.js';
import { PayInvoiceView } from '../components/invoice-view/invoice-view.js';

defineElement('pay-invoice-view', PayInvoiceView);

declare global {
  interface HTMLElementTagNameMap {
    'pay-invoice-view': PayInvoiceView;
  }
}

export { PayInvoiceView };
