// <pay-invoice-view> on a page whose policy blocks the invoice's status stream: a CSP (added by a
// <meta>, so this file has its own page) allows the invoice's poll URL exactly but not its /events
// path. The browser refuses the stream (WebKit by throwing from the EventSource constructor, the
// others with an error event), the element polls as before, nothing is left unhandled, and "paid"
// arrives.
import { expect } from '../../test/testing.js';
import { partText } from '../../test/account.js';
import { until } from '../../test/backend.js';
import { createInvoice, invoiceRef, mountInvoice, payInvoice } from '../../test/invoice.js';

describe('<pay-invoice-view> when a policy blocks the status stream', () => {
  it('polls instead, with no error shown, and turns paid', async () => {
    const number = await createInvoice();
    const violations: string[] = [];
    document.addEventListener('securitypolicyviolation', (event) => violations.push(event.blockedURI));
    const unhandled: unknown[] = [];
    window.addEventListener('unhandledrejection', (event) => unhandled.push(event.reason));
    const meta = document.createElement('meta');
    meta.httpEquiv = 'Content-Security-Policy';
    // exact paths allow the poll and the test controls, not /events; the runner's socket by its path
    const { origin, host } = location;
    meta.content = `connect-src ws://${host}/wds ${origin}/_test/ ${origin}/pay/invoices/${encodeURIComponent(invoiceRef(number))}`;
    document.head.append(meta);

    const { el, clock, events } = await mountInvoice(number, { updates: 'push' });
    await until(() => violations.some((uri) => uri.endsWith('/events')), 'the policy to refuse the stream');

    await payInvoice(number);
    const paid = events.next('pay-invoice-paid');
    await clock.advance(60_000);
    await paid;
    await el.updateComplete;
    expect(partText(el, 'status-badge')).to.equal('Paid');
    expect(events.of('pay-error')).to.have.length(0);
    expect(unhandled.map(String)).to.deep.equal([]);
  });
});
