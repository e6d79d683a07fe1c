// The keyboard of an editable combobox with a list popup (WAI-ARIA APG combobox pattern, list
// autocomplete without automatic selection), as a pure function: a key and where the list stands
// in, what to do out. <pay-bank-picker> applies the answer.

export interface ComboboxKeyState {
  open: boolean;
  /** Index of the active option, -1 for none. */
  active: number;
  /** How many options the list shows. */
  count: number;
  /** Index of the chosen option in the list, -1 when it is not there: arrow keys open on it. */
  chosen: number;
  /** Whether the field has text or a value (that Escape would clear). */
  filled: boolean;
}

export type ComboboxAction =
  /** Open the list with `active` the active option (-1: none). */
  | { kind: 'open'; active: number }
  /** Make another option active. */
  | { kind: 'move'; active: number }
  /** Choose the option at `index` and close the list. */
  | { kind: 'choose'; index: number }
  /** Close the list, choosing nothing. */
  | { kind: 'close' }
  /** Empty the field and its value. */
  | { kind: 'clear' }
  /** Submit the form the field is in. */
  | { kind: 'submit' }
  | { kind: 'none' };

export interface ComboboxKey {
  action: ComboboxAction;
  /** Whether the key's default (moving the caret, submitting, leaving the field) must be prevented. */
  preventDefault: boolean;
}

const act = (action: ComboboxAction, preventDefault = true): ComboboxKey => ({ action, preventDefault });
const none = act({ kind: 'none' }, false);

function arrow(down: boolean, altKey: boolean, s: ComboboxKeyState): ComboboxKey {
  const last = s.count - 1;
  if (altKey) return act(down ? { kind: 'open', active: s.open ? s.active : -1 } : { kind: 'close' });
  if (!s.open) {
    const start = s.chosen >= 0 ? s.chosen : down ? Math.min(0, last) : last;
    return act({ kind: 'open', active: start });
  }
  if (s.count === 0) return act({ kind: 'none' });
  if (s.active === -1) return act({ kind: 'move', active: down ? 0 : last });
  return act({ kind: 'move', active: (s.active + (down ? 1 : -1) + s.count) % s.count });
}

/**
 * What `key` does: ArrowDown/ArrowUp open the list (on the chosen option, else the first/last) and
 * then move through it, wrapping; Alt+ArrowDown opens without moving, Alt+ArrowUp closes; Home/End
 * go to the first/last option while the list is open (else they move the caret); Enter chooses the
 * active option, else closes the list, else submits; Escape closes the list, else clears the field;
 * Tab closes the list, choosing nothing, and moves on.
 */
export function comboboxKey(event: { key: string; altKey: boolean }, s: ComboboxKeyState): ComboboxKey {
  switch (event.key) {
    case 'ArrowDown':
    case 'ArrowUp':
      return arrow(event.key === 'ArrowDown', event.altKey, s);
    case 'Home':
    case 'End':
      if (!s.open || s.count === 0) return none;
      return act({ kind: 'move', active: event.key === 'Home' ? 0 : s.count - 1 });
    case 'Enter':
      if (s.open && s.active >= 0 && s.active < s.count) return act({ kind: 'choose', index: s.active });
      return act(s.open ? { kind: 'close' } : { kind: 'submit' });
    case 'Escape':
      if (s.open) return act({ kind: 'close' });
      return s.filled ? act({ kind: 'clear' }) : none;
    case 'Tab':
      return act({ kind: 'close' }, false);
    default:
      return none;
  }
}
