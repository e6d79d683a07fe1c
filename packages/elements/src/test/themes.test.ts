// The `theme` attribute every element shares (auto | light | dark | high-contrast), the stronger
// palette under prefers-contrast: more, and the system's colours under forced-colors: active,
// measured on the rendered elements against the real kit and emulator.
import { expect, fixture, html } from './testing.js';
import type { PayBankPicker } from '../components/bank-picker/bank-picker.js';
import { payThemes } from '../styles/theme.js';
import { expectAccessible } from './axe.js';
import { part, setPageVisibility, shadow } from './account.js';
import { input } from './banks.js';
import {
  backgroundBehind,
  contrastRatio,
  emulateMediaFeatures,
  parseColor,
  textContrast,
} from './contrast.js';
import { emulateMedia } from './media.js';
import { isChromium } from './engine.js';
import type { Shown } from './fixture.js';
import { fixtures } from './fixtures.generated.js';

/** Every declared element, mounted with something to show, in English (its fixture's `mount`). */
async function mountAll(): Promise<Shown[]> {
  const elements: Shown[] = [];
  for (const fixture of Object.values(fixtures)) elements.push(await fixture.mount('en'));
  setPageVisibility('hidden'); // no polling while colours are measured
  // colours are measured right after a change of theme: no transition half way
  for (const el of elements) el.style.setProperty('--pay-transition-duration', '0s');
  return elements;
}

/** The element of `tag` among `elements`. */
function find(elements: Shown[], tag: keyof typeof fixtures): Shown {
  const found = elements.find((el) => el.localName === tag);
  if (!found) throw new Error(`no ${tag}`);
  return found;
}

async function setTheme(elements: Shown[], theme: string): Promise<void> {
  for (const el of elements) el.setAttribute('theme', theme);
  for (const el of elements) await el.updateComplete;
}

/** The texts a shopper reads in each element: its fixture's parts, and its `<dt>`s. */
function texts(elements: Shown[]): Element[] {
  const found: Element[] = [];
  for (const el of elements) {
    const { texts: parts } = fixtures[el.localName as keyof typeof fixtures];
    for (const name of parts) found.push(part(el, name));
    for (const dt of shadow(el).querySelectorAll('dt')) found.push(dt);
  }
  return found;
}

/** The lowest contrast among `elements`' texts, with the part that has it. */
function lowestContrast(elements: Shown[]): { ratio: number; where: string } {
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
function placeholderContrast(elements: Shown[]): number {
  const field = input(find(elements, 'pay-bank-picker') as PayBankPicker);
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
    expect(backgroundBehind(part(find(elements, 'pay-dynamic-account'), 'title'))).to.deep.equal({
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
    expect(backgroundBehind(part(find(elements, 'pay-dynamic-account'), 'title'))).to.deep.equal({
      r: 0,
      g: 0,
      b: 0,
      a: 1,
    });
  });

  it('strengthens the palette under prefers-contrast: more, keeping the scheme asked for', async () => {
    const elements = await mountAll();
    const account = find(elements, 'pay-dynamic-account');
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
  async function expectSystemColours(elements: Shown[], probe: HTMLElement, forced: boolean): Promise<void> {
    const [account, qr] = [find(elements, 'pay-dynamic-account'), find(elements, 'pay-qr')];
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
      getComputedStyle(find(elements, 'pay-dynamic-account')).getPropertyValue('--pay-color-text').trim(),
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
