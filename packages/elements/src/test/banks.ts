// Mounting <pay-bank-picker> for a test (its `input` and `change` events recorded from the start),
// readers of what the shopper sees, and the test backend's bank controls: teach the emulator where
// an account number was paid (a payout through /_test/payouts), and a fresh rate-limit bucket for
// the kit's suggestion route.
import { fixture, html } from './testing.js';
import '../define/pay-bank-picker.js';
import type { PayBankPicker } from '../components/bank-picker/bank-picker.js';
import { shadow } from './account.js';
import { endpoint } from './backend.js';
import { holdRequests, interceptFetch } from './page-fetch.js';

export { manyBanks } from './bank-list.js';

/** Every `input` and `change` the element fires, in order. */
export function recordValueEvents(el: HTMLElement): Event[] {
  const events: Event[] = [];
  el.addEventListener('input', (event) => events.push(event));
  el.addEventListener('change', (event) => events.push(event));
  return events;
}

export interface MountedPicker {
  el: PayBankPicker;
  events: Event[];
}

/**
 * Mounts `<pay-bank-picker>` (inside a wrapper with `lang`) with `setup` applied before it connects,
 * and waits for its list (and suggestions) to be in.
 */
export async function mountPicker(
  setup: (el: PayBankPicker) => void,
  options: { lang?: string; wait?: boolean } = {},
): Promise<MountedPicker> {
  const wrapper = await fixture<HTMLDivElement>(html`<div lang=${options.lang ?? 'en'}></div>`);
  const el = document.createElement('pay-bank-picker');
  el.endpoint = endpoint;
  setup(el);
  const events = recordValueEvents(el);
  wrapper.append(el);
  if (options.wait !== false) await el.updateComplete;
  return { el, events };
}

export function input(el: PayBankPicker): HTMLInputElement {
  const found = shadow(el).querySelector('input');
  if (!found) throw new Error('no input in <pay-bank-picker>');
  return found;
}

/** The options shown, by name (empty while the list is closed). */
export function optionNames(el: PayBankPicker): string[] {
  const listbox = shadow(el).querySelector<HTMLElement>('[role="listbox"]');
  if (!listbox || listbox.hidden || input(el).getAttribute('aria-expanded') !== 'true') return [];
  return [...listbox.querySelectorAll('[role="option"]')].map((o) =>
    (o.textContent ?? '').replace('✓', '').trim(),
  );
}

/** The option aria-activedescendant points at, by name, or null. */
export function activeOption(el: PayBankPicker): string | null {
  const id = input(el).getAttribute('aria-activedescendant');
  if (!id) return null;
  const option = shadow(el).getElementById(id);
  if (!option) throw new Error(`aria-activedescendant points at a missing #${id}`);
  return (option.textContent ?? '').replace('✓', '').trim();
}

/** The POSTs and GETs the page makes to the kit's bank routes from now on; `restore()` when done. */
export function countBankRequests(): { readonly urls: string[]; restore(): void } {
  const urls: string[] = [];
  const { restore } = interceptFetch(
    (path) => path.startsWith(`${endpoint}/banks/`),
    (pass, path) => {
      urls.push(path);
      return pass();
    },
  );
  return { urls, restore };
}

/**
 * Holds the answers of the kit's bank routes (the requests go out and are answered for real; the page
 * only sees the answers once `release()` is called), to look at the element while it waits.
 */
export function holdBankAnswers(): { release(): void; restore(): void } {
  return holdRequests((path) => path.startsWith(`${endpoint}/banks/`), { answers: true });
}

async function control(route: string, body: unknown = {}): Promise<unknown> {
  const response = await fetch(`/_test${route}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(body),
  });
  const text = await response.text();
  if (!response.ok) throw new Error(`POST /_test${route} answered ${response.status}: ${text}`);
  return text ? (JSON.parse(text) as unknown) : null;
}

/** Pays `accountNumber` at `bankCode` through the emulator, which so learns where it banks. */
export function teachBank(accountNumber: string, bankCode: string): Promise<unknown> {
  return control('/payouts', { account_number: accountNumber, bank_code: bankCode });
}

/** Every later suggestion request counts against a fresh rate-limit bucket (10 a minute). */
export function resetSuggestionLimit(): Promise<unknown> {
  return control('/bank-suggestions/reset');
}

/** A ten-digit account number no other test uses. */
export function freshAccountNumber(): string {
  return String(Math.floor(Math.random() * 9e9) + 1e9);
}
