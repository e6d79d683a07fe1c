// <pay-dynamic-account> against the real kit and emulator: what the shopper sees and can do
// while the account is open. (Polling, payment, expiry and errors: dynamic-account.lifecycle.test.ts.)
import { expect } from '../../test/testing.js';
import '../../i18n/fr.js';
import { sendKeys } from '../../test/commands.js';
import { emulateMedia } from '../../test/media.js';
import { ManualClock } from '../../lib/clock.js';
import { PayCopyEvent } from '../../events/pay-copy.js';
import { expectAccessible } from '../../test/axe.js';
import { createSession, orders } from '../../test/backend.js';
import { liveText, mountAccount, part, partText, setPageVisibility, shadow } from '../../test/account.js';
import { expectCopyReset, recordClipboard, refuseClipboard } from '../../test/clipboard.js';
import { holdRequests } from '../../test/page-fetch.js';

const minute = 60_000;

describe('<pay-dynamic-account> open account', () => {
  afterEach(() => setPageVisibility('visible'));

  it('is accessible while loading and while pending', async () => {
    const view = await createSession();
    // hold the first answer back to look at the loading state
    const held = holdRequests();
    try {
      const { el, log } = await mountAccount(view.id, { wait: false });
      await el.updateComplete;
      expect(el.matches(':state(loading)')).to.equal(true);
      expect(el.hasAttribute('status')).to.equal(false);
      expect(partText(el, 'title')).to.equal('Loading payment details…');
      await expectAccessible(el);
      const first = log.next('pay-status-change');
      held.release();
      await first;
      await el.updateComplete;
      expect(el.matches(':state(pending)')).to.equal(true);
      await expectAccessible(el);
    } finally {
      held.restore();
    }
  });

  it('shows the exact amount, the bank, the account name and the grouped account number', async () => {
    const view = await createSession(orders.large.id);
    const { el, log } = await mountAccount(view.id);
    expect(el.getAttribute('status')).to.equal('pending');
    expect(el.status).to.equal('pending');
    expect(partText(el, 'amount')).to.equal('NGN\u00a01,234,567.89');
    expect(partText(el, 'instructions')).to.equal('Transfer exactly NGN\u00a01,234,567.89 to this account');
    expect(partText(el, 'bank-name')).to.equal(view.account.bank_name);
    expect(partText(el, 'account-name')).to.equal(view.account.account_name);
    const digits = view.account.account_number;
    expect(digits).to.match(/^\d{10}$/);
    expect(partText(el, 'account-number')).to.equal(
      `${digits.slice(0, 3)} ${digits.slice(3, 6)} ${digits.slice(6)}`,
    );
    // screen readers get it digit by digit
    const spoken = shadow(el).querySelector('[part="account-number"] + .visually-hidden')?.textContent;
    expect(spoken).to.equal(
      `${[...digits.slice(0, 3)].join(' ')}, ${[...digits.slice(3, 6)].join(' ')}, ${[...digits.slice(6)].join(' ')}`,
    );
    const [change] = log.of('pay-status-change');
    expect(change?.detail.status).to.equal('pending');
    expect(change?.detail.previous).to.equal(null);
    expect(change && 'session' in change.detail ? change.detail.session.id : null).to.equal(view.id);
  });

  it('copies the unspaced account number and the amount, says "Copied", then goes back', async () => {
    const view = await createSession();
    const clipboard = recordClipboard();
    try {
      const { el, clock, log } = await mountAccount(view.id);
      setPageVisibility('hidden'); // no polls needed here
      const copyNumber = part<HTMLButtonElement>(el, 'copy-account-number');
      const copying = log.next('pay-copy');
      copyNumber.click();
      const copied = await copying;
      await el.updateComplete;
      expect(clipboard.written).to.deep.equal([view.account.account_number]);
      expect(copied).to.be.instanceOf(PayCopyEvent);
      expect(log.of('pay-copy')[0]?.detail).to.deep.equal({
        field: 'account-number',
        value: view.account.account_number,
      });
      expect(copyNumber.textContent?.trim()).to.equal('Copied');
      expect(copyNumber.getAttribute('aria-label')).to.equal('Account number copied');
      expect(liveText(el)).to.equal('Account number copied');

      const copyingAmount = log.next('pay-copy');
      part<HTMLButtonElement>(el, 'copy-amount').click();
      await copyingAmount;
      await el.updateComplete;
      expect(clipboard.written).to.deep.equal([view.account.account_number, '5000.00']);
      expect(log.of('pay-copy')[1]?.detail).to.deep.equal({ field: 'amount', value: '5000.00' });
      expect(partText(el, 'copy-amount')).to.equal('Copied');
      expect(partText(el, 'copy-account-number')).to.equal('Copy');

      await expectCopyReset(el, clock, 'copy-amount', 'Copy amount');
    } finally {
      clipboard.restore();
    }
  });

  it('selects the number and says so when the clipboard refuses (a WebView)', async () => {
    const view = await createSession();
    const clipboard = refuseClipboard();
    try {
      const { el, log } = await mountAccount(view.id);
      part<HTMLButtonElement>(el, 'copy-account-number').click();
      await new Promise((resolve) => setTimeout(resolve, 0));
      await el.updateComplete;
      expect(liveText(el)).to.equal('Could not copy. Select the text and copy it instead.');
      // the number on screen is selected for the shopper to copy by hand
      expect(document.getSelection()?.toString().replace(/\s/g, '')).to.equal(view.account.account_number);
      document.getSelection()?.removeAllRanges(); // a selection left would move the next test's focus
      expect(partText(el, 'copy-account-number')).to.equal('Copy');
      expect(log.of('pay-copy')).to.have.length(0);
    } finally {
      clipboard.restore();
    }
  });

  it('lets the keyboard reach and press both copy buttons', async () => {
    const view = await createSession();
    const clipboard = recordClipboard();
    try {
      const { el, log } = await mountAccount(view.id);
      const before = document.createElement('button');
      before.textContent = 'before';
      el.before(before);
      before.focus();
      await sendKeys({ press: 'Tab' });
      expect(shadow(el).activeElement).to.equal(part(el, 'copy-amount'));
      let copied = log.next('pay-copy');
      await sendKeys({ press: 'Enter' });
      await copied;
      await sendKeys({ press: 'Tab' });
      expect(shadow(el).activeElement).to.equal(part(el, 'copy-account-number'));
      copied = log.next('pay-copy');
      await sendKeys({ press: 'Space' });
      await copied;
      expect(clipboard.written).to.deep.equal(['5000.00', view.account.account_number]);
      // the focus ring shows for keyboard focus
      const outline = getComputedStyle(part(el, 'copy-account-number')).outlineStyle;
      expect(outline).to.equal('solid');
    } finally {
      clipboard.restore();
    }
  });

  for (const skew of [-10, 10]) {
    it(`counts down on the server's clock with a visitor clock ${Math.abs(skew)} minutes ${skew < 0 ? 'slow' : 'fast'}`, async () => {
      const view = await createSession();
      const lifespan = Date.parse(view.expires_at) - Date.parse(view.server_time);
      expect(lifespan).to.equal(30 * minute);
      const clock = new ManualClock(Date.parse(view.server_time) + skew * minute);
      const { el } = await mountAccount(view.id, { clock });
      expect(partText(el, 'countdown-text')).to.equal('Expires in 30:00');
      const bar = part(el, 'progress');
      expect(bar.getAttribute('role')).to.equal('progressbar');
      expect(bar.getAttribute('aria-label')).to.equal('Time left to pay');
      expect(bar.getAttribute('aria-valuenow')).to.equal('1800');
      expect(bar.getAttribute('aria-valuemax')).to.equal('1800');
      expect(bar.getAttribute('aria-valuetext')).to.equal('30 minutes left');

      setPageVisibility('hidden'); // the countdown runs on; the polls wait
      await clock.advance(65_000);
      await el.updateComplete;
      expect(partText(el, 'countdown-text')).to.equal('Expires in 28:55');
      expect(bar.getAttribute('aria-valuenow')).to.equal('1735');
      expect(bar.getAttribute('aria-valuetext')).to.equal('28 minutes, 55 seconds left');
      const indicator = part(el, 'progress-indicator');
      const scale = Number(/scaleX\(([\d.]+)\)/.exec(indicator.style.transform)?.[1]);
      expect(scale).to.be.closeTo(1735 / 1800, 1e-5);
    });
  }

  it('announces the time left at 10, 5 and 1 minute(s), not every second', async () => {
    const view = await createSession();
    const { el, clock } = await mountAccount(view.id, {
      clock: new ManualClock(Date.parse(view.server_time)),
    });
    setPageVisibility('hidden');
    const heard: string[] = [];
    const region = shadow(el).querySelector('[aria-live="polite"]');
    if (!region) throw new Error('no live region');
    const observer = new MutationObserver(() => heard.push((region.textContent ?? '').trim()));
    observer.observe(region, { childList: true, characterData: true, subtree: true });
    await clock.advance(20 * minute);
    await el.updateComplete;
    expect(heard).to.deep.equal(['10 minutes left to pay']);
    await clock.advance(9 * minute);
    await el.updateComplete;
    observer.disconnect();
    expect(heard.map((h) => h.trim())).to.deep.equal([
      '10 minutes left to pay',
      '5 minutes left to pay',
      '1 minute left to pay',
    ]);
    expect(partText(el, 'countdown-text')).to.equal('Expires in 1:00');
  });

  it('speaks French inside lang="fr", and follows a change of lang', async () => {
    const view = await createSession();
    const { el } = await mountAccount(view.id, { lang: 'fr' });
    expect(partText(el, 'title')).to.equal('Payer par virement bancaire');
    expect(partText(el, 'amount')).to.equal('5\u202f000,00\u00a0NGN');
    expect(partText(el, 'copy-account-number')).to.equal('Copier');
    expect(partText(el, 'countdown-text')).to.equal('Expire dans 30:00');
    expect(part(el, 'progress').getAttribute('aria-valuetext')?.replace(/\s/g, ' ')).to.equal(
      'Il reste 30 minutes',
    );
    await expectAccessible(el);

    el.parentElement?.setAttribute('lang', 'en-GB');
    await new Promise((resolve) => setTimeout(resolve, 0)); // the MutationObserver's turn
    await el.updateComplete;
    expect(partText(el, 'title')).to.equal('Pay by bank transfer');
    expect(partText(el, 'copy-account-number')).to.equal('Copy');
  });

  it('shows a QR code of the hosted checkout URL when asked to', async () => {
    const view = await createSession();
    expect(view.checkout_url).to.be.a('string');
    const { el } = await mountAccount(view.id, { showQr: true });
    const qr = part(el, 'qr');
    expect(qr.localName).to.equal('pay-qr');
    expect(qr.getAttribute('value')).to.equal(view.checkout_url);
    expect(qr.getAttribute('label')).to.equal('QR code to pay on another device');
    await expectAccessible(el);
  });

  it('takes its colours from --pay-* tokens: light, dark from the system, and the theme attribute', async () => {
    const view = await createSession();
    const { el } = await mountAccount(view.id);
    const surface = (): string => getComputedStyle(el).getPropertyValue('--pay-color-surface').trim();
    try {
      await emulateMedia({ colorScheme: 'light' });
      expect(surface()).to.equal('#ffffff');
      await emulateMedia({ colorScheme: 'dark' });
      expect(surface()).to.equal('#0d1117');
      el.theme = 'light';
      await el.updateComplete;
      expect(el.getAttribute('theme')).to.equal('light');
      expect(surface()).to.equal('#ffffff');
      await emulateMedia({ colorScheme: 'light' });
      el.theme = 'dark';
      await el.updateComplete;
      expect(surface()).to.equal('#0d1117');
      el.style.setProperty('--pay-color-surface', 'rebeccapurple');
      expect(getComputedStyle(part(el, 'base')).backgroundColor).to.equal('rgb(102, 51, 153)');
    } finally {
      await emulateMedia({});
    }
  });

  it('stops its motion under prefers-reduced-motion', async () => {
    const view = await createSession();
    const { el } = await mountAccount(view.id);
    const spinner = shadow(el).querySelector('.spinner');
    if (!spinner) throw new Error('no spinner');
    try {
      await emulateMedia({ reducedMotion: 'no-preference' });
      expect(getComputedStyle(spinner).animationName).to.equal('spin');
      expect(getComputedStyle(part(el, 'progress-indicator')).transitionDuration).to.equal('0.2s');
      await emulateMedia({ reducedMotion: 'reduce' });
      expect(getComputedStyle(spinner).animationName).to.equal('none');
      expect(getComputedStyle(part(el, 'progress-indicator')).transitionDuration).to.equal('0s');
    } finally {
      await emulateMedia({});
    }
  });
});
