// The `theme` attribute every element shares (auto | light | dark | high-contrast), the stronger
// palette under prefers-contrast: more, and the system's colours under forced-colors: active,
// measured on the rendered elements against the real kit and emulator.
import { expect, fixture, html } from './testing.js';
import '../define/pay-qr.js';
import type { PayBankPicker } from '../components/bank-picker/bank-picker.js';
import type { PayQr } from '../components/qr/qr.js';
import { elementEvents } from '../elements.generated.js';
import { payThemes } from '../styles/theme.js';
import { expectAccessible } from './axe.js';
import { mountAccount, part, setPageVisibility, shadow } from './account.js';
import { createSession } from './backend.js';
import { input, mountPicker } from './banks.js';
import {
  backgroundBehind,
  contrastRatio,
  emulateMediaFeatures,
  parseColor,
  textContrast,
} from './contrast.js';
import { emulateMedia } from './media.js';
import { isChromium } from './engine.js';
import { mountInvoice, mountLink } from './invoice.js';
import { fundingToken, mountFunding } from './funding.js';

type Themed = HTMLElement & { theme: string; updateComplete: Promise<boolean> };

/** Every element, mounted with something to show, in English. */
async function mountAll(): Promise<Themed[]> {
  const view = await createSession();
  const { el: account } = await mountAccount(view.id);
  const { el: invoice } = await mountInvoice('INV-000101');
  const { el: funding } = await mountFunding(await fundingToken());
  setPageVisibility('hidden'); // no polling while colours are measured
  const { el: link } = await mountLink({ id: 'lnk_pro_monthly' });
  const { el: picker } = await mountPicker((el) => (el.country = 'NG'));
  const wrapper = await fixture<HTMLDivElement>(
    html`<div><pay-qr value="https://shop.example/q"></pay-qr></div>`,
  );
  const qr = wrapper.querySelector<PayQr>('pay-qr');
  if (!qr) throw new Error('no pay-qr');
  await qr.updateComplete;
  const elements = [account, invoice, link, picker, qr, funding];
  // every declared element (components/<name>/<name>.element.ts): a new one is mounted here too
  expect(elements.map((el) => el.localName).sort()).to.deep.equal(Object.keys(elementEvents).sort());
  // colours are measured right after a change of theme: no transition half way
  for (const el of elements) el.style.setProperty('--pay-transition-duration', '0s');
  return elements;
}

async function setTheme(elements: Themed[], theme: string): Promise<void> {
  for (const el of elements) el.setAttribute('theme', theme);
  for (const el of elements) await el.updateComplete;
}

/** The texts a shopper reads in each element, by part (and the picker's field). */
function texts(elements: Themed[]): Element[] {
  const found: Element[] = [];
  const parts: Record<string, string[]> = {
    'pay-dynamic-account': ['title', 'instructions', 'amount', 'copy-amount', 'countdown-text', 'message'],
    'pay-invoice-view': [
      'title',
      'status-badge',
      'message',
      'due-date',
      'total',
      'instructions',
      'print-button',
    ],
    'pay-link': ['title', 'status-badge', 'status-text', 'amount', 'copy-button', 'open-link'],
    'pay-bank-picker': ['label', 'input'],
    'pay-funding-account': [
      'title',
      'intro',
      'account-title',
      'currency',
      'account-number',
      'copy-account-number',
      'copy-wire-button',
      'qr-caption',
      'no-deposits',
    ],
  };
  for (const el of elements) {
    for (const name of parts[el.localName] ?? []) found.push(part(el, name));
    for (const dt of shadow(el).querySelectorAll('dt')) found.push(dt);
  }
  return found;
}

/** The lowest contrast among `elements`' texts, with the part that has it. */
function lowestContrast(elements: Themed[]): { ratio: number; where: string } {
  let lowest = { ratio: Infinity, where: '' };
  for (const text of texts(elements)) {
    const ratio = textContrast(text);
    if (ratio < lowest.ratio) {
      const root = text.getRootNode();
      const owner = root instanceof ShadowRoot ? root.host.localName : '';
      lowest = { ratio, where: `${owner} ${text.getAttribute('part') ?? text.localName}` };
    }
  }
  return lowest;
}

/** The contrast of the bank picker's placeholder against its field. */
function placeholderContrast(elements: Themed[]): number {
  const picker = elements.find((el): el is PayBankPicker => el.localName === 'pay-bank-picker');
  if (!picker) throw new Error('no pay-bank-picker');
  const field = input(picker);
  return contrastRatio(parseColor(getComputedStyle(field, '::placeholder').color), backgroundBehind(field));
}

/** Paints the test page black, as a page in a dark scheme would be. */
function darkPage(): void {
  document.body.style.setProperty('background-color', '#000000');
}

