// Mounting <pay-dynamic-account> for a test: a manual clock injected before it connects, every
// pay-* event recorded from the start, and small readers of what the shopper sees.
import { fixture, html } from './testing.js';
import '../define/pay-dynamic-account.js';
// what the element imports after its first answer (its later states and buttons), loaded with the tests rather than
// fetched from the dev server in the middle of one: the element's own import() then answers at once
import '../components/dynamic-account/dynamic-account.later.js';
import type { PayDynamicAccount } from '../components/dynamic-account/dynamic-account.js';
import { ManualClock } from '../lib/clock.js';
import { endpoint } from './backend.js';
import { EventLog } from './event-log.js';

export const payEventTypes = [
  'pay-status-change',
  'pay-paid',
  'pay-expired',
  'pay-error',
  'pay-copy',
  'pay-claimed',
] as const;
export type PayEventType = (typeof payEventTypes)[number];

export interface Mounted {
  el: PayDynamicAccount;
  clock: ManualClock;
  log: EventLog<PayEventType>;
}

/**
 * Mounts <pay-dynamic-account session=…> (inside a wrapper with `lang` when given) and waits for
 * the first answer: its first pay-status-change or pay-error.
 */
export async function mountAccount(
  session: string,
  options: {
    clock?: ManualClock;
    lang?: string;
    showQr?: boolean;
    wait?: boolean;
    /** `poll` by default: the polling tests count polls; the stream's own tests ask for `push` */
    updates?: 'push' | 'poll';
  } = {},
): Promise<Mounted> {
  const clock = options.clock ?? new ManualClock();
  const wrapper = await fixture<HTMLDivElement>(html`<div lang=${options.lang ?? 'en'}></div>`);
  const el = document.createElement('pay-dynamic-account');
  el.clock = clock;
  el.endpoint = endpoint;
  el.session = session;
  el.showQr = options.showQr ?? false;
  el.updates = options.updates ?? 'poll';
  const log = new EventLog(el, payEventTypes);
  const first = log.next('pay-status-change', 'pay-error');
  wrapper.append(el);
  if (options.wait !== false) {
    await first;
    // let the element finish reacting (start polling) before the test moves time
    await new Promise((resolve) => setTimeout(resolve, 0));
    await el.updateComplete;
  }
  return { el, clock, log };
}

/** The element's shadow root (it always has one). */
export function shadow(el: Element): ShadowRoot {
  if (!el.shadowRoot) throw new Error(`${el.localName} has no shadow root`);
  return el.shadowRoot;
}

/** The element with `part` inside `el`'s shadow root, or an error naming the part. */
export function part<T extends Element = HTMLElement>(el: Element, name: string): T {
  const found = shadow(el).querySelector<T>(`[part~="${name}"]`);
  if (!found) throw new Error(`no part "${name}" in <${el.localName}>`);
  return found;
}

export function hasPart(el: Element, name: string): boolean {
  return shadow(el).querySelector(`[part~="${name}"]`) !== null;
}

/** The visible text of a part, runs of markup whitespace collapsed (no-break spaces kept). */
export function partText(el: Element, name: string): string {
  return (part(el, name).textContent ?? '').replace(/[ \t\n\r]+/g, ' ').trim();
}

/** What the polite live region says now. */
export function liveText(el: Element): string {
  const region = shadow(el).querySelector('[aria-live="polite"]');
  return (region?.textContent ?? '').replace(/[ \t\n\r]+/g, ' ').trim();
}

/** Pretends the tab is hidden (or visible again) and tells the page. */
export function setPageVisibility(state: 'hidden' | 'visible'): void {
  if (state === 'visible') {
    Reflect.deleteProperty(document, 'visibilityState');
  } else {
    Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => 'hidden' });
  }
  document.dispatchEvent(new Event('visibilitychange'));
}
