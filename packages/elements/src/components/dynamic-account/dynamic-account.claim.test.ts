// <pay-dynamic-account>'s "I've sent the money" and "Pay for me" (issue 44): the claim POSTed once,
// the confirming state in place of the countdown, still live until paid; a reloaded claimed session
// opening confirming; the transfer details shared through the share sheet, else copied, else shown
// selected with a hint where the clipboard is refused; the words in every language; nothing wider than
// a 320 px phone. Against the real kit and emulator.
import { expect } from '../../test/testing.js';
import '../../i18n/ar.js';
import '../../i18n/fr.js';
import '../../i18n/pt.js';
import '../../i18n/sw.js';
import { expectAccessible } from '../../test/axe.js';
import { advanceServerClock, createSession, endpoint, sendTransfer } from '../../test/backend.js';
import { hasPart, mountAccount, part, partText } from '../../test/account.js';
import { recordClipboard, refuseClipboard } from '../../test/clipboard.js';
import { setViewport } from '../../test/commands.js';
import { overflows, settle } from '../../test/layout.js';
import { interceptFetch } from '../../test/page-fetch.js';
import type { PayDynamicAccount } from './dynamic-account.js';

/** Counts the claims the page sends to the kit's claim route of the session (the real kit answers). */
function claimRoute(sessionId: string): { readonly claims: number; restore(): void } {
  const claimPath = `${endpoint}/sessions/${sessionId}/claim`;
  let claims = 0;
  const { restore } = interceptFetch(
    (path) => path === claimPath,
    (pass) => {
      claims++;
      return pass();
    },
  );
  return {
    get claims() {
      return claims;
    },
    restore,
  };
}

/** The later parts (the buttons) are in once the element has rendered after its first answer. */
async function buttonsShown(el: PayDynamicAccount): Promise<void> {
  for (let i = 0; i < 20 && !hasPart(el, 'share-button'); i++) {
    await new Promise((resolve) => setTimeout(resolve, 10));
    await el.updateComplete;
  }
  expect(hasPart(el, 'share-button'), 'the share button').to.equal(true);
}

/** Puts `share` on the page's navigator (or takes it away, `undefined`) until `restore()`. */
function replaceShare(share: ((data: ShareData) => Promise<void>) | undefined): { restore(): void } {
  const own = Object.getOwnPropertyDescriptor(navigator, 'share');
  if (share) Object.defineProperty(navigator, 'share', { configurable: true, value: share });
  // an engine with a share sheet of its own keeps it on the prototype: hide it there too
  const proto = Object.getPrototypeOf(navigator) as object;
  const inherited = Object.getOwnPropertyDescriptor(proto, 'share');
  if (!share && inherited) Reflect.deleteProperty(proto, 'share');
  return {
    restore: () => {
      if (own) Object.defineProperty(navigator, 'share', own);
      else Reflect.deleteProperty(navigator, 'share');
      if (inherited) Object.defineProperty(proto, 'share', inherited);
    },
  };
}

