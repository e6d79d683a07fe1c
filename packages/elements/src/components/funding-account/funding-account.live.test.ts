// <pay-funding-account> against the real kit and emulator over time: transfers sent from the emulator
// arrive pushed by the kit's stream, or by polling when the stream is refused; each deposit fires
// pay-deposit once and is announced; the running total follows; a failing backend is "Reconnecting…",
// then the error state with its retry. Time is a ManualClock: nothing here sleeps on a timer.
import { expect } from '../../test/testing.js';
import { expectAccessible } from '../../test/axe.js';
import { hasPart, liveText, part, partText, setPageVisibility, shadow } from '../../test/account.js';
import {
  recordConsole,
  refuseStreams,
  sendTransfer,
  streamStats,
  unnameStreams,
  until,
} from '../../test/backend.js';
import {
  accountIn,
  countFundingRequests,
  fundingToken,
  kitFunding,
  mountFunding,
} from '../../test/funding.js';
import { PayDepositEvent } from '../../events/pay-deposit.js';
import { emulateMedia } from '../../test/media.js';
import { failRequests } from '../../test/page-fetch.js';

/** The deposits as listed: amount, and the account line, newest first. */
function listed(el: Element): string[] {
  return [...shadow(el).querySelectorAll('[part~="deposit"]')].map((item) =>
    ['deposit-amount', 'deposit-account']
      .map((name) =>
        (item.querySelector(`[part~="${name}"]`)?.textContent ?? '').replace(/[ \t\n\r]+/g, ' ').trim(),
      )
      .join(' | '),
  );
}

function totals(el: Element): string[] {
  return [...shadow(el).querySelectorAll('[part~="total"]')].map((dd) => (dd.textContent ?? '').trim());
}

/** "579 037 3861" */
const grouped = (number: string): string => `${number.slice(0, 3)} ${number.slice(3, 6)} ${number.slice(6)}`;

/** Makes the page's requests for one token's view fail with 503 while `down` is true. */
function fundingOutage(token: string): ReturnType<typeof failRequests> {
  return failRequests(`/pay/funding/${encodeURIComponent(token)}`);
}

/** Records every EventSource the page opens, until `restore()`. */
function recordEventSources(): { opened: EventSource[]; restore(): void } {
  const opened: EventSource[] = [];
  const Original = window.EventSource;
  window.EventSource = class extends Original {
    constructor(url: string | URL, init?: EventSourceInit) {
      super(url, init);
      opened.push(this);
    }
  };
  return {
    opened,
    restore() {
      window.EventSource = Original;
    },
  };
}

