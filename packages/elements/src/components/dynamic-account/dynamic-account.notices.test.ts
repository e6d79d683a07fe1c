// What <pay-dynamic-account> tells a shopper beyond the account itself: the warning when time runs
// low, that a renewed account is a new number, what becomes of a transfer already sent when the
// account has expired, what the QR code is for, and text from the merchant or provider kept in its
// own direction inside Arabic. Each new state passes axe. Time is a ManualClock: nothing sleeps.
import { expect } from '../../test/testing.js';
import '../../i18n/ar.js';
import { ManualClock } from '../../lib/clock.js';
import { expectAccessible } from '../../test/axe.js';
import { advanceServerClock, createSession } from '../../test/backend.js';
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

describe('<pay-dynamic-account> notices', () => {
  afterEach(() => setPageVisibility('visible'));

  it('warns, as an alert, once less than 5 minutes are left, and not before', async () => {
    const view = await createSession();
    const { el, clock } = await mountAccount(view.id, {
      clock: new ManualClock(Date.parse(view.server_time)),
    });
    setPageVisibility('hidden');
    await clock.advance(24 * minute);
    await el.updateComplete;
    expect(hasPart(el, 'low-time')).to.equal(false);
    await clock.advance(1 * minute + 1000);
    await el.updateComplete;
    const warning = part(el, 'low-time');
    expect(warning.getAttribute('role')).to.equal('alert');
    expect(partText(el, 'low-time')).to.equal(
      'Less than 5 minutes left. Send the transfer now, or wait for a new account.',
    );
    await expectAccessible(el);
  });

  it('says what becomes of a transfer already sent once the account has expired', async () => {
    const view = await createSession();
    await advanceServerClock(31);
    const { el } = await mountAccount(view.id);
    expect(el.status).to.equal('expired');
    expect(partText(el, 'already-sent')).to.match(/^Already sent a transfer\? If it left your bank before/);
    expect(hasPart(el, 'new-account')).to.equal(false);
    await expectAccessible(el);
  });

  it('says, and announces, that a renewed account is a new number', async () => {
    const view = await createSession();
    await advanceServerClock(31);
    const { el, log } = await mountAccount(view.id);
    const renewed = log.next('pay-status-change');
    part<HTMLButtonElement>(el, 'renew-button').click();
    await renewed;
    await el.updateComplete;
    expect(el.status).to.equal('pending');
    const notice = 'This is a new account number. Do not send money to the previous one.';
    expect(partText(el, 'new-account')).to.equal(notice);
    expect(liveText(el)).to.equal(notice);
    expect(partText(el, 'account-number').replace(/ /g, '')).not.to.equal(view.account.account_number);
    await expectAccessible(el);
  });

  it('captions the QR code with what it is for', async () => {
    const view = await createSession();
    const { el } = await mountAccount(view.id, { showQr: true });
    setPageVisibility('hidden');
    expect(partText(el, 'qr-caption')).to.equal('Scan to pay from your phone');
    expect(part(el, 'qr').closest('figure')?.querySelector('figcaption')).to.equal(part(el, 'qr-caption'));
    await expectAccessible(el);
  });

  it('keeps the provider’s English names in their own direction inside Arabic', async () => {
    const view = await createSession();
    const { el } = await mountAccount(view.id, { lang: 'ar' });
    setPageVisibility('hidden');
    expect(getComputedStyle(el).direction).to.equal('rtl');
    for (const name of ['bank-name', 'account-name']) {
      const value = part(el, name);
      expect(value.getAttribute('dir'), name).to.equal('auto');
      expect(getComputedStyle(value).direction, name).to.equal('ltr');
      expect(getComputedStyle(value).unicodeBidi, name).to.equal('isolate');
    }
    // the amount reads as one left-to-right run inside the Arabic sentence
    const instructions = partText(el, 'instructions');
    expect(instructions).to.include('\u20665,000.00\u00a0NGN\u2069');
    expect(shadow(el).querySelector('[part="amount"]')?.getAttribute('dir')).to.equal('ltr');
  });
});