describe('<pay-dynamic-account> "I’ve sent the money"', () => {
  it('claims once, shows the confirming state in place of the countdown, and turns paid', async () => {
    const view = await createSession();
    const route = claimRoute(view.id);
    try {
      const { el, clock, log } = await mountAccount(view.id);
      await buttonsShown(el);
      await expectAccessible(el);
      expect(partText(el, 'claim-button')).to.equal('I’ve sent the money');
      expect(hasPart(el, 'countdown')).to.equal(true);
      const claimed = log.next('pay-claimed');
      part(el, 'claim-button').click();
      part(el, 'claim-button').click();
      const event = (await claimed) as GlobalEventHandlersEventMap['pay-claimed'];
      await el.updateComplete;
      expect(route.claims).to.equal(1);
      expect(event.bubbles && event.composed).to.equal(true);
      expect(event.detail.session.id).to.equal(view.id);
      expect(event.detail.session.status).to.equal('pending');
      expect(event.detail.session.claimed_at).to.be.a('string');
      expect(partText(el, 'confirming')).to.equal(
        'We’re confirming your transfer — this usually takes a few minutes',
      );
      expect(hasPart(el, 'countdown')).to.equal(false);
      expect(hasPart(el, 'claim-button')).to.equal(false);
      expect(hasPart(el, 'account-number')).to.equal(true);
      expect(shadowText(el)).to.include('We’re confirming your transfer');
      await expectAccessible(el);
      // still live: the transfer arriving turns it paid
      await sendTransfer(view.account.account_number, view.amount);
      const paid = log.next('pay-paid');
      await clock.advance(2000);
      await paid;
      await el.updateComplete;
      expect(partText(el, 'title')).to.equal('Payment received');
      expect(log.of('pay-claimed')).to.have.length(1);
    } finally {
      route.restore();
    }
  });

  it('stays confirming while a transfer settles, and turns paid when it has', async () => {
    const view = await createSession();
    const { el, clock, log } = await mountAccount(view.id);
    await buttonsShown(el);
    const claimed = log.next('pay-claimed');
    part(el, 'claim-button').click();
    await claimed;
    // sent now, at the bank for two minutes
    await sendTransfer(view.account.account_number, view.amount, 120);
    await clock.advance(2000);
    await el.refreshNow();
    await el.updateComplete;
    expect(el.status).to.equal('pending');
    expect(hasPart(el, 'confirming')).to.equal(true);
    const paid = log.next('pay-paid');
    await advanceServerClock(2);
    await clock.advance(10_000);
    await el.refreshNow();
    await paid;
    await el.updateComplete;
    expect(partText(el, 'title')).to.equal('Payment received');
  });

  it('opens a claimed session (a reload) in the confirming state, firing nothing', async () => {
    const view = await createSession();
    const route = claimRoute(view.id);
    try {
      const first = await mountAccount(view.id);
      await buttonsShown(first.el);
      const claimed = first.log.next('pay-claimed');
      part(first.el, 'claim-button').click();
      await claimed;
      first.el.remove();
      const { el, log } = await mountAccount(view.id);
      await buttonsShown(el);
      expect(hasPart(el, 'confirming')).to.equal(true);
      expect(hasPart(el, 'countdown')).to.equal(false);
      expect(hasPart(el, 'claim-button')).to.equal(false);
      expect(log.of('pay-claimed')).to.have.length(0);
    } finally {
      route.restore();
    }
  });

  it('says it in the shopper’s language', async () => {
    const view = await createSession();
    const words = {
      en: ['I’ve sent the money', 'Pay for me'],
      fr: ['J’ai envoyé l’argent', 'Payer pour moi'],
      pt: ['Já enviei o dinheiro', 'Pagar por mim'],
      sw: ['Nimetuma pesa', 'Nilipie'],
      ar: ['لقد أرسلت المال', 'ادفع عني'],
    };
    for (const [lang, [claim, share]] of Object.entries(words)) {
      const { el } = await mountAccount(view.id, { lang });
      await buttonsShown(el);
      expect(partText(el, 'claim-button'), lang).to.equal(claim);
      expect(partText(el, 'share-button'), lang).to.equal(share);
    }
  });
});

/** The text of the element's shadow root, runs of whitespace collapsed. */
function shadowText(el: Element): string {
  return (el.shadowRoot?.textContent ?? '').replace(/\s+/g, ' ');
}

