// What <pay-bank-picker> shows, as functions of its state: the drop-down (options with the ids
// aria-activedescendant points at, grouped under "Suggested" and "All banks" when there are
// suggestions; its messages), the error state, and what the live region says.
import { html, nothing } from 'lit';
import type { TemplateResult } from 'lit';
import { live } from 'lit/directives/live.js';
import type { BankEntry } from '@pay-elements/protocol';
import type { BankDataStatus, BankSearch } from '../../controllers/bank-data.js';
import type { BankPickerTerms } from '../../i18n/types.js';
import type { BackendError } from '../../lib/backend.js';

/** An option as rendered: its bank and its element id. */
export interface OptionItem {
  readonly bank: BankEntry;
  readonly id: string;
}

export interface OptionItems {
  readonly suggested: readonly OptionItem[];
  readonly matches: readonly OptionItem[];
  /** Suggested then matches: the order the arrow keys walk. */
  readonly all: readonly OptionItem[];
}

const toItems = (banks: readonly BankEntry[], prefix: string): OptionItem[] =>
  banks.map((bank) => ({ bank, id: `${prefix}-${bank.code.replace(/\s/g, '_')}` }));

const itemsOfSearch = new WeakMap<BankSearch, OptionItems>();

/** The options of a search (the same object for the same search, so renders stay cheap). */
export function optionItems(search: BankSearch): OptionItems {
  let items = itemsOfSearch.get(search);
  if (!items) {
    const suggested = toItems(search.suggested, 'suggested');
    const matches = toItems(search.matches, 'bank');
    items = { suggested, matches, all: [...suggested, ...matches] };
    itemsOfSearch.set(search, items);
  }
  return items;
}

export interface PickerView {
  term: BankPickerTerms;
  label: string;
  placeholder: string;
  /** The text in the search field. */
  text: string;
  /** The chosen bank's code. */
  value: string;
  required: boolean;
  disabled: boolean;
  open: boolean;
  activeId: string | undefined;
  status: BankDataStatus;
  error: BackendError | null;
  country: string;
  search: BankSearch;
  items: OptionItems;
  liveRegion: TemplateResult;
  formatNumber: (value: number) => string;
  on: {
    input: (event: Event) => void;
    keydown: (event: KeyboardEvent) => void;
    click: () => void;
    focus: () => void;
    blur: () => void;
    toggle: () => void;
    optionClick: (event: Event) => void;
    retry: () => void;
  };
}

// Not keyed (no `repeat`): an option's element is reused in place for whatever option comes there,
// its id, parts and text set anew, which is all the listbox needs and a directive less to ship.
function renderOptions(items: readonly OptionItem[], view: PickerView): unknown {
  return items.map((item) => {
    const chosen = item.bank.code === view.value;
    const active = item.id === view.activeId;
    const parts = `option${active ? ' option-active' : ''}${chosen ? ' option-selected' : ''}`;
    return html`<div role="option" id=${item.id} part=${parts} aria-selected=${active ? 'true' : 'false'}>
      <span class="mark" aria-hidden="true">${chosen ? '✓' : ''}</span>${item.bank.name}
    </div>`;
  });
}

function renderGroup(
  id: string,
  name: string,
  items: readonly OptionItem[],
  view: PickerView,
): TemplateResult {
  return html`<div role="group" part="group" aria-labelledby="${id}-label">
    <div role="presentation" part="group-label" id="${id}-label">${name}</div>
    ${renderOptions(items, view)}
  </div>`;
}

/** What the popup holds: a loading line, the listbox, "No bank matches", the keep-typing hint. */
function renderPopupContent(view: PickerView, expanded: boolean): TemplateResult {
  const { items, search, status } = view;
  const term = view.term.bankPicker;
  const grouped = items.suggested.length > 0;
  const shown = items.matches.length;
  return html`
    ${
      status === 'loading'
        ? html`<p part="message"><span class="spinner" aria-hidden="true"></span>${term.loading}</p>`
        : nothing
    }
    <div
      id="listbox"
      part="listbox"
      role="listbox"
      aria-labelledby="label"
      ?hidden=${!expanded}
      @click=${view.on.optionClick}
    >
      ${
        grouped
          ? [
              renderGroup('suggested', term.suggested, items.suggested, view),
              shown > 0 ? renderGroup('all', term.allBanks, items.matches, view) : nothing,
            ]
          : renderOptions(items.matches, view)
      }
    </div>
    ${status === 'ready' && search.total === 0 ? html`<p part="message">${term.noMatch}</p>` : nothing}
    ${
      search.total > shown
        ? html`<p part="hint">
            ${term.moreResults(view.formatNumber(shown), view.formatNumber(search.total))}
          </p>`
        : nothing
    }
  `;
}

