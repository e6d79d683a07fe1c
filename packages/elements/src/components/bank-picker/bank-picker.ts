import { PayElement } from '../pay-element.js';
import type { PropertyDeclarations, PropertyValues, TemplateResult } from 'lit';
import type { BankEntry } from '@pay-elements/protocol';
import { BankDataController } from '../../controllers/bank-data.js';
import { ComboboxController } from '../../controllers/combobox.js';
import { FormControlController } from '../../controllers/form-control.js';
import type { BankDataStatus, BankSearch } from '../../controllers/bank-data.js';
import { LocalizeController } from '../../controllers/localize.js';
import { enBankPicker } from '../../i18n/en/bank-picker.js';
import { realClock } from '../../lib/clock.js';
import { numberFormat } from '../../lib/intl.js';
import type { Clock } from '../../lib/clock.js';
import { listAnnouncement, optionItems, renderPicker } from './bank-picker.templates.js';
import type { OptionItems, PickerView } from './bank-picker.templates.js';
import type { PayTheme } from '../../styles/theme.js';
import styles from './bank-picker.styles.js';

/**
 * The most matches rendered at once. More are counted, and a hint asks the shopper to keep typing:
 * a short list stays quick to render and to read with a screen reader, however long the country's.
 */
export const renderLimit = 100;

/** The list's states, one on at a time (`:state(ready)`). */
const dataStates: readonly BankDataStatus[] = ['idle', 'loading', 'ready', 'error'];

/**
 * Loads `{endpoint}/banks/{country}` once per page for every picker of that endpoint and country (or
 * takes the `banks` property as is). Typing filters by name, ignoring case and accents, words that
 * start with the text first; at most 100 matches are rendered, with a hint to keep typing. With an
 * `account-number`, the banks `{endpoint}/banks/suggest` knows it at are listed first, as
 * "Suggested"; when that route is missing, disabled or rate-limited, there is simply no such group.
 *
 * `updateComplete` resolves once the list (and suggestions) asked for so far are in and rendered.
 *
 * Keyboard: ArrowDown/ArrowUp open the list and move through it, Alt+ArrowDown opens it, Home/End
 * go to the first/last option, Enter chooses, Escape closes the list then clears the field, Tab
 * leaves without choosing. Enter with the list closed submits the form.
 *
 * @summary A searchable list of a country's banks (an ARIA 1.2 combobox) that takes part in forms:
 * its value is the chosen bank's code.
 *
 * @slot label - The label, instead of the `label` attribute.
 *
 * @event input - The chosen bank changed (chosen, or cleared by editing or Escape); `value` is current.
 * @event change - The choice was committed: on choosing, on clearing with Escape, or on leaving the field.
 *
 * @csspart label - The visible label.
 * @csspart control - The box around the search field and the toggle button.
 * @csspart input - The search field (role combobox).
 * @csspart toggle - The button that opens and closes the list.
 * @csspart popup - The drop-down: the list and its messages.
 * @csspart listbox - The list of options.
 * @csspart group - The "Suggested" and "All banks" groups.
 * @csspart group-label - A group's name.
 * @csspart option - Each bank.
 * @csspart option-active - Also on the option the arrow keys are on.
 * @csspart option-selected - Also on the chosen bank's option.
 * @csspart message - "Loading banks…", "No bank matches".
 * @csspart hint - "Showing 100 of 1,000 banks. Keep typing to narrow the list."
 * @csspart error - The error state: its title, message and retry button.
 * @csspart error-title - "We could not load the list of banks".
 * @csspart retry-button - "Try again".
 *
 * @cssproperty --pay-color-text - Text colour.
 * @cssproperty --pay-color-text-muted - Placeholder, messages and group names.
 * @cssproperty --pay-color-surface - Background of the field and the list.
 * @cssproperty --pay-color-surface-raised - Background of the active option.
 * @cssproperty --pay-color-border - Borders.
 * @cssproperty --pay-color-accent - The chosen option's mark, the retry button.
 * @cssproperty --pay-color-accent-text - Text on accent backgrounds.
 * @cssproperty --pay-color-danger - The error state.
 * @cssproperty --pay-color-focus - The focus ring.
 * @cssproperty --pay-font-family - Font.
 * @cssproperty --pay-font-size - Base font size.
 * @cssproperty --pay-radius - Corner radius.
 * @cssproperty --pay-spacing - Base spacing.
 * @cssproperty --pay-focus-ring-width - Width of the focus ring.
 * @cssproperty --pay-transition-duration - Transitions (0s under prefers-reduced-motion).
 * @cssproperty --pay-bank-picker-list-height - Most height of the list before it scrolls (default 18rem).
 *
 * @cssstate idle - No country and no list given.
 * @cssstate loading - The list is loading.
 * @cssstate ready - The list is loaded.
 * @cssstate error - The list could not be loaded.
 * @cssstate open - The list is open.
 */
