import { expect } from '../test/testing.js';
import { RequestGeneration } from './request-generation.js';

describe('RequestGeneration', () => {
  it('aborts the requests of the previous generation and no others', () => {
    const requests = new RequestGeneration();
    const first = requests.signal;
    expect(requests.signal).to.equal(first);
    requests.next();
    expect(first.aborted).to.equal(true);
    const second = requests.signal;
    expect(second.aborted).to.equal(false);
    expect(second).not.to.equal(first);
  });

  it('tells a current generation from an old one', () => {
    const requests = new RequestGeneration();
    const old = requests.next();
    expect(requests.isCurrent(old)).to.equal(true);
    const now = requests.next();
    expect(requests.isCurrent(old)).to.equal(false);
    expect(requests.isCurrent(now)).to.equal(true);
    expect(requests.current).to.equal(now);
  });
});
