// <pay-greeting> for the every-element tests (src/test/fixture.ts): a greeting for Ada.
import type { PayGreeting } from './greeting.js';
import '../../define/pay-greeting.js';
import { partText } from '../../test/account.js';
import { endpoint } from '../../test/backend.js';
import type { ElementFixture } from '../../test/fixture.js';
import { fixture as mounted, html } from '../../test/testing.js';

const words = { en: 'Wave back', fr: 'Saluer', pt: 'Acenar', sw: 'Punga mkono', ar: 'لوّح' };

export const fixture: ElementFixture<PayGreeting> = {
  async mount(lang) {
    const wrapper = await mounted<HTMLDivElement>(
      html`<div lang=${lang}><pay-greeting name="Ada" endpoint=${endpoint}></pay-greeting></div>`,
    );
    const el = wrapper.querySelector<PayGreeting>('pay-greeting');
    if (!el) throw new Error('no pay-greeting');
    await el.updateComplete;
    return el;
  },
  texts: ['text', 'wave-button'],
  read: (el) => ({ wave: partText(el, 'wave-button') }),
  expected: (language) => ({ wave: words[language] }),
};
