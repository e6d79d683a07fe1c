// The locale of an element: its closest ancestor's `lang` (crossing shadow roots), then the page's,
// then the browser's. Hosts re-render when a `lang` or `dir` attribute changes anywhere in the page's
// light DOM, and when a translation is registered. Each host brings the English it shows (its part of
// the table, from ../i18n/en/), used when no registered table fits.
//
// Direction: an element follows the `dir` of its context (`:dir(rtl)`). Only when nothing around it
// says (no `dir` on any ancestor, the page's root included) does it take its language's: inside
// `<div lang="ar">` it sets `dir="rtl"` on itself, and removes it again when the context gains a `dir`.
import type { ReactiveController, ReactiveControllerHost } from 'lit';
import { onTranslationRegistered, registeredTranslation } from '../i18n/registry.js';
import type { IdentityTranslation, Translation } from '../i18n/types.js';
import { formatMoney } from '../lib/money.js';
import { dateTimeFormat } from '../lib/intl.js';
import { formatClockFace, formatDurationWords } from '../lib/duration.js';

type Host = ReactiveControllerHost & HTMLElement;

const hosts = new Set<Host>();
let observer: MutationObserver | null = null;
let unsubscribe: (() => void) | null = null;

function updateAll(): void {
  for (const host of hosts) host.requestUpdate();
}

function observeContext(): void {
  if (observer) return;
  observer = new MutationObserver(updateAll);
  observer.observe(document.documentElement, {
    attributes: true,
    attributeFilter: ['lang', 'dir'],
    subtree: true,
  });
  unsubscribe = onTranslationRegistered(updateAll);
}

/** The element's parent, or the host of the shadow root it is the top of; null at the top. */
function parentOf(node: Element): Element | null {
  if (node.parentElement) return node.parentElement;
  const root = node.getRootNode();
  return root instanceof ShadowRoot ? root.host : null;
}

/** The value of `name` on `element` or its closest ancestor, walking out of shadow roots; null if none. */
function closestAttribute(element: Element | null, name: string): string | null {
  for (let node = element; node; node = parentOf(node)) {
    const value = node.getAttribute(name);
    if (value) return value;
  }
  return null;
}

/** The `lang` of `element` or its closest ancestor, walking out of shadow roots; null if none. */
export function closestLang(element: Element): string | null {
  return closestAttribute(element, 'lang');
}

/** A usable BCP 47 tag from `candidate`, or null if it is empty or malformed. */
function canonical(candidate: string | null | undefined): string | null {
  if (!candidate) return null;
  try {
    return Intl.getCanonicalLocales(candidate)[0] ?? null;
  } catch {
    return null;
  }
}

/** The language subtag of a BCP 47 tag: "pt-BR" → "pt". */
function language(tag: string): string {
  return (tag.split('-')[0] ?? '').toLowerCase();
}

/** The part of the table a host reads, the table's identity always included. */
type Terms<K extends keyof Translation> = Pick<Translation, K | keyof IdentityTranslation>;

export class LocalizeController<K extends keyof Translation> implements ReactiveController {
  readonly #host: Host;
  readonly #english: Terms<K>;
  /** The `dir` this controller put on its host (null: none, or the page author's own). */
  #ownDir: 'rtl' | null = null;

  constructor(host: Host, english: Terms<K>) {
    this.#host = host;
    this.#english = english;
    host.addController(this);
  }

  hostConnected(): void {
    hosts.add(this.#host);
    observeContext();
    // (re)placed in the page: its lang and dir may differ from where it was
    this.#host.requestUpdate();
  }

  hostDisconnected(): void {
    hosts.delete(this.#host);
    if (hosts.size === 0) {
      observer?.disconnect();
      observer = null;
      unsubscribe?.();
      unsubscribe = null;
    }
  }

  hostUpdate(): void {
    this.#applyDirection();
  }

  /** The locale asked for by the page: the closest `lang`, else the browser's language. */
  #requested(): string {
    return canonical(closestLang(this.#host)) ?? canonical(navigator.language) ?? 'en';
  }

  /**
   * The locale for formatting (Intl): the full tag asked for ("pt-AO", "ar-EG") when its language has a
   * table, else the language of the table shown, so numbers and dates match the words around them.
   */
  lang(): string {
    const requested = this.#requested();
    const table = this.#termsFor(requested);
    return language(requested) === language(table.$code) ? requested : table.$code;
  }

  /** The translation table for the current locale: the exact tag, then its language, then English. */
  get term(): Terms<K> {
    return this.#termsFor(this.#requested());
  }

  #termsFor(locale: string): Terms<K> {
    return registeredTranslation(locale, this.#english) ?? this.#english;
  }

  /** The element's direction as laid out: its context's `dir`, else its language's. */
  dir(): 'ltr' | 'rtl' {
    return this.#host.matches(':dir(rtl)') ? 'rtl' : 'ltr';
  }

  money(amount: string, currency: string): string {
    return formatMoney(amount, currency, this.lang());
  }

  dateTime(iso: string): string {
    return dateTimeFormat(this.lang(), { dateStyle: 'long', timeStyle: 'short' }).format(new Date(iso));
  }

  clockFace(ms: number): string {
    return formatClockFace(ms, this.lang());
  }

  durationWords(ms: number): string {
    return formatDurationWords(ms, this.lang());
  }

  /** Puts `dir="rtl"` on the host when its language is right-to-left and no ancestor has a `dir`. */
  #applyDirection(): void {
    const host = this.#host;
    const current = host.getAttribute('dir');
    if (current !== null && current !== this.#ownDir) {
      // the page set the host's own dir: it wins
      this.#ownDir = null;
      return;
    }
    const context = closestAttribute(parentOf(host), 'dir');
    const wanted = context === null && this.term.$dir === 'rtl' ? 'rtl' : null;
    if (wanted === current) return;
    if (wanted) host.setAttribute('dir', wanted);
    else host.removeAttribute('dir');
    this.#ownDir = wanted;
  }
}
