// The accessibility assertion itself must be able to fail, or every "is accessible" test is empty.
import { expect, fixture, html } from './testing.js';
import { expectAccessible } from './axe.js';

class NamelessButton extends HTMLElement {
  connectedCallback(): void {
    if (this.shadowRoot) return;
    const root = this.attachShadow({ mode: 'open' });
    root.append(document.createElement('button'));
  }
}

describe('expectAccessible', () => {
  it('finds a violation inside a shadow root', async () => {
    if (!customElements.get('test-nameless-button'))
      customElements.define('test-nameless-button', NamelessButton);
    const el = await fixture(html`<test-nameless-button></test-nameless-button>`);
    let failure: unknown = null;
    try {
      await expectAccessible(el);
    } catch (error) {
      failure = error;
    }
    expect(String(failure)).to.match(/button-name/);
  });

  it('passes plain accessible markup', async () => {
    const el = await fixture(html`<button type="button">Pay</button>`);
    await expectAccessible(el);
  });
});
