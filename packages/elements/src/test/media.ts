// CSS media features and the media type as a page's styles see them, in every engine: neither
// WebDriver BiDi (Firefox) nor classic WebDriver (WebKit) can emulate them, so each @media rule of
// the page and of every open shadow root that asks about an emulated feature is turned on or off
// (its media text set to `all` or `not all`), and put back on the next call. The elements' own
// rules are what the tests hold to; the browser's evaluation of a media query is not ours to test.
// Call it once the elements are mounted: a style sheet first adopted afterwards is not rewritten.

export interface EmulatedMedia {
  media?: 'screen' | 'print';
  colorScheme?: 'light' | 'dark';
  reducedMotion?: 'no-preference' | 'reduce';
  contrast?: 'no-preference' | 'more' | 'less';
  forcedColors?: 'none' | 'active';
}

const featureNames: Record<Exclude<keyof EmulatedMedia, 'media'>, string> = {
  colorScheme: 'prefers-color-scheme',
  reducedMotion: 'prefers-reduced-motion',
  contrast: 'prefers-contrast',
  forcedColors: 'forced-colors',
};

/** Each rewritten rule and its own media text. */
const rewritten = new Map<CSSMediaRule, string>();

/** Every style sheet of the document and of its open shadow roots, nested ones included. */
function styleSheets(): CSSStyleSheet[] {
  const sheets = new Set<CSSStyleSheet>([...document.styleSheets, ...document.adoptedStyleSheets]);
  const visit = (root: Document | ShadowRoot): void => {
    for (const el of root.querySelectorAll('*')) {
      const inner = el.shadowRoot;
      if (!inner) continue;
      for (const sheet of inner.adoptedStyleSheets) sheets.add(sheet);
      for (const sheet of inner.styleSheets) sheets.add(sheet);
      visit(inner);
    }
  };
  visit(document);
  return [...sheets];
}

function mediaRules(rules: CSSRuleList, out: CSSMediaRule[] = []): CSSMediaRule[] {
  for (const rule of rules) {
    if (rule instanceof CSSMediaRule) out.push(rule);
    if ('cssRules' in rule) mediaRules((rule as CSSGroupingRule).cssRules, out);
  }
  return out;
}

/**
 * Whether one media query (`print`, `(a: b) and (c: d)`) holds under `emulated` (feature → value),
 * or null when it names nothing emulated (left as it is).
 */
function evaluate(
  query: string,
  emulated: Map<string, string>,
  mediaType: string | undefined,
): boolean | null {
  const parts = query.split(/\s+and\s+/);
  let touched = false;
  let holds = true;
  for (const part of parts) {
    const feature = /^\(\s*([a-z-]+)\s*:\s*([a-z-]+)\s*\)$/.exec(part.trim());
    if (feature) {
      const value = emulated.get(feature[1] ?? '');
      if (value !== undefined) {
        touched = true;
        holds &&= value === feature[2];
        continue;
      }
    } else if (/^(screen|print)$/.test(part.trim()) && mediaType) {
      touched = true;
      holds &&= part.trim() === mediaType;
      continue;
    } else if (/^(not|only)\b|\bor\b/.test(part.trim())) {
      throw new Error(`emulateMedia cannot read the media query "${query}"`);
    }
    holds &&= matchMedia(part).matches;
  }
  return touched ? holds : null;
}

/**
 * Shows the page as under `media` (each call replaces the last; `{}` puts every rule back).
 * `{ colorScheme: 'dark' }` turns on the rules under `(prefers-color-scheme: dark)` and off those
 * under `(prefers-color-scheme: light)`; a rule about features not named keeps following the browser.
 */
export function emulateMedia(media: EmulatedMedia): Promise<void> {
  for (const [rule, text] of rewritten) rule.media.mediaText = text;
  rewritten.clear();
  const emulated = new Map<string, string>();
  for (const [key, name] of Object.entries(featureNames)) {
    const value = media[key as keyof typeof featureNames];
    if (value) emulated.set(name, value);
  }
  if (emulated.size > 0 || media.media) {
    for (const sheet of styleSheets()) {
      for (const rule of mediaRules(sheet.cssRules)) {
        const text = rule.media.mediaText;
        const results = text.split(',').map((query) => evaluate(query.trim(), emulated, media.media));
        if (results.every((result) => result === null)) continue;
        const holds = results.some((result, i) =>
          result === null ? matchMedia(text.split(',')[i] ?? '').matches : result,
        );
        rewritten.set(rule, text);
        rule.media.mediaText = holds ? 'all' : 'not all';
      }
    }
  }
  // the next frame has the new styles laid out
  return new Promise((resolve) => requestAnimationFrame(() => resolve()));
}