describe('<pay-dynamic-account> "Pay for me"', () => {
  /** The text a shopper sends: every detail the payer needs, and the link. */
  function expectDetails(text: string, view: Awaited<ReturnType<typeof createSession>>, link: string): void {
    expect(text).to.include('Could you pay this for me by bank transfer?');
    expect(text).to.include(`Bank: ${view.account.bank_name}`);
    expect(text).to.include(`Account name: ${view.account.account_name}`);
    expect(text).to.include(`Account number: ${view.account.account_number}`);
    expect(text).to.include('Amount: NGN');
    expect(text).to.include('5,000.00');
    expect(text).to.match(/Pay before: .*\d/);
    expect(text).to.include(`Pay online: ${link}`);
  }

  it('sends the details and the link through the share sheet where there is one', async () => {
    const view = await createSession();
    const shared: ShareData[] = [];
    const share = replaceShare((data) => {
      shared.push(data);
      return Promise.resolve();
    });
    try {
      const { el } = await mountAccount(view.id);
      el.shareUrl = 'https://shop.example/pay/ses_1';
      await buttonsShown(el);
      part(el, 'share-button').click();
      for (let i = 0; i < 20 && shared.length === 0; i++) await new Promise((r) => setTimeout(r, 10));
      expect(shared).to.have.length(1);
      expectDetails(shared[0]?.text ?? '', view, 'https://shop.example/pay/ses_1');
      await el.updateComplete;
      expect(hasPart(el, 'share-copied')).to.equal(false);
      expect(hasPart(el, 'share-text')).to.equal(false);
    } finally {
      share.restore();
    }
  });

  it('copies the same text where there is no share sheet, and says so', async () => {
    const view = await createSession();
    const share = replaceShare(undefined);
    const clipboard = recordClipboard();
    try {
      const { el } = await mountAccount(view.id);
      el.setAttribute('share-url', 'https://shop.example/pay/ses_2');
      await buttonsShown(el);
      part(el, 'share-button').click();
      for (let i = 0; i < 20 && !hasPart(el, 'share-copied'); i++) {
        await new Promise((r) => setTimeout(r, 10));
        await el.updateComplete;
      }
      expect(clipboard.written).to.have.length(1);
      expectDetails(clipboard.written[0] ?? '', view, 'https://shop.example/pay/ses_2');
      expect(partText(el, 'share-copied')).to.equal(
        'Payment details copied. Send them to whoever pays for you.',
      );
      await expectAccessible(el);
    } finally {
      clipboard.restore();
      share.restore();
    }
  });

  it('shows the text selected, with a hint, where the clipboard is refused', async () => {
    const view = await createSession();
    const share = replaceShare(undefined);
    const clipboard = refuseClipboard();
    try {
      const { el } = await mountAccount(view.id, { lang: 'fr' });
      await buttonsShown(el);
      part(el, 'share-button').click();
      for (let i = 0; i < 20 && !hasPart(el, 'share-text'); i++) {
        await new Promise((r) => setTimeout(r, 10));
        await el.updateComplete;
      }
      await el.updateComplete;
      const area = part<HTMLTextAreaElement>(el, 'share-text');
      expect(area.value).to.include('Peux-tu payer ceci pour moi par virement bancaire ?');
      expect(area.value).to.include(view.account.account_number);
      expect(area.selectionStart).to.equal(0);
      expect(area.selectionEnd).to.equal(area.value.length);
      expect(el.shadowRoot?.activeElement).to.equal(area);
      expect(partText(el, 'share-hint')).to.equal('Appuyez longuement pour copier');
      await expectAccessible(el);
    } finally {
      clipboard.restore();
      share.restore();
    }
  });

  it('fits the buttons, the confirming words and the selected text at 320 px (WebKit: 460, its narrowest)', async function () {
    // WebKit's window stops at about 447 px wide: there, its narrowest
    const width = (await setViewport({ width: 320, height: 900 }))
      ? 320
      : (await setViewport({ width: 460, height: 900 }))
        ? 460
        : 0;
    if (!width) this.skip();
    const view = await createSession();
    const route = claimRoute(view.id);
    const share = replaceShare(undefined);
    const clipboard = refuseClipboard();
    try {
      const { el, log } = await mountAccount(view.id, { lang: 'pt' });
      await buttonsShown(el);
      await settle(el);
      expect(overflows(el), 'pending').to.deep.equal([]);
      const claimed = log.next('pay-claimed');
      part(el, 'claim-button').click();
      await claimed;
      part(el, 'share-button').click();
      for (let i = 0; i < 20 && !hasPart(el, 'share-text'); i++) {
        await new Promise((r) => setTimeout(r, 10));
        await el.updateComplete;
      }
      await settle(el);
      expect(overflows(el), 'confirming, text selected').to.deep.equal([]);
      for (const name of ['confirming', 'share-button', 'share-text', 'share-hint']) {
        const rect = part(el, name).getBoundingClientRect();
        expect(rect.right, name).to.be.at.most(width);
        expect(rect.left, name).to.be.at.least(0);
        expect(rect.height, name).to.be.greaterThan(0);
      }
    } finally {
      clipboard.restore();
      share.restore();
      route.restore();
      await setViewport({ width: 800, height: 600 });
    }
  });
});