/** Whether an error means the country has no list (so trying again would not help). */
export function isUnknownCountry(error: BackendError): boolean {
  return error.code === 'not_found' || error.code === 'invalid_request';
}

/** The shopper's words for a failure to load the list. */
export function errorText(error: BackendError, country: string, term: BankPickerTerms): string {
  if (isUnknownCountry(error)) return term.bankPicker.unknownCountry(country.trim().toUpperCase());
  return term.errors[error.code];
}

/** The error state: what failed, why, and "Try again" unless the country has no list. */
export function renderError(
  error: BackendError,
  country: string,
  term: BankPickerTerms,
  onRetry: () => void,
): TemplateResult {
  return html`<div part="error">
    <p part="error-title" id="error-title">${term.bankPicker.loadFailed}</p>
    <p id="error-message">${errorText(error, country, term)}</p>
    ${
      isUnknownCountry(error)
        ? nothing
        : html`<button part="retry-button" type="button" @click=${onRetry}>${term.retry}</button>`
    }
  </div>`;
}

/**
 * What the live region should say about the list, and a key that changes only when that news does
 * (so that it is said once): loading while open, the number of matches while open, a failure.
 */
export function listAnnouncement(view: PickerView): { key: string; message: string } {
  const t = view.term.bankPicker;
  const { filter, total } = view.search;
  if (view.status === 'error' && view.error)
    return { key: 'error', message: errorText(view.error, view.country, view.term) };
  if (!view.open || view.status === 'idle') return { key: '', message: '' };
  if (view.status === 'loading') return { key: 'loading', message: t.loading };
  const message = total === 0 ? t.noMatch : t.resultCount(total, view.formatNumber(total));
  return { key: `ready|${filter}|${total}`, message };
}

/** Keeps the focus in the field while the list or the toggle is pressed (or touched). */
const keepFocus = (event: Event): void => event.preventDefault();

/** The whole shadow tree: label, combobox field and toggle, popup, error state, live region. */
export function renderPicker(view: PickerView): TemplateResult {
  const t = view.term.bankPicker;
  const expanded = view.open && view.items.all.length > 0 ? 'true' : 'false';
  return html`
    <label part="label" id="label" for="input"><slot name="label">${view.label || t.label}</slot></label>
    <div class="field">
      <div part="control">
        <input
          id="input"
          part="input"
          type="text"
          role="combobox"
          autocomplete="off"
          autocapitalize="off"
          spellcheck="false"
          aria-autocomplete="list"
          aria-controls="listbox"
          aria-expanded=${expanded}
          aria-activedescendant=${view.activeId ?? nothing}
          aria-describedby=${view.error ? 'error-title error-message' : nothing}
          aria-required=${view.required ? 'true' : nothing}
          placeholder=${view.placeholder || t.placeholder}
          .value=${live(view.text)}
          ?disabled=${view.disabled}
          @input=${view.on.input}
          @keydown=${view.on.keydown}
          @click=${view.on.click}
          @focus=${view.on.focus}
          @blur=${view.on.blur}
        />
        <button
          part="toggle"
          type="button"
          tabindex="-1"
          aria-label=${t.showList}
          aria-controls="listbox"
          aria-expanded=${expanded}
          ?disabled=${view.disabled}
          @mousedown=${keepFocus}
          @click=${view.on.toggle}
        >
          <svg viewBox="0 0 24 24" aria-hidden="true" focusable="false">
            <path fill="currentColor" d="M7 10l5 5 5-5z"></path>
          </svg>
        </button>
      </div>
      <div part="popup" ?hidden=${!view.open} @mousedown=${keepFocus}>
        ${renderPopupContent(view, expanded === 'true')}
      </div>
    </div>
    ${view.error ? renderError(view.error, view.country, view.term, view.on.retry) : nothing}
    ${view.liveRegion}
  `;
}
