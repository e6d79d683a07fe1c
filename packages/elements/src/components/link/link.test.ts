// <pay-link> against the real kit and emulator (fixture links, packages/sandbox/README.md), and
// with its data given directly.
import { expect } from '../../test/testing.js';
import '../../i18n/fr.js';
import type { LinkView } from '@pay-elements/protocol';
import { expectAccessible } from '../../test/axe.js';
import { hasPart, liveText, part, partText } from '../../test/account.js';
import { recordClipboard } from '../../test/clipboard.js';
import { kitLink, mountLink } from '../../test/invoice.js';
import { ManualClock } from '../../lib/clock.js';
import { PayShareEvent } from '../../events/pay-share.js';
import { interceptFetch } from '../../test/page-fetch.js';

const day = 86_400_000;
const start = Date.UTC(2025, 0, 15, 10);

const given: LinkView = {
  id: 'lnk_given',
  title: 'Cooking class',
  description: 'One evening <b>class</b>, ingredients included.',
  amount: '12500.5',
  currency: 'NGN',
  url: 'https://pay.example/l/cooking-class',
  status: 'active',
  expires_at: new Date(start + 3 * day).toISOString(),
  created_at: new Date(start - 10 * day).toISOString(),
};

const longDateTime = (iso: string, locale: string): string =>
  new Intl.DateTimeFormat(locale, { dateStyle: 'long', timeStyle: 'short' }).format(Date.parse(iso));

/** Pretends the browser has (a recording) Web Share, or none, until `restore()`. */
function stubShare(available: boolean): { shared: ShareData[]; restore(): void } {
  const shared: ShareData[] = [];
  Object.defineProperty(navigator, 'share', {
    configurable: true,
    value: available
      ? (data: ShareData) => {
          shared.push(data);
          return Promise.resolve();
        }
      : undefined,
  });
  return { shared, restore: () => Reflect.deleteProperty(navigator, 'share') };
}