describe('themes', () => {
  afterEach(async () => {
    document.body.style.removeProperty('background-color');
    setPageVisibility('visible');
    await emulateMedia({});
    if (isChromium()) await emulateMediaFeatures([]);
  });

  it('is accessible in high contrast, light and dark', async () => {
    const elements = await mountAll();
    await setTheme(elements, 'high-contrast');
    for (const el of elements) await expectAccessible(el);
    await emulateMedia({ colorScheme: 'dark' });
    darkPage();
    for (const el of elements) await expectAccessible(el);
  });

  it('every element reflects the same theme values', async () => {
    const elements = await mountAll();
    for (const el of elements) expect(el.getAttribute('theme'), el.localName).to.equal('auto');
    for (const theme of payThemes) {
      for (const el of elements) el.theme = theme;
      for (const el of elements) await el.updateComplete;
      for (const el of elements) expect(el.getAttribute('theme'), el.localName).to.equal(theme);
    }
  });

  it('theme="high-contrast" gives every text 7:1 or more, on white, or on black when the system is dark', async () => {
    const elements = await mountAll();
    // the measure can tell: the default light palette's secondary text is under 7:1
    await setTheme(elements, 'light');
    expect(lowestContrast(elements).ratio).to.be.lessThan(7);

    await setTheme(elements, 'high-contrast');
    const light = lowestContrast(elements);
    expect(light.ratio, light.where).to.be.at.least(7);
    expect(backgroundBehind(part(elements[0] as Themed, 'title'))).to.deep.equal({
      r: 255,
      g: 255,
      b: 255,
      a: 1,
    });
    expect(placeholderContrast(elements)).to.be.at.least(7);

    await emulateMedia({ colorScheme: 'dark' });
    darkPage(); // the picker's label sits on the page itself, dark as the system is
    const dark = lowestContrast(elements);
    expect(dark.ratio, dark.where).to.be.at.least(7);
    expect(placeholderContrast(elements)).to.be.at.least(7);
    expect(backgroundBehind(part(elements[0] as Themed, 'title'))).to.deep.equal({ r: 0, g: 0, b: 0, a: 1 });
  });

  it('strengthens the palette under prefers-contrast: more, keeping the scheme asked for', async () => {
    const elements = await mountAll();
    const [account] = elements;
    if (!account) throw new Error('no element');
    const text = (): string => getComputedStyle(account).getPropertyValue('--pay-color-text').trim();
    expect(text()).to.equal('#1b1f24');
    await emulateMedia({ contrast: 'more' });
    expect(text()).to.equal('#000000');
    const more = lowestContrast(elements);
    expect(more.ratio, more.where).to.be.at.least(7);
    await setTheme(elements, 'dark');
    darkPage();
    expect(text()).to.equal('#ffffff');
    const moreDark = lowestContrast(elements);
    expect(moreDark.ratio, moreDark.where).to.be.at.least(7);
  });

  /**
   * The forced-colours checks, once the elements are under forced colours: the browser's own
   * (`forced`: axe can judge what the shopper sees), or only the elements' rules for them.
   */
  async function expectSystemColours(elements: Themed[], probe: HTMLElement, forced: boolean): Promise<void> {
    const [account, , , , qr] = elements;
    if (!account || !qr) throw new Error('no element');
    const modules = shadow(qr).querySelector('[part="modules"]');
    if (!modules) throw new Error('no modules');
    expect(getComputedStyle(account).getPropertyValue('--pay-color-text').trim()).to.equal('CanvasText');
    // the progress fill is drawn in Highlight (a system colour the forcing keeps), not Canvas on Canvas
    expect(getComputedStyle(part(account, 'progress-indicator')).backgroundColor).to.equal(
      getComputedStyle(probe).backgroundColor,
    );
    expect(getComputedStyle(modules).fill).to.equal('rgb(0, 0, 0)');
    await setTheme(elements, 'high-contrast');
    expect(getComputedStyle(account).getPropertyValue('--pay-color-text').trim()).to.equal('CanvasText');
    if (forced) for (const el of elements) await expectAccessible(el);
  }

  /** A box in the system's Highlight, which forced colours leave alone. */
  async function highlightProbe(): Promise<HTMLDivElement> {
    const probe = await fixture<HTMLDivElement>(html`<div>probe</div>`);
    probe.style.setProperty('forced-color-adjust', 'none');
    probe.style.setProperty('background-color', 'Highlight');
    return probe;
  }

  it('uses the system colours under forced-colors: active, and keeps the QR code dark on light', async () => {
    const elements = await mountAll();
    const probe = await highlightProbe();
    expect(
      getComputedStyle(elements[0] as Themed)
        .getPropertyValue('--pay-color-text')
        .trim(),
    ).to.equal('#1b1f24');
    await emulateMedia({ forcedColors: 'active' });
    await expectSystemColours(elements, probe, false);
  });

  it('does so under the browser’s own forced colours too (DevTools media emulation: Chromium only)', async function () {
    if (!isChromium()) return this.skip();
    const elements = await mountAll();
    const probe = await highlightProbe();
    await emulateMediaFeatures([{ name: 'forced-colors', value: 'active' }]);
    expect(matchMedia('(forced-colors: active)').matches).to.equal(true);
    await expectSystemColours(elements, probe, true);
  });
});
