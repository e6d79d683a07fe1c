// Colour contrast as a shopper sees it: the computed colour of a text against the first opaque
// background behind it (walking out of shadow roots), by the WCAG 2 formula. And the media features
// the built-in emulateMedia cannot set with the Chrome launcher (test-media.js).
import { executeServerCommand } from '@web/test-runner-commands';

export interface Rgba {
  r: number;
  g: number;
  b: number;
  a: number;
}

/** A computed colour ("rgb(0, 0, 0)", "rgba(0, 0, 0, 0.5)", "color(srgb 1 1 1)") as 0–255 channels. */
export function parseColor(value: string): Rgba {
  const rgb = /^rgba?\(([\d.]+),\s*([\d.]+),\s*([\d.]+)(?:,\s*([\d.]+))?\)$/.exec(value);
  if (rgb) {
    return {
      r: Number(rgb[1]),
      g: Number(rgb[2]),
      b: Number(rgb[3]),
      a: rgb[4] === undefined ? 1 : Number(rgb[4]),
    };
  }
  const srgb = /^color\(srgb ([\d.]+) ([\d.]+) ([\d.]+)(?: \/ ([\d.]+))?\)$/.exec(value);
  if (srgb) {
    return {
      r: Number(srgb[1]) * 255,
      g: Number(srgb[2]) * 255,
      b: Number(srgb[3]) * 255,
      a: srgb[4] === undefined ? 1 : Number(srgb[4]),
    };
  }
  throw new Error(`cannot read the colour ${value}`);
}

function luminance({ r, g, b }: Rgba): number {
  const linear = (channel: number): number => {
    const c = channel / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * linear(r) + 0.7152 * linear(g) + 0.0722 * linear(b);
}

/** The WCAG 2 contrast ratio of two opaque colours, 1 to 21. */
export function contrastRatio(a: Rgba, b: Rgba): number {
  const [high, low] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return ((high ?? 0) + 0.05) / ((low ?? 0) + 0.05);
}

function parentOf(node: Element): Element | null {
  if (node.parentElement) return node.parentElement;
  const root = node.getRootNode();
  return root instanceof ShadowRoot ? root.host : null;
}

/** The first opaque background colour behind `element` (white, the page's, if none). */
export function backgroundBehind(element: Element): Rgba {
  for (let node: Element | null = element; node; node = parentOf(node)) {
    const color = parseColor(getComputedStyle(node).backgroundColor);
    if (color.a === 1) return color;
  }
  return { r: 255, g: 255, b: 255, a: 1 };
}

/** The contrast of `element`'s text colour against the background behind it. */
export function textContrast(element: Element): number {
  return contrastRatio(parseColor(getComputedStyle(element).color), backgroundBehind(element));
}

/** Emulates CSS media features (forced-colors, prefers-contrast, prefers-color-scheme…); [] for none. */
export async function emulateMediaFeatures(features: { name: string; value: string }[]): Promise<void> {
  await executeServerCommand('emulate-media-features', { features });
}