describe('<pay-link>', () => {
  it('is accessible in each status and in error', async () => {
    for (const id of ['lnk_pro_monthly', 'lnk_workshop_ticket', 'lnk_black_friday', 'lnk_does_not_exist']) {
      const { el } = await mountLink({ id });
      await expectAccessible(el);
    }
  });

  it('loads a link by id: title, description, status, amount in the shop currency, QR and links', async () => {
    const view = await kitLink('lnk_pro_monthly');
    const { el } = await mountLink({ id: 'lnk_pro_monthly' });
    expect(el.getAttribute('status')).to.equal('active');
    expect(el.matches(':state(active)')).to.equal(true);
    expect(partText(el, 'title')).to.equal('Pro plan, monthly');
    expect(partText(el, 'description')).to.equal(
      'Acme Stores Pro: priority delivery and 5% off every order.',
    );
    expect(partText(el, 'status-badge')).to.equal('Active');
    expect(partText(el, 'status-text')).to.equal('Accepting payments');
    // the spec gives links no currency: the kit adds the shop's (linkCurrency), so the amount has one
    expect(view.currency).to.equal('NGN');
    expect(partText(el, 'amount')).to.equal('NGN\u00a015,000.00');
    expect(part(el, 'expiry').querySelector('time')?.getAttribute('datetime')).to.equal(view.expires_at);

    const qr = part(el, 'qr');
    expect(qr.localName).to.equal('pay-qr');
    expect(qr.getAttribute('value')).to.equal('https://pay.sandbox.local/l/pro-monthly');
    expect(qr.getAttribute('label')).to.equal('QR code of the payment page');

    const open = part<HTMLAnchorElement>(el, 'open-link');
    expect(open.getAttribute('href')).to.equal('https://pay.sandbox.local/l/pro-monthly');
    expect(open.target).to.equal('_blank');
    expect(open.rel).to.equal('noopener');
    expect(open.textContent?.replace(/\s+/g, ' ').trim()).to.equal('Open payment page (opens in a new tab)');
  });

  it('shows the amount in the currency attribute when given', async () => {
    const { el } = await mountLink({ id: 'lnk_pro_monthly' }, { currency: 'NGN' });
    expect(partText(el, 'amount')).to.equal('NGN\u00a015,000.00');
  });

  it('says each status in words', async () => {
    const inactive = await mountLink({ id: 'lnk_workshop_ticket' });
    expect(inactive.el.getAttribute('status')).to.equal('inactive');
    expect(inactive.el.matches(':state(inactive)')).to.equal(true);
    expect(partText(inactive.el, 'status-badge')).to.equal('Inactive');
    expect(partText(inactive.el, 'status-text')).to.equal('Not accepting payments for now');

    const expired = await mountLink({ id: 'lnk_black_friday' });
    expect(expired.el.getAttribute('status')).to.equal('expired');
    expect(expired.el.matches(':state(expired)')).to.equal(true);
    expect(partText(expired.el, 'status-badge')).to.equal('Expired');
    expect(partText(expired.el, 'status-text')).to.equal('No longer accepting payments');
    // no QR code for a link that takes no payment
    expect(hasPart(expired.el, 'qr')).to.equal(false);
    expect(hasPart(inactive.el, 'qr')).to.equal(false);
  });

  it('shows a link given directly, with no request', async () => {
    let requests = 0;
    const counted = interceptFetch(
      () => true,
      (pass) => {
        requests++;
        return pass();
      },
    );
    try {
      const { el } = await mountLink({ link: given }, { clock: new ManualClock(start) });
      expect(requests).to.equal(0);
      expect(el.linkView).to.equal(given);
      expect(partText(el, 'title')).to.equal('Cooking class');
      // text, never markup
      expect(partText(el, 'description')).to.equal('One evening <b>class</b>, ingredients included.');
      expect(part(el, 'description').children).to.have.length(0);
      expect(partText(el, 'amount')).to.equal('NGN\u00a012,500.50');
      expect(partText(el, 'expiry')).to.equal(`in 3 days (${longDateTime(given.expires_at ?? '', 'en')})`);
      await expectAccessible(el);
    } finally {
      counted.restore();
    }
  });

  it('says when an expiry has passed, and when there is none', async () => {
    const expiresAt = new Date(start - 2 * day).toISOString();
    const past = await mountLink(
      { link: { ...given, status: 'expired', expires_at: expiresAt } },
      { clock: new ManualClock(start) },
    );
    expect(partText(past.el, 'details')).to.equal(`Expired 2 days ago (${longDateTime(expiresAt, 'en')})`);
    const never = await mountLink({ link: { ...given, expires_at: null } });
    expect(partText(never.el, 'details')).to.equal('Expires Never');
  });

  it('copies the link and says so', async () => {
    const clipboard = recordClipboard();
    try {
      const { el, clock, events } = await mountLink({ link: given });
      const button = part<HTMLButtonElement>(el, 'copy-button');
      expect(button.textContent?.trim()).to.equal('Copy link');
      const copying = events.next('pay-copy');
      button.click();
      await copying;
      await el.updateComplete;
      expect(clipboard.written).to.deep.equal([given.url]);
      expect(events.of('pay-copy')[0]?.detail).to.deep.equal({ field: 'link', value: given.url });
      expect(button.textContent?.trim()).to.equal('Link copied');
      expect(liveText(el)).to.equal('Link copied');
      await clock.advance(3000);
      await el.updateComplete;
      expect(button.textContent?.trim()).to.equal('Copy link');
    } finally {
      clipboard.restore();
    }
  });

  it('offers sharing only where the browser has Web Share', async () => {
    const none = stubShare(false);
    try {
      const { el } = await mountLink({ link: given });
      expect(hasPart(el, 'share-button')).to.equal(false);
    } finally {
      none.restore();
    }
    const share = stubShare(true);
    try {
      const { el, events } = await mountLink({ link: given });
      const button = part<HTMLButtonElement>(el, 'share-button');
      expect(button.getAttribute('aria-label')).to.equal('Share this payment link');
      const sharing = events.next('pay-share');
      button.click();
      const event = await sharing;
      expect(event).to.be.instanceOf(PayShareEvent);
      expect(event.cancelable).to.equal(true);
      await el.updateComplete;
      const data = { url: given.url, title: 'Cooking class', text: given.description };
      expect(events.of('pay-share')[0]?.detail).to.deep.equal(data);
      expect(share.shared).to.deep.equal([data]);
    } finally {
      share.restore();
    }
  });

  it('lets the host take over sharing by cancelling pay-share', async () => {
    const share = stubShare(true);
    try {
      const { el, events } = await mountLink({ link: given });
      el.addEventListener('pay-share', (event) => event.preventDefault());
      const sharing = events.next('pay-share');
      part<HTMLButtonElement>(el, 'share-button').click();
      await sharing;
      await el.updateComplete;
      expect(events.of('pay-share')[0]?.defaultPrevented).to.equal(true);
      expect(share.shared).to.deep.equal([]);
    } finally {
      share.restore();
    }
  });

  it('never links to a URL that is not http(s)', async () => {
    const { el } = await mountLink({ link: { ...given, url: 'javascript:alert(1)' } });
    expect(hasPart(el, 'open-link')).to.equal(false);
    expect(hasPart(el, 'qr')).to.equal(false);
    expect(partText(el, 'title')).to.equal('Cooking class');
  });

  it('says an unknown link does not exist', async () => {
    const { el, events } = await mountLink({ id: 'lnk_does_not_exist' });
    expect(el.matches(':state(error)')).to.equal(true);
    expect(el.hasAttribute('status')).to.equal(false);
    expect(partText(el, 'message')).to.equal('This payment link does not exist');
    expect(hasPart(el, 'retry-button')).to.equal(false);
    expect(events.of('pay-error')[0]?.detail).to.deep.include({
      code: 'not_found',
      status: 404,
      operation: 'load',
    });
  });

  it('speaks French inside lang="fr"', async () => {
    const { el } = await mountLink({ link: given }, { lang: 'fr', clock: new ManualClock(start) });
    expect(partText(el, 'status-badge')).to.equal('Actif');
    expect(partText(el, 'amount')).to.equal('12\u202f500,50\u00a0NGN');
    expect(partText(el, 'expiry')).to.equal(`dans 3 jours (${longDateTime(given.expires_at ?? '', 'fr')})`);
    expect(partText(el, 'copy-button')).to.equal('Copier le lien');
    expect(partText(el, 'open-link')).to.equal("Ouvrir la page de paiement (s'ouvre dans un nouvel onglet)");
    await expectAccessible(el);
  });
});
