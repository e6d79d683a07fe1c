// <pay-dynamic-account> against the real kit and emulator over time: polling, the transfer
// arriving, expiry and renewal, and failures. Time is a ManualClock: nothing here sleeps.
import { expect } from '../../test/testing.js';
import { ManualClock } from '../../lib/clock.js';
import { expectAccessible } from '../../test/axe.js';
import {
  advanceServerClock,
  clearFaults,
  countSessionRequests,
  createSession,
  injectFault,
  injectKitOutage,
  sendTransfer,
} from '../../test/backend.js';
import {
  hasPart,
  liveText,
  mountAccount,
  part,
  partText,
  setPageVisibility,
  shadow,
} from '../../test/account.js';

const minute = 60_000;

describe('<pay-dynamic-account> over time', () => {
  afterEach(async () => {
    setPageVisibility('visible');
    await clearFaults();
  });

  it('is accessible when paid, expired and in error', async () => {
    const paid = await createSession();
    await sendTransfer(paid.account.account_number, paid.amount);
    const a = await mountAccount(paid.id);
    expect(a.el.matches(':state(paid)')).to.equal(true);
    await expectAccessible(a.el);

    const expired = await createSession();
    await advanceServerClock(31);
    const b = await mountAccount(expired.id);
    expect(b.el.matches(':state(expired)')).to.equal(true);
    await expectAccessible(b.el);

    const c = await mountAccount('ses_does_not_exist');
    expect(c.el.matches(':state(error)')).to.equal(true);
    await expectAccessible(c.el);
  });

  it('polls every 2 s for the first minute, then backs off to 10 s, honouring the ETag', async () => {
    const view = await createSession();
    const requests = countSessionRequests(view.id);
    try {
      const { el, clock } = await mountAccount(view.id);
      expect(requests.count).to.equal(1);
      await clock.advance(1999);
      expect(requests.count).to.equal(1);
      await clock.advance(1);
      expect(requests.count).to.equal(2);
      await clock.advance(58_000); // polls at 2 s, 4 s, … 60 s
      expect(requests.count).to.equal(31);
      const later: number[] = [];
      for (const step of [3999, 1, 8000, 10_000, 10_000]) {
        await clock.advance(step);
        later.push(requests.count);
      }
      // 4 s after the minute, then 8 s, then 10 s, 10 s
      expect(later).to.deep.equal([31, 32, 33, 34, 35]);
      expect(requests.notModified).to.be.greaterThan(0);
      expect(el.status).to.equal('pending');
    } finally {
      requests.restore();
    }
  });

  it('pauses while the tab is hidden and asks at once when it is shown again', async () => {
    const view = await createSession();
    const requests = countSessionRequests(view.id);
    try {
      const { el, clock } = await mountAccount(view.id);
      setPageVisibility('hidden');
      await clock.advance(5 * minute);
      expect(requests.count).to.equal(1);
      setPageVisibility('visible');
      await el.refreshNow(); // joins the poll the page's return started
      expect(requests.count).to.equal(2);
      await clock.advance(2000);
      expect(requests.count).to.equal(3);
    } finally {
      requests.restore();
    }
  });

  it('turns paid when the transfer arrives through the emulator, fires pay-paid once and stops polling', async () => {
    const view = await createSession();
    const requests = countSessionRequests(view.id);
    try {
      const { el, clock, log } = await mountAccount(view.id);
      await sendTransfer(view.account.account_number, view.amount);
      const paid = log.next('pay-paid');
      await clock.advance(2000);
      await paid;
      await el.updateComplete;
      expect(log.of('pay-paid')).to.have.length(1);
      const detail = log.of('pay-paid')[0]?.detail;
      expect(detail?.session.id).to.equal(view.id);
      expect(detail?.session.status).to.equal('paid');
      expect(detail?.session.paid_at).to.be.a('string');
      expect(log.of('pay-status-change').map((e) => [e.detail.previous, e.detail.status])).to.deep.equal([
        [null, 'pending'],
        ['pending', 'paid'],
      ]);
      expect(el.getAttribute('status')).to.equal('paid');
      expect(el.matches(':state(paid)')).to.equal(true);
      expect(el.matches(':state(pending)')).to.equal(false);
      expect(partText(el, 'title')).to.equal('Payment received');
      expect(partText(el, 'amount')).to.equal('NGN\u00a05,000.00');
      expect(liveText(el)).to.equal('Payment received');
      expect(hasPart(el, 'countdown')).to.equal(false);
      const count = requests.count;
      await clock.advance(5 * minute);
      expect(requests.count).to.equal(count);
      expect(log.of('pay-paid')).to.have.length(1);
    } finally {
      requests.restore();
    }
  });

  it('leaves the account pending when the wrong amount arrives', async () => {
    const view = await createSession();
    const { el, clock, log } = await mountAccount(view.id);
    await sendTransfer(view.account.account_number, '4999.00').catch(() => undefined);
    await clock.advance(4000);
    await el.updateComplete;
    expect(el.status).to.equal('pending');
    expect(log.of('pay-paid')).to.have.length(0);
  });

  it('expires when the countdown runs out on the server, then renews to a new account', async () => {
    const view = await createSession();
    const clock = new ManualClock(Date.parse(view.server_time) - 3 * minute); // a wrong clock again
    const { el, log } = await mountAccount(view.id, { clock });
    setPageVisibility('hidden'); // no polls: the end of the countdown alone must ask the server
    await advanceServerClock(30);
    const expired = log.next('pay-expired');
    await clock.advance(30 * minute);
    await expired;
    await el.updateComplete;
    expect(el.getAttribute('status')).to.equal('expired');
    expect(el.matches(':state(expired)')).to.equal(true);
    expect(log.of('pay-expired')[0]?.detail.session.id).to.equal(view.id);
    expect(partText(el, 'title')).to.equal('This account has expired');
    expect(liveText(el)).to.equal('This account has expired');
    expect(hasPart(el, 'account-number')).to.equal(false);

    const renewed = log.next('pay-status-change');
    part<HTMLButtonElement>(el, 'renew-button').click();
    await renewed;
    await el.updateComplete;
    expect(el.getAttribute('status')).to.equal('pending');
    const latest = el.sessionView;
    expect(latest?.id).to.equal(view.id);
    expect(latest?.account.account_number).to.not.equal(view.account.account_number);
    expect(partText(el, 'account-number').replace(/ /g, '')).to.equal(latest?.account.account_number);
    expect(partText(el, 'countdown-text')).to.equal('Expires in 30:00');
    expect(part(el, 'progress').getAttribute('aria-valuenow')).to.equal('1800');
    // focus moved from the vanished button to the new account's heading
    expect(shadow(el).activeElement).to.equal(part(el, 'title'));
    expect(log.of('pay-status-change').map((e) => e.detail.status)).to.deep.equal([
      'pending',
      'expired',
      'pending',
    ]);

    // and the new account can be paid
    setPageVisibility('visible');
    await el.refreshNow();
    await sendTransfer(latest?.account.account_number ?? '', view.amount);
    const paid = log.next('pay-paid');
    await clock.advance(2000);
    await paid;
    expect(log.of('pay-paid')).to.have.length(1);
  });

  it('shows an error for an unknown session, with the protocol code in pay-error', async () => {
    const { el, log } = await mountAccount('ses_does_not_exist');
    expect(el.matches(':state(error)')).to.equal(true);
    expect(el.hasAttribute('status')).to.equal(false);
    expect(log.of('pay-error')[0]?.detail).to.deep.include({
      code: 'not_found',
      status: 404,
      operation: 'load',
    });
    expect(partText(el, 'title')).to.equal('We could not load this payment');
    expect(partText(el, 'message')).to.equal('We could not find this payment. It may have been cancelled.');
    expect(hasPart(el, 'retry-button')).to.equal(false);
  });

  it('shows an error when the backend answers 503, retries quietly, and recovers on "Try again"', async () => {
    const view = await createSession();
    await injectKitOutage(2);
    const { el, clock, log } = await mountAccount(view.id);
    expect(el.matches(':state(error)')).to.equal(true);
    expect(log.of('pay-error')).to.have.length(1);
    expect(log.of('pay-error')[0]?.detail).to.deep.equal({
      code: 'upstream_unavailable',
      message: 'the payment service is unavailable',
      status: 503,
      operation: 'load',
    });
    const message = 'The payment service is not answering right now. Please try again in a moment.';
    expect(partText(el, 'message')).to.equal(message);
    expect(liveText(el)).to.equal(message);
    await expectAccessible(el);
    // the background retry (backing off: 4 s) fails again without a second pay-error
    await clock.advance(4000);
    expect(el.matches(':state(error)')).to.equal(true);
    expect(log.of('pay-error')).to.have.length(1);

    const loaded = log.next('pay-status-change');
    part<HTMLButtonElement>(el, 'retry-button').click();
    await loaded;
    await el.updateComplete;
    expect(el.getAttribute('status')).to.equal('pending');
    expect(partText(el, 'account-name')).to.equal(view.account.account_name);
  });

  it('says so when renewing fails because the provider is down (503), and renews once it is back', async () => {
    const view = await createSession();
    await advanceServerClock(31);
    const { el, log } = await mountAccount(view.id);
    expect(el.status).to.equal('expired');
    await injectFault({ path_prefix: '/v1/virtual-accounts', status: 503 });
    const failed = log.next('pay-error');
    part<HTMLButtonElement>(el, 'renew-button').click();
    await failed;
    await el.updateComplete;
    expect(log.of('pay-error')[0]?.detail).to.deep.include({
      code: 'upstream_unavailable',
      status: 503,
      operation: 'renew',
    });
    expect(partText(el, 'renew-error')).to.equal(
      'The payment service is not answering right now. Please try again in a moment.',
    );
    expect(el.status).to.equal('expired');

    await clearFaults();
    const renewed = log.next('pay-status-change');
    part<HTMLButtonElement>(el, 'renew-button').click();
    await renewed;
    await el.updateComplete;
    expect(el.status).to.equal('pending');
    expect(el.sessionView?.account.account_number).to.not.equal(view.account.account_number);
  });
});
