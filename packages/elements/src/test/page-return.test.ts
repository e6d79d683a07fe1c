// Back from the bank app: a shopper who leaves the page to pay and comes back must see what the kit
// says now, not what it said when they left. iOS Safari drops an EventSource on an app switch with
// no error event, and a page restored from the back/forward cache keeps its old view; so when the
// page is shown again (visibilitychange) or restored (pageshow, persisted), <pay-dynamic-account>,
// <pay-invoice-view> and <pay-funding-account> ask the kit at once and reopen a stream that died. The elements' clocks
// never move here: nothing scheduled could have brought the news.
import { expect } from './testing.js';
import { mountAccount, partText, setPageVisibility } from './account.js';
import { countSessionRequests, createSession, sendTransfer, streamStats, until } from './backend.js';
import { createInvoice, mountInvoice, payInvoice } from './invoice.js';
import { accountIn, fundingToken, kitFunding, mountFunding } from './funding.js';

/** Every EventSource the page opens from now on; `restore()` when done. */
function recordEventSources(): { opened: EventSource[]; restore(): void } {
  const opened: EventSource[] = [];
  const Original = window.EventSource;
  window.EventSource = class extends Original {
    constructor(url: string | URL, init?: EventSourceInit) {
      super(url, init);
      opened.push(this);
    }
  };
  return { opened, restore: () => (window.EventSource = Original) };
}

/** What iOS Safari does to a stream on an app switch: closes it, and says nothing. */
function dieSilently(source: EventSource | undefined): void {
  if (!source) throw new Error('no stream');
  source.close();
}

function restoreFromBackForwardCache(): void {
  dispatchEvent(new PageTransitionEvent('pageshow', { persisted: true }));
}

describe('back from the bank app', () => {
  let sources: ReturnType<typeof recordEventSources>;
  beforeEach(() => {
    sources = recordEventSources();
  });
  afterEach(() => {
    sources.restore();
    setPageVisibility('visible');
  });

  it('<pay-dynamic-account> shows "paid" the moment the page is shown again, its stream dead meanwhile', async () => {
    const view = await createSession();
    const { el, log } = await mountAccount(view.id, { updates: 'push' });
    await until(() => sources.opened[0]?.readyState === EventSource.OPEN, 'the stream to open');

    setPageVisibility('hidden');
    dieSilently(sources.opened[0]);
    await sendTransfer(view.account.account_number, view.amount);
    expect(partText(el, 'title')).not.to.equal('Payment received');

    const paid = log.next('pay-paid');
    setPageVisibility('visible');
    await paid;
    await el.updateComplete;
    expect(partText(el, 'title')).to.equal('Payment received');
  });

  it('<pay-dynamic-account> asks at once and reopens its dead stream when restored from the back/forward cache', async () => {
    const view = await createSession();
    const { el, log } = await mountAccount(view.id, { updates: 'push' });
    await until(() => sources.opened[0]?.readyState === EventSource.OPEN, 'the stream to open');
    const before = await streamStats();
    const requests = countSessionRequests(view.id);
    try {
      // a page shown for the first time is not a return
      dispatchEvent(new PageTransitionEvent('pageshow', { persisted: false }));
      expect(requests.count).to.equal(0);

      dieSilently(sources.opened[0]);
      restoreFromBackForwardCache();
      expect(requests.count).to.equal(1);
      expect(sources.opened).to.have.length(2);
      await until(() => sources.opened[1]?.readyState === EventSource.OPEN, 'the stream to open again');
      expect((await streamStats()).total).to.equal(before.total + 1);

      // the reopened stream carries the news: no poll could (the clock never moved)
      const paid = log.next('pay-paid');
      await sendTransfer(view.account.account_number, view.amount);
      await paid;
      await el.updateComplete;
      expect(partText(el, 'title')).to.equal('Payment received');
      expect(requests.count).to.equal(1);
    } finally {
      requests.restore();
    }
  });

  it('<pay-invoice-view> shows "paid" at once when restored from the back/forward cache, reopening its dead stream', async () => {
    const number = await createInvoice();
    const { el, events } = await mountInvoice(number, { updates: 'push' });
    await until(() => sources.opened[0]?.readyState === EventSource.OPEN, 'the stream to open');

    dieSilently(sources.opened[0]);
    await payInvoice(number);
    expect(partText(el, 'status-badge')).to.equal('Awaiting payment');

    const paid = events.next('pay-invoice-paid');
    restoreFromBackForwardCache();
    // opened again at once: the poll on return, which brings "paid" and closes it, cannot come first
    expect(sources.opened).to.have.length(2);
    await paid;
    await el.updateComplete;
    expect(partText(el, 'status-badge')).to.equal('Paid');
  });

  it('<pay-funding-account> shows a deposit the moment the page is shown again, and reopens its dead stream', async () => {
    const token = await fundingToken();
    const ngn = accountIn(await kitFunding(token), 'NGN');
    const { el, events } = await mountFunding(token, { updates: 'push' });
    await until(() => sources.opened[0]?.readyState === EventSource.OPEN, 'the stream to open');

    setPageVisibility('hidden');
    dieSilently(sources.opened[0]);
    await sendTransfer(ngn.account_number, '4000');
    expect(partText(el, 'no-deposits')).to.equal('No deposits yet');

    const arrived = events.next('pay-deposit');
    setPageVisibility('visible');
    await arrived;
    await el.updateComplete;
    expect(partText(el, 'deposit-amount')).to.equal('NGN\u00a04,000.00');
    await until(() => sources.opened[1]?.readyState === EventSource.OPEN, 'the stream to open again');
    expect(events.of('pay-deposit')).to.have.length(1);
  });
});
