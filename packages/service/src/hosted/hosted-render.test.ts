// The hosted pages' language and element: the first language of Accept-Language the pages speak (by
// weight), and the checkout's element with its details in the HTML, or bare when the kit could not answer.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { checkoutElement, pickLanguage } from './hosted-render.js';

describe('hosted pages rendered on the server', () => {
  it('speaks the first language of Accept-Language that the pages have, by weight', () => {
    assert.equal(pickLanguage(undefined), 'en');
    assert.equal(pickLanguage(''), 'en');
    assert.equal(pickLanguage('fr-CI,fr;q=0.9,en;q=0.8'), 'fr');
    assert.equal(pickLanguage('de-DE,de;q=0.9,pt-BR;q=0.8,en;q=0.5'), 'pt');
    assert.equal(pickLanguage('en;q=0.2, sw;q=0.9'), 'sw');
    assert.equal(pickLanguage('ar-EG'), 'ar');
    assert.equal(pickLanguage('fr;q=0, de'), 'en');
  });

  it('writes the bare element when there is no view, its id escaped', () => {
    const html = checkoutElement({ id: 'ses_"x<', view: null, language: 'en', pagePath: '/checkout/x' });
    assert.equal(
      html,
      '<pay-dynamic-account endpoint="/pay" session="ses_&quot;x&lt;" show-qr></pay-dynamic-account>',
    );
  });
});