export class PayBankPicker extends PayElement {
  static override styles = styles;
  static override properties: PropertyDeclarations = {
    country: { attribute: 'country' },
    endpoint: { attribute: 'endpoint' },
    accountNumber: { attribute: 'account-number' },
    label: { attribute: 'label' },
    placeholder: { attribute: 'placeholder' },
    name: { reflect: true, attribute: 'name' },
    value: { attribute: 'value' },
    required: { type: Boolean, reflect: true, attribute: 'required' },
    disabled: { type: Boolean, reflect: true, attribute: 'disabled' },
    theme: { reflect: true, attribute: 'theme' },
    banks: { attribute: false },
    clock: { attribute: false },
    text: { state: true },
    dataVersion: { state: true },
  };
  static override shadowRootOptions: ShadowRootInit = {
    ...PayElement.shadowRootOptions,
    delegatesFocus: true,
  };
  static formAssociated = true;

  /** ISO 3166-1 alpha-2 code of the country whose banks are listed: "NG". */
  country = '';

  /** Base URL of the backend kit's widget endpoints. */
  endpoint = '/pay';

  /** An account number: the banks it is known at are suggested first. */
  accountNumber = '';

  /** The visible label (the `label` slot wins); "Bank" in the page's language by default. */
  label = '';

  /** The search field's placeholder; "Search for a bank" in the page's language by default. */
  placeholder = '';

  /** The name the chosen code is submitted under. */
  name = '';

  /** The chosen bank's code, "" for none. The `value` attribute is the initial value, which a form reset restores. */
  value = '';

  /** A bank must be chosen before the form submits. */
  required = false;

  /** Neither editable, nor focusable, nor submitted. */
  disabled = false;

  /** Colour scheme: `auto` (follow the system), `light`, `dark` or `high-contrast`. */
  theme: PayTheme = 'auto';

  /** A bank list to offer as is, instead of fetching `country`'s. */
  banks: readonly BankEntry[] | null = null;

  /** Source of time (the pause before suggestions are asked for a changed account number). */
  clock: Clock = realClock;

  private text = '';
  private dataVersion = 0;

