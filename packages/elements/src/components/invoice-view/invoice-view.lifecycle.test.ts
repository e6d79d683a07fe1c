// <pay-invoice-view> against the real kit and emulator over time: polling, the invoice being paid,
// an overdue invoice, and a backend that fails. Time is a ManualClock: nothing here sleeps.
import { expect } from '../../test/testing.js';
import { expectAccessible } from '../../test/axe.js';
import { hasPart, liveText, part, partText, setPageVisibility, shadow } from '../../test/account.js';
import { createInvoice, invoiceRef, mountInvoice, payInvoice } from '../../test/invoice.js';
import { countRequests, failRequests } from '../../test/page-fetch.js';

/** Counts the page's requests for one invoice from now on; `restore()` when done. */
function countInvoiceRequests(number: string): ReturnType<typeof countRequests> {
  return countRequests(`/pay/invoices/${encodeURIComponent(invoiceRef(number))}`);
}

/** Makes the page's requests for one invoice fail with 503 while `down` is true. */
function invoiceOutage(number: string): ReturnType<typeof failRequests> {
  return failRequests(`/pay/invoices/${encodeURIComponent(invoiceRef(number))}`);
}

describe('<pay-invoice-view> over time', () => {
  afterEach(() => setPageVisibility('visible'));

  it('is accessible when overdue, and says so in words', async () => {
    const number = await createInvoice({ dueInDays: -2 });
    const { el, events } = await mountInvoice(number);
    expect(el.getAttribute('status')).to.equal('overdue');
    expect(el.matches(':state(overdue)')).to.equal(true);
    expect(partText(el, 'status-badge')).to.equal('Overdue');
    expect(partText(el, 'message')).to.equal(
      'The due date has passed. You can still pay by bank transfer to the account below.',
    );
    // still payable: the account is shown
    expect(hasPart(el, 'payment-details')).to.equal(true);
    expect(events.of('pay-status-change')[0]?.detail.status).to.equal('overdue');
    await expectAccessible(el);
  });

  it('polls every 5 s for the first minute, then backs off to 30 s, and pauses while hidden', async () => {
    const number = await createInvoice();
    const requests = countInvoiceRequests(number);
    try {
      const { el, clock } = await mountInvoice(number);
      expect(requests.count).to.equal(1);
      await clock.advance(4999);
      expect(requests.count).to.equal(1);
      await clock.advance(1);
      expect(requests.count).to.equal(2);
      await clock.advance(55_000); // polls at 5 s, 10 s, … 60 s
      expect(requests.count).to.equal(13);
      const later: number[] = [];
      for (const step of [9999, 1, 20_000, 30_000, 30_000]) {
        await clock.advance(step);
        later.push(requests.count);
      }
      // 10 s after the minute, then 20 s, then 30 s, 30 s
      expect(later).to.deep.equal([13, 14, 15, 16, 17]);

      setPageVisibility('hidden');
      await clock.advance(10 * 60_000);
      expect(requests.count).to.equal(17);
      setPageVisibility('visible');
      await el.refreshNow(); // joins the poll the page's return started
      expect(requests.count).to.equal(18);
      expect(el.status).to.equal('pending');
    } finally {
      requests.restore();
    }
  });

  it('turns paid when the invoice is paid in the emulator, fires pay-invoice-paid once and stops polling', async () => {
    const number = await createInvoice();
    const requests = countInvoiceRequests(number);
    try {
      const { el, clock, events } = await mountInvoice(number);
      expect(el.status).to.equal('pending');
      await payInvoice(number);
      const paid = events.next('pay-invoice-paid');
      await clock.advance(5000);
      await paid;
      await el.updateComplete;
      expect(events.of('pay-invoice-paid')).to.have.length(1);
      const detail = events.of('pay-invoice-paid')[0]?.detail;
      expect(detail?.invoice.number).to.equal(number);
      expect(detail?.invoice.status).to.equal('paid');
      expect(events.of('pay-status-change').map((e) => [e.detail.previous, e.detail.status])).to.deep.equal([
        [null, 'pending'],
        ['pending', 'paid'],
      ]);
      expect(el.getAttribute('status')).to.equal('paid');
      expect(el.matches(':state(paid)')).to.equal(true);
      expect(el.matches(':state(pending)')).to.equal(false);
      expect(partText(el, 'status-badge')).to.equal('Paid');
      expect(partText(el, 'message')).to.equal('This invoice is paid. Thank you.');
      expect(liveText(el)).to.equal('Invoice paid');
      expect(hasPart(el, 'payment-details')).to.equal(false);
      // the invoice itself stays on screen, as a receipt
      expect(partText(el, 'total')).to.equal('NGN\u00a017,825.45');

      const count = requests.count;
      await clock.advance(10 * 60_000);
      expect(requests.count).to.equal(count);
      expect(events.of('pay-invoice-paid')).to.have.length(1);
    } finally {
      requests.restore();
    }
  });

  it('shows an error while the backend fails, retries quietly, and recovers on "Try again"', async () => {
    const number = await createInvoice();
    const outage = invoiceOutage(number);
    try {
      const { el, clock, events } = await mountInvoice(number);
      expect(el.matches(':state(error)')).to.equal(true);
      const message = 'The payment service is not answering right now. Please try again in a moment.';
      expect(partText(el, 'message')).to.equal(message);
      expect(liveText(el)).to.equal(message);
      expect(events.of('pay-error')[0]?.detail).to.deep.equal({
        code: 'upstream_unavailable',
        message: 'the payment service is unavailable',
        status: 503,
        operation: 'load',
      });
      await expectAccessible(el);
      // the background retry (backing off at once: 10 s) fails again without a second pay-error
      await clock.advance(10_000);
      expect(el.matches(':state(error)')).to.equal(true);
      expect(events.of('pay-error')).to.have.length(1);

      outage.down = false;
      const loaded = events.next('pay-status-change');
      part<HTMLButtonElement>(el, 'retry-button').click();
      await loaded;
      await el.updateComplete;
      expect(el.getAttribute('status')).to.equal('pending');
      expect(partText(el, 'title')).to.equal(`Invoice ${number}`);
    } finally {
      outage.restore();
    }
  });

  it('keeps showing the invoice when a later poll fails', async () => {
    const number = await createInvoice();
    const { el, clock, events } = await mountInvoice(number);
    const outage = invoiceOutage(number);
    try {
      await clock.advance(5000);
      await el.updateComplete;
      expect(el.matches(':state(pending)')).to.equal(true);
      expect(partText(el, 'title')).to.equal(`Invoice ${number}`);
      expect(events.of('pay-error')).to.have.length(1);
      expect(shadow(el).querySelector('[part="retry-button"]')).to.equal(null);
    } finally {
      outage.restore();
    }
  });

  it('says "Reconnecting…" while polls fail with the invoice shown, as <pay-dynamic-account> does, and recovers', async () => {
    const number = await createInvoice();
    const { el, clock, events } = await mountInvoice(number);
    const outage = invoiceOutage(number);
    try {
      await clock.advance(5000);
      await el.updateComplete;
      expect(el.matches(':state(reconnecting)')).to.equal(true);
      expect(partText(el, 'reconnecting')).to.equal('Reconnecting…');
      expect(hasPart(el, 'message')).to.equal(false);
      expect(liveText(el)).to.equal('Reconnecting…');
      // the next failed poll says nothing more
      await clock.advance(30_000);
      await el.updateComplete;
      expect(events.of('pay-error')).to.have.length(1);
      outage.down = false;
      await clock.advance(30_000);
      await el.updateComplete;
      expect(el.matches(':state(reconnecting)')).to.equal(false);
      expect(hasPart(el, 'reconnecting')).to.equal(false);
      expect(partText(el, 'message')).to.match(/This page updates by itself/);
    } finally {
      outage.restore();
    }
  });

  it('follows a change of number', async () => {
    const first = await createInvoice();
    const second = await createInvoice({ note: 'Second one.' });
    const { el, events } = await mountInvoice(first);
    setPageVisibility('hidden');
    const next = events.next('pay-status-change');
    el.token = invoiceRef(second);
    await next;
    await el.updateComplete;
    expect(partText(el, 'title')).to.equal(`Invoice ${second}`);
    expect(partText(el, 'note')).to.equal('Second one.');
  });

  it('drops the answer to a number changed while it loads, and fires for the new one alone', async () => {
    const first = await createInvoice({ note: 'First one.' });
    const second = await createInvoice({ note: 'Second one.' });
    const { el, events } = await mountInvoice(first, { wait: false });
    setPageVisibility('hidden');
    // before the first answer: the stale request is aborted, its answer never shown
    el.token = invoiceRef(second);
    const changed = await events.next('pay-status-change', 'pay-error');
    await el.updateComplete;
    expect(changed.type).to.equal('pay-status-change');
    expect(partText(el, 'title')).to.equal(`Invoice ${second}`);
    expect(partText(el, 'note')).to.equal('Second one.');
    expect(events.of('pay-status-change')).to.have.length(1);
  });
});