describe('<pay-funding-account> as deposits arrive', () => {
  afterEach(() => setPageVisibility('visible'));

  it('shows a transfer pushed by the stream, its total, says so, and fires pay-deposit once', async () => {
    const token = await fundingToken();
    const sources = recordEventSources();
    try {
      const before = await streamStats();
      const { el, events } = await mountFunding(token, { updates: 'push' });
      await until(() => sources.opened[0]?.readyState === 1, 'the stream to open');
      expect(sources.opened.map((s) => new URL(s.url).pathname)).to.deep.equal([
        `/pay/funding/${token}/events`,
      ]);
      expect((await streamStats()).total - before.total).to.equal(1);
      const view = await kitFunding(token);
      const ngn = accountIn(view, 'NGN');
      const usd = accountIn(view, 'USD');

      let arriving = events.next('pay-deposit');
      await sendTransfer(ngn.account_number, '5000.00');
      const first = await arriving; // the element's clock never moved: no poll could have brought it
      expect(first).to.be.instanceOf(PayDepositEvent);
      await el.updateComplete;
      expect(listed(el)).to.deep.equal([`NGN\u00a05,000.00 | To ${grouped(ngn.account_number)}`]);
      expect(totals(el)).to.deep.equal(['NGN\u00a05,000.00']);
      expect(hasPart(el, 'no-deposits')).to.equal(false);
      expect(liveText(el)).to.equal('NGN\u00a05,000.00 received');
      const deposit = (first as PayDepositEvent).detail.deposit;
      expect(deposit).to.include({ amount: '5000.00', currency: 'NGN', account_number: ngn.account_number });
      expect((first as PayDepositEvent).detail.view).to.deep.equal(el.funding);
      expect(shadow(el).querySelector('[part~="deposit-new"] [part="deposit-amount"]')?.textContent).to.equal(
        'NGN\u00a05,000.00',
      );
      const time = part(el, 'deposit-time');
      expect(time.getAttribute('datetime')).to.equal(deposit.received_at);
      expect(time.textContent?.trim()).to.equal(
        new Intl.DateTimeFormat('en', { dateStyle: 'long', timeStyle: 'short' }).format(
          Date.parse(deposit.received_at),
        ),
      );

      arriving = events.next('pay-deposit');
      await sendTransfer(usd.account_number, '120.50');
      await arriving;
      await el.updateComplete;
      expect(listed(el)).to.deep.equal([
        `$120.50 | To ${grouped(usd.account_number)}`,
        `NGN\u00a05,000.00 | To ${grouped(ngn.account_number)}`,
      ]);
      expect(totals(el)).to.have.members(['$120.50', 'NGN\u00a05,000.00']);
      expect(liveText(el)).to.equal('$120.50 received');
      // asked again (a poll's answer lists both deposits too): nothing is new twice
      await el.refreshNow();
      await el.updateComplete;
      expect(events.of('pay-deposit').map((e) => e.detail.deposit.amount)).to.deep.equal([
        '5000.00',
        '120.50',
      ]);
      expect(sources.opened).to.have.length(1);
      setPageVisibility('hidden');
      await expectAccessible(el);
    } finally {
      sources.restore();
    }
  });

  it('with the stream refused, brings the deposit by polling (5 s) and fires pay-deposit once', async () => {
    const token = await fundingToken();
    const ngn = accountIn(await kitFunding(token), 'NGN');
    const sources = recordEventSources();
    const requests = countFundingRequests(token);
    try {
      await refuseStreams(503);
      const { el, clock, events } = await mountFunding(token, { updates: 'push' });
      await until(() => sources.opened[0]?.readyState === 2, 'the stream to be refused');
      expect(requests.count).to.equal(1);
      await sendTransfer(ngn.account_number, '2500');
      await clock.advance(4999);
      expect(requests.count).to.equal(1);
      expect(events.of('pay-deposit')).to.have.length(0);
      const arriving = events.next('pay-deposit');
      await clock.advance(1);
      await arriving;
      await el.updateComplete;
      expect(requests.count).to.equal(2);
      expect(listed(el)).to.deep.equal([`NGN\u00a02,500.00 | To ${grouped(ngn.account_number)}`]);
      expect(totals(el)).to.deep.equal(['NGN\u00a02,500.00']);
      expect(liveText(el)).to.equal('NGN\u00a02,500.00 received');
      await clock.advance(10_000);
      expect(requests.count).to.equal(4);
      expect(events.of('pay-deposit')).to.have.length(1);
    } finally {
      requests.restore();
      sources.restore();
    }
  });

  it('with a stream whose events have no name, goes on polling (5 s) and shows the deposit (issue 39)', async () => {
    const token = await fundingToken();
    const ngn = accountIn(await kitFunding(token), 'NGN');
    const sources = recordEventSources();
    const requests = countFundingRequests(token);
    const warnings = recordConsole('warn');
    try {
      await unnameStreams();
      const { el, clock, events } = await mountFunding(token, { updates: 'push' });
      // the kit sends the view at once, unnamed: the element reads none of it
      await until(() => warnings.lines.length > 0, 'the unnamed event');
      expect(sources.opened[0]?.readyState).to.equal(1, 'the stream is open');
      expect(warnings.lines[0]).to.contain('sent an event without a name: ignored, polling instead');
      await sendTransfer(ngn.account_number, '2500');
      const arriving = events.next('pay-deposit');
      await clock.advance(5000);
      await arriving;
      await el.updateComplete;
      expect(requests.count).to.equal(2, 'the first load and the poll at 5 s');
      expect(totals(el)).to.deep.equal(['NGN\u00a02,500.00']);
    } finally {
      warnings.restore();
      requests.restore();
      sources.restore();
    }
  });

  it('lists the deposits made before it opened without firing pay-deposit for them', async () => {
    const token = await fundingToken();
    const ngn = accountIn(await kitFunding(token), 'NGN');
    await sendTransfer(ngn.account_number, '1000');
    await sendTransfer(ngn.account_number, '750.25');
    const { el, clock, events } = await mountFunding(token);
    expect(listed(el)).to.deep.equal([
      `NGN\u00a0750.25 | To ${grouped(ngn.account_number)}`,
      `NGN\u00a01,000.00 | To ${grouped(ngn.account_number)}`,
    ]);
    expect(totals(el)).to.deep.equal(['NGN\u00a01,750.25']);
    expect(shadow(el).querySelector('[part~="deposit-new"]')).to.equal(null);
    await sendTransfer(ngn.account_number, '300');
    await clock.advance(5000);
    await el.updateComplete;
    expect(events.of('pay-deposit').map((e) => e.detail.deposit.amount)).to.deep.equal(['300.00']);
    expect(totals(el)).to.deep.equal(['NGN\u00a02,050.25']);
    const arrived = shadow(el).querySelectorAll<HTMLElement>('[part~="deposit-new"]');
    expect(arrived).to.have.length(1);
    // lit for a moment, unless motion is to be reduced
    try {
      await emulateMedia({ reducedMotion: 'no-preference' });
      expect(getComputedStyle(arrived[0]!).animationName).to.equal('arrive');
      await emulateMedia({ reducedMotion: 'reduce' });
      expect(getComputedStyle(arrived[0]!).animationName).to.equal('none');
    } finally {
      await emulateMedia({});
    }
  });

  it('says "Reconnecting…" while polls fail, fires one pay-error, and recovers', async () => {
    const token = await fundingToken();
    const { el, clock, events } = await mountFunding(token);
    const outage = fundingOutage(token);
    try {
      await clock.advance(5000);
      await el.updateComplete;
      expect(el.matches(':state(reconnecting)')).to.equal(true);
      expect(el.matches(':state(ready)')).to.equal(true);
      expect(partText(el, 'reconnecting')).to.equal('Reconnecting…');
      expect(hasPart(el, 'intro')).to.equal(false);
      expect(liveText(el)).to.equal('Reconnecting…');
      await clock.advance(30_000);
      expect(events.of('pay-error')).to.have.length(1);
      expect(events.of('pay-error')[0]?.detail).to.include({
        code: 'upstream_unavailable',
        operation: 'load',
      });
      await expectAccessible(el);
      outage.down = false;
      await clock.advance(30_000);
      await el.updateComplete;
      expect(el.matches(':state(reconnecting)')).to.equal(false);
      expect(hasPart(el, 'intro')).to.equal(true);
    } finally {
      outage.restore();
    }
  });

  it('shows the error state with "Try again" when the first load fails, and loads on retry', async () => {
    const token = await fundingToken();
    const outage = fundingOutage(token);
    try {
      const { el, events } = await mountFunding(token);
      expect(el.matches(':state(error)')).to.equal(true);
      expect(partText(el, 'message')).to.equal(
        'The payment service is not answering right now. Please try again in a moment.',
      );
      expect(events.of('pay-error')).to.have.length(1);
      await expectAccessible(el);
      outage.down = false;
      part<HTMLButtonElement>(el, 'retry-button').click();
      await until(() => el.funding !== null, 'the retry to load');
      await el.updateComplete;
      expect(el.matches(':state(ready)')).to.equal(true);
      expect(el.matches(':state(error)')).to.equal(false);
      expect(partText(el, 'no-deposits')).to.equal('No deposits yet');
    } finally {
      outage.restore();
    }
  });
});
