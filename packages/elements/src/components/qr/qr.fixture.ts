// <pay-qr> for the every-element tests (src/test/fixture.ts): a shop's URL, drawn with no backend.
import '../../define/pay-qr.js';
import type { PayQr } from './qr.js';
import type { ElementFixture } from '../../test/fixture.js';
import { fixture as mounted, html } from '../../test/testing.js';

const words = { en: 'QR code', fr: 'Code QR', pt: 'Código QR', sw: 'Msimbo wa QR', ar: 'رمز QR' };

export const fixture: ElementFixture<PayQr> = {
  async mount(lang) {
    const wrapper = await mounted<HTMLDivElement>(
      html`<div lang=${lang}><pay-qr value="https://shop.example/pay/1"></pay-qr></div>`,
    );
    const qr = wrapper.querySelector<PayQr>('pay-qr');
    if (!qr) throw new Error('no pay-qr');
    await qr.updateComplete;
    return qr;
  },
  texts: [],
  read: (el) => ({ label: el.shadowRoot?.querySelector('svg')?.getAttribute('aria-label') ?? '' }),
  expected: (language) => ({ label: words[language] }),
};
