// The test toolkit: @open-wc/testing's pure entries, without the chai plugins whose typings turn
// every `expect(…).to.equal(…)` into a Promise (and so into a lint error), plus the fixture
// cleanup after each test that the full entry would register. (@open-wc/testing-helpers comes
// with @open-wc/testing.)
import { fixtureCleanup } from '@open-wc/testing-helpers/pure';

export { fixture, oneEvent } from '@open-wc/testing-helpers/pure';
export { expect } from '@open-wc/testing/pure';
export { html } from 'lit';

afterEach(() => {
  fixtureCleanup();
});
