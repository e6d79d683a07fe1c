// The locale of an element: its closest ancestor's `lang` (crossing shadow roots), then the page's,
// then the browser's. Hosts re-render when a `lang` attribute changes anywhere in the page's light DOM.
import type { ReactiveController, ReactiveControllerHost } from 'lit';
import { translationFor } from '../i18n/index.js';
import type { Translation } from '../i18n/types.js';
import { formatMoney } from '../lib/money.js';
import { formatClockFace, formatDurationWords } from '../lib/duration.js';

type Host = ReactiveControllerHost & HTMLElement;

const hosts = new Set<Host>();
let observer: MutationObserver | null = null;

function observeLang(): void {
  if (observer) return;
  observer = new MutationObserver(() => {
    for (const host of hosts) host.requestUpdate();
  });
  observer.observe(document.documentElement, { attributes: true, attributeFilter: ['lang'], subtree: true });
}

/** The `lang` of `element` or its closest ancestor, walking out of shadow roots; null if none. */
export function closestLang(element: Element): string | null {
  let node: Element | null = element;
  while (node) {
    const lang = node.getAttribute('lang');
    if (lang) return lang;
    if (node.parentElement) {
      node = node.parentElement;
    } else {
      const root = node.getRootNode();
      node = root instanceof ShadowRoot ? root.host : null;
    }
  }
  return null;
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

export class LocalizeController implements ReactiveController {
  private readonly host: Host;

  constructor(host: Host) {
    this.host = host;
    host.addController(this);
  }

  hostConnected(): void {
    hosts.add(this.host);
    observeLang();
  }

  hostDisconnected(): void {
    hosts.delete(this.host);
    if (hosts.size === 0) {
      observer?.disconnect();
      observer = null;
    }
  }

  /** The locale used for text and formatting. */
  lang(): string {
    return canonical(closestLang(this.host)) ?? canonical(navigator.language) ?? 'en';
  }

  /** The translation table for the current locale. */
  get term(): Translation {
    return translationFor(this.lang());
  }

  money(amount: string, currency: string): string {
    return formatMoney(amount, currency, this.lang());
  }

  dateTime(iso: string): string {
    return new Intl.DateTimeFormat(this.lang(), { dateStyle: 'long', timeStyle: 'short' }).format(
      new Date(iso),
    );
  }

  clockFace(ms: number): string {
    return formatClockFace(ms, this.lang());
  }

  durationWords(ms: number): string {
    return formatDurationWords(ms, this.lang());
  }
}
