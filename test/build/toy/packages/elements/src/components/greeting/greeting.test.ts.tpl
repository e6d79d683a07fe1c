import { expect } from '../../test/testing.js';
import { expectAccessible } from '../../test/axe.js';
import { part, partText } from '../../test/account.js';
import { fixture } from './greeting.fixture.js';

describe('<pay-greeting>', () => {
  it('says the greeting from the kit, and fires pay-wave with whom when the shopper waves back', async () => {
    const el = await fixture.mount('en');
    await expectAccessible(el);
    expect(partText(el, 'text')).to.equal('Hello, Ada');
    const waved = new Promise<CustomEvent>((resolve) =>
      el.addEventListener('pay-wave', (event) => resolve(event as unknown as CustomEvent), { once: true }),
    );
    part(el, 'wave-button').click();
    expect((await waved).detail).to.deep.equal({ name: 'Ada' });
  });
});
