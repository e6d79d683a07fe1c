// Whether the list of an editable combobox is open and which option is active (the visual focus
// that aria-activedescendant points at), driven by the keys of lib/combobox-keys.ts. The host says
// how many options there are and what choosing, clearing and submitting mean.
import type { ReactiveController, ReactiveControllerHost } from 'lit';
import { comboboxKey } from '../lib/combobox-keys.js';

export interface ComboboxOptions {
  /** How many options the list shows, and the index of the chosen one (-1: none or not shown). */
  options: () => { count: number; chosen: number };
  /** Whether the field has text or a value that Escape would clear. */
  filled: () => boolean;
  disabled: () => boolean;
  /** Choose the option at `index` (the list is already closed). */
  choose: (index: number) => void;
  /** Empty the field and its value (Escape on a closed list). */
  clear: () => void;
  /** Enter on a closed list: submit the form. */
  submit: () => void;
}

export class ComboboxController implements ReactiveController {
  readonly #host: ReactiveControllerHost;
  readonly #options: ComboboxOptions;
  #isOpen = false;
  #activeIndex = -1;

  constructor(host: ReactiveControllerHost, options: ComboboxOptions) {
    this.#host = host;
    this.#options = options;
    host.addController(this);
  }

  get open(): boolean {
    return this.#isOpen;
  }

  /** The active option's index, -1 for none (always -1 while closed). */
  get active(): number {
    return this.#activeIndex;
  }

  /** Keeps the state possible: closed while disabled, the active option within the list. */
  hostUpdate(): void {
    if (this.#options.disabled()) this.hide();
    if (this.#activeIndex >= this.#options.options().count) this.#activeIndex = -1;
  }

  /** Opens the list; `active` makes an option active (the default leaves none). */
  show(active = -1): void {
    if (this.#options.disabled()) return;
    this.#set(true, active);
  }

  hide(): void {
    this.#set(false, -1);
  }

  toggle(): void {
    if (this.#isOpen) this.hide();
    else this.show();
  }

  readonly handleKeydown = (event: KeyboardEvent): void => {
    if (event.isComposing) return;
    const { count, chosen } = this.#options.options();
    const { action, preventDefault } = comboboxKey(event, {
      open: this.#isOpen,
      active: this.#activeIndex,
      count,
      chosen,
      filled: this.#options.filled(),
    });
    if (preventDefault) event.preventDefault();
    switch (action.kind) {
      case 'open':
        return this.show(action.active);
      case 'move':
        return this.#set(true, action.active);
      case 'choose':
        this.hide();
        return this.#options.choose(action.index);
      case 'close':
        return this.hide();
      case 'clear':
        return this.#options.clear();
      case 'submit':
        return this.#options.submit();
      case 'none':
        return undefined;
    }
  };

  #set(open: boolean, active: number): void {
    if (open === this.#isOpen && active === this.#activeIndex) return;
    this.#isOpen = open;
    this.#activeIndex = active;
    this.#host.requestUpdate();
  }
}
