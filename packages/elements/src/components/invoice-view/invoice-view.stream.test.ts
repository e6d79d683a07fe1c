// <pay-invoice-view> against the real kit's invoice status stream: "paid" arrives pushed, with no
// poll (the element's clock never moves), and the stream closes once the invoice is paid.
import { expect } from '../../test/testing.js';
import { expectAccessible } from '../../test/axe.js';
import { partText } from '../../test/account.js';
import { createInvoice, invoiceRef, mountInvoice, payInvoice } from '../../test/invoice.js';
import { until } from '../../test/backend.js';

describe('<pay-invoice-view> with the status stream', () => {
  it('shows "paid" pushed by the kit, without a poll', async () => {
    const number = await createInvoice();
    const opened: string[] = [];
    const Original = window.EventSource;
    window.EventSource = class extends Original {
      constructor(url: string | URL, init?: EventSourceInit) {
        super(url, init);
        opened.push(String(url));
      }
    };
    try {
      const { el, events } = await mountInvoice(number, { updates: 'push' });
      await expectAccessible(el);
      // the stream's code loads on the first listen (import()): under load it may come after the check
      await until(() => opened.length > 0, 'the stream opened');
      expect(opened).to.deep.equal([`/pay/invoices/${invoiceRef(number)}/events`]);
      const paid = events.next('pay-invoice-paid');
      await payInvoice(number);
      await paid; // the element's clock never moved: no poll could have brought it
      await el.updateComplete;
      expect(el.status).to.equal('paid');
      expect(partText(el, 'status-badge')).to.equal('Paid');
      await until(() => opened.length === 1, 'no second stream');
    } finally {
      window.EventSource = Original;
    }
  });
});
