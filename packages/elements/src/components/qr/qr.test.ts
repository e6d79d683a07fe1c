import { expect, fixture, html } from '../../test/testing.js';
import '../../i18n/fr.js';
import { create } from 'qrcode';
import '../../define/pay-qr.js';
import type { PayQr } from './qr.js';
import { darkModulesOfPath, quietZone } from '../../lib/qr-path.js';
import { expectAccessible } from '../../test/axe.js';
import { part } from '../../test/account.js';

const url = 'https://shop.example/checkout/ses_01HZX5Q2';

/** The dark modules qrcode computes for `value`, as "row,col" keys. */
function expectedModules(value: string): { size: number; cells: Set<string> } {
  const { modules } = create(value, { errorCorrectionLevel: 'M' });
  const cells = new Set<string>();
  for (let row = 0; row < modules.size; row++) {
    for (let col = 0; col < modules.size; col++) if (modules.get(row, col)) cells.add(`${row},${col}`);
  }
  return { size: modules.size, cells };
}

function drawnModules(el: PayQr): Set<string> {
  return darkModulesOfPath(part(el, 'modules').getAttribute('d') ?? '');
}

describe('<pay-qr>', () => {
  it('is accessible: an image named "QR code" by default, or by its label', async () => {
    const el = await fixture<PayQr>(html`<pay-qr value=${url}></pay-qr>`);
    await expectAccessible(el);
    const svg = part(el, 'svg');
    expect(svg.getAttribute('role')).to.equal('img');
    expect(svg.getAttribute('aria-label')).to.equal('QR code');
    el.label = 'Scan to pay on your phone';
    await el.updateComplete;
    expect(svg.getAttribute('aria-label')).to.equal('Scan to pay on your phone');
    await expectAccessible(el);
  });

  it('translates its default name', async () => {
    const wrapper = await fixture(html`<div lang="fr"><pay-qr value=${url}></pay-qr></div>`);
    const el = wrapper.querySelector('pay-qr');
    if (!el) throw new Error('no pay-qr');
    await el.updateComplete;
    expect(part(el, 'svg').getAttribute('aria-label')).to.equal('Code QR');
  });

  it('draws exactly the modules qrcode computes for the value, inside a quiet zone', async () => {
    const el = await fixture<PayQr>(html`<pay-qr value=${url}></pay-qr>`);
    const expected = expectedModules(url);
    expect(el.moduleCount).to.equal(expected.size);
    const side = expected.size + 2 * quietZone;
    expect(part(el, 'svg').getAttribute('viewBox')).to.equal(`0 0 ${side} ${side}`);
    expect([...drawnModules(el)].sort()).to.deep.equal([...expected.cells].sort());
    // one path, no canvas, nothing else drawn
    expect(el.shadowRoot?.querySelectorAll('path')).to.have.length(1);
    expect(el.shadowRoot?.querySelector('canvas')).to.equal(null);
  });

  it('re-renders when the value changes', async () => {
    const el = await fixture<PayQr>(html`<pay-qr value="short"></pay-qr>`);
    const before = part(el, 'modules').getAttribute('d');
    expect(el.moduleCount).to.equal(21);
    const longer = `${url}?and=a-much-longer-query-string-that-needs-a-bigger-symbol-to-fit-in-it`;
    el.value = longer;
    await el.updateComplete;
    expect(part(el, 'modules').getAttribute('d')).to.not.equal(before);
    expect(el.moduleCount).to.equal(expectedModules(longer).size);
    expect(el.moduleCount).to.be.greaterThan(21);
    expect([...drawnModules(el)].sort()).to.deep.equal([...expectedModules(longer).cells].sort());
  });

  it('draws nothing for an empty value or one too long to encode', async () => {
    const el = await fixture<PayQr>(html`<pay-qr></pay-qr>`);
    expect(el.shadowRoot?.querySelector('svg')).to.equal(null);
    el.value = 'x'.repeat(5000);
    await el.updateComplete;
    expect(el.shadowRoot?.querySelector('svg')).to.equal(null);
    expect(el.moduleCount).to.equal(0);
  });

  it('shows the caption after it only under a drawn code', async () => {
    const figure = await fixture<HTMLElement>(
      html`<figure>
        <pay-qr value=${url}></pay-qr>
        <figcaption>Scan to pay from your phone</figcaption>
      </figure>`,
    );
    const el = figure.querySelector<PayQr>('pay-qr');
    const caption = figure.querySelector('figcaption');
    if (!el || !caption) throw new Error('no pay-qr or caption');
    await el.updateComplete;
    expect(caption.getBoundingClientRect().height).to.be.greaterThan(0);
    el.value = 'x'.repeat(5000); // too long to encode: nothing drawn
    await el.updateComplete;
    expect(el.shadowRoot?.querySelector('svg')).to.equal(null);
    expect(caption.getBoundingClientRect().height, 'no caption under no code').to.equal(0);
    el.value = url;
    await el.updateComplete;
    expect(caption.getBoundingClientRect().height).to.be.greaterThan(0);
  });

  it('is sized by --pay-qr-size and coloured by its tokens', async () => {
    const el = await fixture<PayQr>(
      html`<pay-qr value=${url} style="--pay-qr-size: 150px; --pay-qr-color: rgb(0, 0, 128)"></pay-qr>`,
    );
    const svg = part(el, 'svg');
    expect(svg.getBoundingClientRect().width).to.equal(150);
    expect(svg.getBoundingClientRect().height).to.equal(150);
    expect(getComputedStyle(part(el, 'modules')).fill).to.equal('rgb(0, 0, 128)');
    expect(getComputedStyle(part(el, 'background')).fill).to.equal('rgb(255, 255, 255)');
  });
});