  get #input(): HTMLInputElement | null {
    return this.shadowRoot?.querySelector<HTMLInputElement>('#input') ?? null;
  }

  readonly #localize = new LocalizeController(this, enBankPicker);
  readonly #data = new BankDataController(this, {
    clock: () => this.clock,
    onChange: () => {
      this.dataVersion++;
    },
  });
  readonly #formControl = new FormControlController(this, {
    internals: this.internals,
    value: () => this.value,
    required: () => this.required,
    disabled: () => this.disabled,
    missingMessage: () => this.#localize.term.bankPicker.required,
    anchor: () => this.#input,
  });
  readonly #combobox = new ComboboxController(this, {
    options: () => {
      const all = this.#items().all;
      return { count: all.length, chosen: all.findIndex((item) => item.bank.code === this.value) };
    },
    filled: () => this.text !== '' || this.value !== '',
    disabled: () => this.#isDisabled,
    choose: (index) => {
      const item = this.#items().all[index];
      if (item) this.#choose(item.bank);
    },
    clear: () => {
      this.text = '';
      this.#changeValue('');
      this.#commit();
    },
    submit: () => this.form?.requestSubmit(),
  });
  /** The option last scrolled into view. */
  #scrolledTo: string | undefined;
  /** The value at the last `change` (or as the page last set it). */
  #committed = '';
  /** The value being set is the shopper's doing (the field keeps its text). */
  #userChange = false;
  #announced = '';

  /** The chosen bank, or null (none, or its list is not loaded yet). */
  get selectedBank(): BankEntry | null {
    const bank = this.value ? this.#data.find(this.value) : undefined;
    return bank ? { code: bank.code, name: bank.name } : null;
  }

  get form(): HTMLFormElement | null {
    return this.internals.form;
  }

  get validity(): ValidityState {
    return this.internals.validity;
  }

  get validationMessage(): string {
    return this.internals.validationMessage;
  }

  get willValidate(): boolean {
    return this.internals.willValidate;
  }

  checkValidity(): boolean {
    return this.internals.checkValidity();
  }

  reportValidity(): boolean {
    return this.internals.reportValidity();
  }

  formResetCallback(): void {
    this.value = this.getAttribute('value') ?? '';
    this.text = '';
    this.#combobox.hide();
  }

  formDisabledCallback(disabled: boolean): void {
    this.#formControl.setFormDisabled(disabled);
  }

  formStateRestoreCallback(restored: string | File | FormData | null): void {
    if (typeof restored === 'string') this.value = restored;
  }

  /** Also waits for the list (and suggestions) asked for so far, and their render. */
  protected override async getUpdateComplete(): Promise<boolean> {
    let complete = await super.getUpdateComplete();
    await this.#data.settled();
    if (this.isUpdatePending) complete = await super.getUpdateComplete();
    return complete;
  }

  get #isDisabled(): boolean {
    return this.#formControl.disabled;
  }

  protected override willUpdate(changed: PropertyValues<this>): void {
    if (changed.has('banks') || changed.has('country') || changed.has('endpoint'))
      this.#data.setSource({ endpoint: this.endpoint, country: this.country, banks: this.banks });
    if (changed.has('accountNumber') || changed.has('endpoint'))
      this.#data.setAccountNumber(this.endpoint, this.accountNumber, this.hasUpdated);
    if (changed.has('value') && !this.#userChange) {
      this.text = '';
      this.#committed = this.value;
    }
    this.#userChange = false;
    if (this.value && this.#data.status === 'ready') {
      const bank = this.#data.find(this.value);
      // a code the list does not have is no choice, as with a <select>
      if (!bank) {
        this.value = '';
        this.#committed = '';
      } else if (this.text === '') this.text = bank.name;
    }
    this.#announceState();
  }

  protected override updated(): void {
    const status = this.#data.status;
    for (const name of dataStates) this.setState(name, name === status);
    this.setState('open', this.#combobox.open);
    const activeId = this.#activeId();
    if (activeId && activeId !== this.#scrolledTo)
      this.renderRoot.querySelector(`#${CSS.escape(activeId)}`)?.scrollIntoView({ block: 'nearest' });
    this.#scrolledTo = activeId;
  }

  /** The banks shown for the text in the field; all of them while it shows the chosen bank's name. */
  #search(): BankSearch {
    const selected = this.selectedBank;
    return this.#data.search(selected && this.text === selected.name ? '' : this.text, renderLimit);
  }

  #items(): OptionItems {
    return optionItems(this.#search());
  }

  #activeId(): string | undefined {
    return this.#combobox.open ? this.#items().all[this.#combobox.active]?.id : undefined;
  }

  /** Announces the list's state when it changes: loading, the number of matches, a failure. */
  #announceState(): void {
    const { key, message } = listAnnouncement(this.#view());
    if (key && key !== this.#announced) this.announcer.announce(message);
    this.#announced = key;
  }

  readonly #formatNumber = (value: number): string => numberFormat(this.#localize.lang()).format(value);

  /** Sets the value as the shopper's doing: `input` fires (with the form value already set). */
  #changeValue(code: string): void {
    if (code === this.value) return;
    this.value = code;
    this.#userChange = true;
    this.#formControl.sync();
    this.dispatchEvent(new Event('input', { bubbles: true, composed: true }));
  }

  /** `change` fires when the value differs from the last committed one. */
  #commit(): void {
    if (this.value === this.#committed) return;
    this.#committed = this.value;
    this.dispatchEvent(new Event('change', { bubbles: true, composed: true }));
  }

  #choose(bank: BankEntry): void {
    this.text = bank.name;
    this.#combobox.hide();
    this.#changeValue(bank.code);
    this.#commit();
    this.announcer.announce(this.#localize.term.bankPicker.selected(bank.name));
  }

  readonly #handleInput = (event: Event): void => {
    // the host fires its own `input` when the chosen bank changes, not on every keystroke
    event.stopPropagation();
    this.text = this.#input?.value ?? '';
    this.#combobox.show();
    if (this.value && this.text !== this.selectedBank?.name) this.#changeValue('');
  };

  readonly #handleInputClick = (): void => this.#combobox.show();

  // A chosen bank's name is selected whole (the field shows it only while there is a value), so
  // that what the shopper types replaces it, as in a native combobox: Chromium selects a field's
  // text on focus, Firefox and WebKit put the caret at its end.
  readonly #handleFocus = (): void => {
    if (this.value) this.#input?.select();
  };

  readonly #handleBlur = (): void => {
    this.#combobox.hide();
    const bank = this.selectedBank;
    if (bank) this.text = bank.name;
    this.#commit();
  };

  readonly #handleToggle = (): void => {
    this.#combobox.toggle();
    this.#input?.focus();
  };

  readonly #handleOptionClick = (event: Event): void => {
    const option = event.target instanceof Element ? event.target.closest('[role="option"]') : null;
    const item = this.#items().all.find((i) => i.id === option?.id);
    if (item) this.#choose(item.bank);
  };

  readonly #handleRetry = (): void => {
    this.#data.retry();
    this.requestUpdate();
  };

  protected override render(): TemplateResult {
    return renderPicker(this.#view());
  }

  #view(): PickerView {
    const search = this.#search();
    return {
      term: this.#localize.term,
      label: this.label,
      placeholder: this.placeholder,
      text: this.text,
      value: this.value,
      required: this.required,
      disabled: this.#isDisabled,
      open: this.#combobox.open,
      activeId: this.#activeId(),
      status: this.#data.status,
      error: this.#data.error,
      country: this.country,
      search,
      items: optionItems(search),
      liveRegion: this.announcer.render(),
      formatNumber: this.#formatNumber,
      on: {
        input: this.#handleInput,
        keydown: this.#combobox.handleKeydown,
        click: this.#handleInputClick,
        focus: this.#handleFocus,
        blur: this.#handleBlur,
        toggle: this.#handleToggle,
        optionClick: this.#handleOptionClick,
        retry: this.#handleRetry,
      },
    };
  }
}
