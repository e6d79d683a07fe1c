import { expect } from '../test/testing.js';
import { showState } from './element-state.js';
import type { AttributeTarget } from './element-state.js';

function fakeHost(): AttributeTarget & { attributes: Map<string, string> } {
  const attributes = new Map<string, string>();
  return {
    attributes,
    setAttribute: (name, value) => void attributes.set(name, value),
    removeAttribute: (name) => void attributes.delete(name),
  };
}

const names = ['loading', 'pending', 'paid', 'error'] as const;

describe('showState', () => {
  it('turns on the current state alone, leaves other sets alone, and reflects the status', () => {
    const host = fakeHost();
    const states = new Set<string>(['loading', 'error', 'reconnecting']);
    showState(host, states, names, 'paid', 'paid');
    expect([...states].sort()).to.deep.equal(['paid', 'reconnecting']);
    expect(host.attributes.get('status')).to.equal('paid');
  });

  it('turns every state of the set off for null, and removes the status attribute', () => {
    const host = fakeHost();
    host.setAttribute('status', 'pending');
    const states = new Set<string>(['pending']);
    showState(host, states, names, null, null);
    expect([...states]).to.deep.equal([]);
    expect(host.attributes.has('status')).to.equal(false);
  });

  it('keeps the display state apart from the status (error while nothing is loaded)', () => {
    const host = fakeHost();
    const states = new Set<string>();
    showState(host, states, names, 'error', null);
    expect([...states]).to.deep.equal(['error']);
    expect(host.attributes.has('status')).to.equal(false);
  });
});
