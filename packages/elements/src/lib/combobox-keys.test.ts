import { expect } from '../test/testing.js';
import { comboboxKey } from './combobox-keys.js';
import type { ComboboxKeyState } from './combobox-keys.js';

const closed: ComboboxKeyState = { open: false, active: -1, count: 5, chosen: -1, filled: false };
const open: ComboboxKeyState = { ...closed, open: true };
const key = (k: string, s: ComboboxKeyState, altKey = false) => comboboxKey({ key: k, altKey }, s);

describe('combobox keys', () => {
  it('opens on ArrowDown at the first option, on ArrowUp at the last, or on the chosen one', () => {
    expect(key('ArrowDown', closed)).to.deep.equal({
      action: { kind: 'open', active: 0 },
      preventDefault: true,
    });
    expect(key('ArrowUp', closed).action).to.deep.equal({ kind: 'open', active: 4 });
    expect(key('ArrowDown', { ...closed, chosen: 3 }).action).to.deep.equal({ kind: 'open', active: 3 });
    expect(key('ArrowUp', { ...closed, chosen: 3 }).action).to.deep.equal({ kind: 'open', active: 3 });
    // nothing to show yet (loading): opens with no active option
    expect(key('ArrowDown', { ...closed, count: 0 }).action).to.deep.equal({ kind: 'open', active: -1 });
  });

  it('moves through an open list, wrapping at both ends', () => {
    expect(key('ArrowDown', open).action).to.deep.equal({ kind: 'move', active: 0 });
    expect(key('ArrowDown', { ...open, active: 1 }).action).to.deep.equal({ kind: 'move', active: 2 });
    expect(key('ArrowDown', { ...open, active: 4 }).action).to.deep.equal({ kind: 'move', active: 0 });
    expect(key('ArrowUp', open).action).to.deep.equal({ kind: 'move', active: 4 });
    expect(key('ArrowUp', { ...open, active: 0 }).action).to.deep.equal({ kind: 'move', active: 4 });
    expect(key('ArrowDown', { ...open, count: 0 }).action.kind).to.equal('none');
  });

  it('opens with Alt+ArrowDown without moving, closes with Alt+ArrowUp', () => {
    expect(key('ArrowDown', closed, true).action).to.deep.equal({ kind: 'open', active: -1 });
    expect(key('ArrowDown', { ...open, active: 2 }, true).action).to.deep.equal({ kind: 'open', active: 2 });
    expect(key('ArrowUp', open, true).action).to.deep.equal({ kind: 'close' });
  });

  it('goes to the first and last option with Home and End only while the list is open', () => {
    expect(key('Home', { ...open, active: 3 })).to.deep.equal({
      action: { kind: 'move', active: 0 },
      preventDefault: true,
    });
    expect(key('End', open).action).to.deep.equal({ kind: 'move', active: 4 });
    // closed: the caret moves in the field
    expect(key('Home', closed)).to.deep.equal({ action: { kind: 'none' }, preventDefault: false });
  });

  it('chooses with Enter, else closes, else submits', () => {
    expect(key('Enter', { ...open, active: 2 }).action).to.deep.equal({ kind: 'choose', index: 2 });
    expect(key('Enter', open).action).to.deep.equal({ kind: 'close' });
    expect(key('Enter', closed)).to.deep.equal({ action: { kind: 'submit' }, preventDefault: true });
  });

  it('closes with Escape, then clears, then lets it through', () => {
    expect(key('Escape', { ...open, filled: true }).action).to.deep.equal({ kind: 'close' });
    expect(key('Escape', { ...closed, filled: true }).action).to.deep.equal({ kind: 'clear' });
    expect(key('Escape', closed)).to.deep.equal({ action: { kind: 'none' }, preventDefault: false });
  });

  it('closes on Tab without choosing and lets the focus move on', () => {
    expect(key('Tab', { ...open, active: 1 })).to.deep.equal({
      action: { kind: 'close' },
      preventDefault: false,
    });
    expect(key('a', open)).to.deep.equal({ action: { kind: 'none' }, preventDefault: false });
  });
});
