// <pay-invoice-view> on a server-rendered page: the invoice view the page carried (a child
// <script type="application/json">) is shown at once with no request to the kit, the page's fallback
// under the element is not shown once it runs, and a view of another invoice is ignored.
import { expect, fixture, html } from '../../test/testing.js';
import { expectAccessible } from '../../test/axe.js';
import { partText } from '../../test/account.js';
import { createInvoice, invoiceRef, kitInvoice, knowInvoice } from '../../test/invoice.js';
import { endpoint } from '../../test/backend.js';
import { ManualClock } from '../../lib/clock.js';
import '../../define/pay-invoice-view.js';
import type { PayInvoiceView } from './invoice-view.js';
import { countRequests } from '../../test/page-fetch.js';

/** Counts the requests for one invoice's view. */
function countInvoiceRequests(number: string): ReturnType<typeof countRequests> {
  return countRequests(`${endpoint}/invoices/${encodeURIComponent(invoiceRef(number))}`);
}

async function mountServerRendered(number: string, json: string): Promise<PayInvoiceView> {
  await knowInvoice(number);
  const wrapper = await fixture<HTMLDivElement>(html`<div lang="en"></div>`);
  const template = document.createElement('template');
  template.innerHTML = `<pay-invoice-view endpoint="${endpoint}" token="${invoiceRef(number)}"><p class="fallback">The invoice (fallback)</p><script type="application/json"></script></pay-invoice-view>`;
  const el = template.content.firstElementChild as PayInvoiceView;
  el.querySelector('script')!.textContent = json;
  el.clock = new ManualClock();
  wrapper.append(document.adoptNode(el));
  await el.updateComplete;
  return el;
}

describe('<pay-invoice-view> taking its first view from the page', () => {
  it('is accessible, shows the invoice at once with no request, and hides the fallback', async () => {
    const number = await createInvoice();
    const view = await kitInvoice(number);
    const requests = countInvoiceRequests(number);
    try {
      const el = await mountServerRendered(number, JSON.stringify(view));
      await expectAccessible(el);
      expect(el.status).to.equal('pending');
      expect(partText(el, 'account-number').replace(/\s/g, '')).to.equal(view.payment_details.account_number);
      expect(requests.count).to.equal(0, 'the page carried the view');
      expect(el.querySelector('.fallback')!.getClientRects().length).to.equal(0);
    } finally {
      requests.restore();
    }
  });

  it('ignores what is not an invoice view and loads as usual', async () => {
    const number = await createInvoice();
    const view = await kitInvoice(number);
    const requests = countInvoiceRequests(number);
    try {
      const el = await mountServerRendered(number, JSON.stringify({ ...view, total: 215 }));
      await new Promise<void>((resolve) =>
        el.addEventListener('pay-status-change', () => resolve(), { once: true }),
      );
      expect(el.invoice?.number).to.equal(number);
      expect(requests.count).to.equal(1);
    } finally {
      requests.restore();
    }
  });
});
