// <pay-dynamic-account updates="push"> against the real kit's status stream: "paid" arrives with no
// poll at all, elements showing one session share one connection, a dropped connection resumes with
// Last-Event-ID, a refused stream (404, 503) falls back to polling, and a page hidden for 30 s holds
// no connection. Connections are counted at the kit's door (@pay-elements/testing/browser-backend).
// The element's clock is a ManualClock that the push path never needs to move.
import { expect } from '../../test/testing.js';
import {
  endpoint,
  clearFaults,
  countSessionRequests,
  createSession,
  dropStreams,
  injectKitOutage,
  recordConsole,
  refuseStreams,
  sendTransfer,
  streamStats,
  unnameStreams,
  until,
} from '../../test/backend.js';
import { liveText, mountAccount, partText, setPageVisibility } from '../../test/account.js';
import { listenToSession, openStreamCount } from '../../lib/session-stream.js';
import { sessionStreamProtocol } from '../../lib/session-stream-protocol.js';
import { openSessionStream } from '../../stream.js';

async function openStreams(): Promise<number> {
  return (await streamStats()).open;
}

describe('<pay-dynamic-account> with the status stream', () => {
  afterEach(async () => {
    setPageVisibility('visible');
    await clearFaults();
    await until(async () => (await openStreams()) === 0, 'every stream closed');
  });

  it('shows "paid" pushed by the kit the moment the webhook lands, without a single poll', async () => {
    const view = await createSession();
    const requests = countSessionRequests(view.id);
    let release = (): void => undefined;
    try {
      const before = await streamStats();
      const { el, clock, log } = await mountAccount(view.id, { updates: 'push' });
      await until(async () => (await openStreams()) === 1, 'the stream to open');
      // the stream counts as open once its first `session` event is read: polling stops there
      await new Promise<void>((resolve) => {
        release = listenToSession(sessionStreamProtocol, endpoint, view.id, {
          view: () => undefined,
          state: (state) => state === 'open' && resolve(),
        });
      });
      await clock.advance(10_000);
      const paid = log.next('pay-paid');
      await sendTransfer(view.account.account_number, view.amount);
      await paid; // no clock moved: no poll could have brought it
      await el.updateComplete;
      expect(partText(el, 'title')).to.equal('Payment received');
      expect(liveText(el)).to.equal('Payment received');
      expect(log.of('pay-paid')).to.have.length(1);
      expect(requests.count).to.equal(1, 'only the first load');
      expect((await streamStats()).total - before.total).to.equal(1);
      await until(async () => (await openStreams()) === 0, 'the stream to close after "paid"');
      expect(openStreamCount()).to.equal(0);
    } finally {
      release();
      requests.restore();
    }
  });

  it('keeps polling while the stream sends no event it reads (`data:` without `event: session`), and shows "paid" (issue 39)', async () => {
    const view = await createSession();
    await unnameStreams();
    const requests = countSessionRequests(view.id);
    const warnings = recordConsole('warn');
    try {
      const { el, clock, log } = await mountAccount(view.id, { updates: 'push' });
      await until(async () => (await openStreams()) === 1, 'the stream to open');
      // the kit sends the view at once, unnamed: heard by no element
      await until(() => warnings.lines.length > 0, 'the unnamed event');
      await sendTransfer(view.account.account_number, view.amount);
      // the issue's case: 4.5 s after the backend said paid, the shopper still saw "pending"
      await clock.advance(4500);
      await until(() => el.status === 'paid', 'a poll to bring "paid"', 1000);
      await el.updateComplete;
      expect(partText(el, 'title')).to.equal('Payment received');
      expect(log.of('pay-paid')).to.have.length(1);
      expect(requests.count).to.equal(2, 'the first load and the poll at 2 s');
      expect(warnings.lines).to.deep.equal([
        `pay-elements: ${new URL(`${endpoint}/sessions/${view.id}/events`, location.href).href} sent an event without a name: ignored, polling instead`,
      ]);
    } finally {
      warnings.restore();
      requests.restore();
    }
  });

  it('shares one connection among the elements showing one session', async () => {
    const view = await createSession();
    const before = await streamStats();
    const mounted = await Promise.all([1, 2, 3].map(() => mountAccount(view.id, { updates: 'push' })));
    await until(async () => (await openStreams()) === 1, 'the stream to open');
    expect((await streamStats()).total - before.total).to.equal(1);
    const paid = mounted.map(({ log }) => log.next('pay-paid'));
    await sendTransfer(view.account.account_number, view.amount);
    await Promise.all(paid);
    for (const { el } of mounted) {
      await el.updateComplete;
      expect(partText(el, 'title')).to.equal('Payment received');
    }
  });

  it('resumes a dropped connection with Last-Event-ID and still shows "paid"', async () => {
    const view = await createSession();
    const { el, log } = await mountAccount(view.id, { updates: 'push' });
    await until(async () => (await openStreams()) === 1, 'the stream to open');
    const before = await streamStats();
    const polled = await fetch(`/pay/sessions/${view.id}`);
    const version = polled.headers.get('etag')?.replace(/"/g, '');
    await dropStreams();
    await until(async () => (await streamStats()).total > before.total, 'the browser to reconnect');
    const after = await streamStats();
    expect(after.lastEventIds.at(-1)).to.equal(version, 'it resumed from the view it held');
    await until(async () => (await openStreams()) === 1, 'the stream to be open again');
    const paid = log.next('pay-paid');
    await sendTransfer(view.account.account_number, view.amount);
    await paid;
    await el.updateComplete;
    expect(partText(el, 'title')).to.equal('Payment received');
    expect(log.of('pay-status-change')).to.have.length(
      2,
      'pending once, then paid: no repeat after resuming',
    );
  });

  for (const status of [404, 503] as const) {
    it(`polls as before when the kit refuses the stream (${status})`, async () => {
      const view = await createSession();
      await refuseStreams(status);
      const requests = countSessionRequests(view.id);
      try {
        const { el, clock, log } = await mountAccount(view.id, { updates: 'push' });
        await until(() => openStreamCount() === 0, 'the refused stream to be given up');
        expect(await openStreams()).to.equal(0);
        await sendTransfer(view.account.account_number, view.amount);
        const paid = log.next('pay-paid');
        await clock.advance(2000); // the next poll
        await paid;
        await el.updateComplete;
        expect(partText(el, 'title')).to.equal('Payment received');
        expect(requests.count).to.equal(2, 'the first load and one poll');
        expect(log.of('pay-error')).to.have.length(0, 'a refused stream is no error to the shopper');
      } finally {
        requests.restore();
      }
    });
  }

  it('says "Reconnecting…" when the stream drops and the polls fail too, and recovers', async () => {
    const view = await createSession();
    const { el, clock, log } = await mountAccount(view.id, { updates: 'push' });
    await until(async () => (await openStreams()) === 1, 'the stream to open');
    await injectKitOutage(3); // the stream's reconnection and the next two polls answer 503
    await dropStreams();
    await until(() => openStreamCount() === 0, 'the browser to give the stream up');
    await clock.advance(2000);
    await el.updateComplete;
    expect(partText(el, 'reconnecting')).to.equal('Reconnecting…');
    expect(log.of('pay-error')).to.have.length(1);
    await clock.advance(4000);
    await clock.advance(8000);
    await el.updateComplete;
    expect(el.matches(':state(reconnecting)')).to.equal(false);
    expect(partText(el, 'message')).to.equal('Waiting for your transfer. This page updates by itself.');
  });

  it('closes the stream after 30 s hidden and opens it again when the page is shown', async () => {
    const view = await createSession();
    const { el, clock } = await mountAccount(view.id, { updates: 'push' });
    await until(async () => (await openStreams()) === 1, 'the stream to open');
    setPageVisibility('hidden');
    await clock.advance(29_000);
    expect(await openStreams()).to.equal(1, 'a short look at the bank app keeps it');
    await clock.advance(1000);
    await until(async () => (await openStreams()) === 0, 'the stream to close while hidden');
    const hidden = await streamStats();
    // still pending on return, so the element needs the stream again (the next test: paid while
    // hidden, the element may learn it from the poll on return before the stream has connected)
    setPageVisibility('visible');
    await until(
      async () => (await streamStats()).total === hidden.total + 1 && (await openStreams()) === 1,
      'the stream to reopen',
    );
    await sendTransfer(view.account.account_number, view.amount);
    await until(() => el.status === 'paid', 'the paid view');
    await el.updateComplete;
    expect(partText(el, 'title')).to.equal('Payment received');
  });

  it('shows a payment made while the stream was closed as soon as the page is shown', async () => {
    const view = await createSession();
    const { el, clock } = await mountAccount(view.id, { updates: 'push' });
    await until(async () => (await openStreams()) === 1, 'the stream to open');
    setPageVisibility('hidden');
    await clock.advance(30_000);
    await until(async () => (await openStreams()) === 0, 'the stream to close while hidden');
    await sendTransfer(view.account.account_number, view.amount);
    expect(el.status).to.equal('pending', 'nothing is heard while hidden');
    setPageVisibility('visible');
    await until(() => el.status === 'paid', 'the paid view on return');
    await el.updateComplete;
    expect(partText(el, 'title')).to.equal('Payment received');
  });

  it('joins the stream its page opened ahead of it (@pay-elements/elements/stream): one connection, "paid" pushed, closed while hidden', async () => {
    const view = await createSession();
    const before = await streamStats();
    openSessionStream(endpoint, view.id);
    await until(async () => (await openStreams()) === 1, 'the stream opened ahead to be open');
    const { el, clock, log } = await mountAccount(view.id, { updates: 'push' });
    expect(el.matches(':state(pending)')).to.equal(true);
    expect((await streamStats()).total - before.total).to.equal(
      1,
      'the element joined it: no second connection',
    );
    // the page let go of it when the element listened: hidden for 30 s, nothing holds it open
    setPageVisibility('hidden');
    await clock.advance(30_000);
    await until(async () => (await openStreams()) === 0, 'the stream to close while hidden');
    setPageVisibility('visible');
    await until(async () => (await openStreams()) === 1, 'the stream to reopen on return');
    const paid = log.next('pay-paid');
    await sendTransfer(view.account.account_number, view.amount);
    await paid;
    await el.updateComplete;
    expect(partText(el, 'title')).to.equal('Payment received');
    await until(() => openStreamCount() === 0, 'the stream to end after "paid"');
  });

  it('lets go of a stream opened ahead when no element listens in time', async () => {
    const view = await createSession();
    openSessionStream(endpoint, view.id, 300);
    await until(async () => (await openStreams()) === 1, 'the stream opened ahead to be open');
    await until(async () => (await openStreams()) === 0, 'the stream to close with no element');
    expect(openStreamCount()).to.equal(0);
  });
});
