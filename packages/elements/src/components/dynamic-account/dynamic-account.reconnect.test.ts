// <pay-dynamic-account> while the payment provider is down, against the real kit and emulator: the
// emulator fails /v1/transactions (the kit's payment checks) through /_test/faults, so the kit answers
// the element's polls 503 upstream_unavailable. The account and countdown stay, a polite
// "Reconnecting…" replaces the waiting message, one pay-error is fired for the whole outage, polling
// goes on (backing off), and the element recovers by itself. Time is a ManualClock.
import { expect } from '../../test/testing.js';
import '../../i18n/fr.js';
import { expectAccessible } from '../../test/axe.js';
import {
  advanceServerClock,
  clearFaults,
  countSessionRequests,
  createSession,
  injectFault,
  sendTransfer,
} from '../../test/backend.js';
import { hasPart, liveText, mountAccount, partText, type Mounted } from '../../test/account.js';
import type { SessionView } from '@pay-elements/protocol';

/** Mounts the element on a new session, then takes the provider down and lets one poll fail. */
async function mountThenOutage(): Promise<Mounted & { view: SessionView }> {
  const view = await createSession();
  const mounted = await mountAccount(view.id);
  await injectFault({ path_prefix: '/v1/transactions', status: 503 });
  await advanceServerClock(1); // the kit's next provider check of this customer is due
  await mounted.clock.advance(2000); // the element's next poll
  await mounted.el.updateComplete;
  return { ...mounted, view };
}

describe('<pay-dynamic-account> while the provider is down', () => {
  afterEach(async () => {
    await clearFaults();
    // past the kit's circuit-breaker cooldown, so that later tests find the provider as usual
    await advanceServerClock(1);
  });

  it('is accessible while reconnecting', async () => {
    const { el } = await mountThenOutage();
    expect(el.matches(':state(reconnecting)')).to.equal(true);
    await expectAccessible(el);
  });

  it('keeps the account and countdown, says "Reconnecting…" once, and recovers by itself', async () => {
    const { el, clock, log, view } = await mountThenOutage();
    expect(el.status).to.equal('pending');
    expect(el.matches(':state(pending)')).to.equal(true);
    expect(partText(el, 'reconnecting')).to.equal('Reconnecting…');
    expect(liveText(el)).to.equal('Reconnecting…');
    expect(hasPart(el, 'message')).to.equal(false);
    expect(partText(el, 'account-number').replace(/ /g, '')).to.equal(view.account.account_number);
    expect(partText(el, 'account-name')).to.equal(view.account.account_name);
    expect(log.of('pay-error')).to.have.length(1);
    expect(log.of('pay-error')[0]?.detail).to.deep.include({
      code: 'upstream_unavailable',
      status: 503,
      operation: 'load',
    });
    const countdownAtFailure = partText(el, 'countdown-text');

    // it keeps asking, backing off (4 s, 8 s, 10 s…), with no further pay-error or announcement
    const requests = countSessionRequests(view.id);
    try {
      await clock.advance(4000);
      await clock.advance(8000);
      await clock.advance(10_000);
      expect(requests.count).to.equal(3);
    } finally {
      requests.restore();
    }
    await el.updateComplete;
    expect(log.of('pay-error')).to.have.length(1);
    expect(liveText(el)).to.equal('Reconnecting…');
    expect(partText(el, 'countdown-text')).to.not.equal(countdownAtFailure);
    expect(partText(el, 'reconnecting')).to.equal('Reconnecting…');

    // the provider is back: the next scheduled poll brings the account back to "waiting"
    await clearFaults();
    await advanceServerClock(1);
    await clock.advance(10_000);
    await el.updateComplete;
    expect(el.matches(':state(reconnecting)')).to.equal(false);
    expect(hasPart(el, 'reconnecting')).to.equal(false);
    expect(partText(el, 'message')).to.equal('Waiting for your transfer. This page updates by itself.');
    expect(el.status).to.equal('pending');
    expect(el.sessionView?.account.account_number).to.equal(view.account.account_number);
    expect(log.of('pay-error')).to.have.length(1);
    expect(log.of('pay-status-change')).to.have.length(1, 'still the same pending session');
  });

  it('says so in the page language', async () => {
    const view = await createSession();
    const { el, clock } = await mountAccount(view.id, { lang: 'fr' });
    await injectFault({ path_prefix: '/v1/transactions', status: 503 });
    await advanceServerClock(1);
    await clock.advance(2000);
    await el.updateComplete;
    expect(partText(el, 'reconnecting')).to.equal('Reconnexion…');
    expect(liveText(el)).to.equal('Reconnexion…');
  });

  it('turns paid once when the shopper pays during the outage', async () => {
    const { el, clock, log, view } = await mountThenOutage();
    // the emulator's webhook still reaches the kit: /v1 faults do not touch it
    await sendTransfer(view.account.account_number, view.amount);
    const paid = log.next('pay-paid');
    await clock.advance(4000);
    await paid;
    await el.updateComplete;
    expect(el.status).to.equal('paid');
    expect(el.matches(':state(reconnecting)')).to.equal(false);
    expect(partText(el, 'title')).to.equal('Payment received');
    await clearFaults();
    await advanceServerClock(1);
    await clock.advance(60_000);
    expect(log.of('pay-paid')).to.have.length(1);
    expect(log.of('pay-error')).to.have.length(1);
  });
});
