// What the layout suites share (layout.test.ts, layout-funding.test.ts): the widths and looks, the
// page dressed around an element, and the measures of what a shopper would notice (nothing sticking
// out sideways or cut off, one line), each width with its screenshot.
import { executeServerCommand } from '@web/test-runner-commands';
import { setViewport } from './commands.js';
import { expect } from './testing.js';
import { shadow } from './account.js';

/**
 * The widths, in two groups: MiniBrowser's window cannot make its viewport narrower than about
 * 447 px, so WebKit skips the phones' group (the elements size themselves by container queries,
 * which the wider widths there and every width in the other engines exercise).
 */
export const spans = [
  { widths: [320, 360, 390], title: 'at 320, 360 and 390 px (skipped where the window cannot be so narrow)' },
  { widths: [540, 768, 1280, 1920], title: 'at 540, 768, 1280 and 1920 px' },
] as const;
export type Widths = (typeof spans)[number]['widths'];
export const looks = [
  { theme: 'light', lang: 'en' },
  { theme: 'dark', lang: 'en' },
  { theme: 'light', lang: 'ar' },
  { theme: 'dark', lang: 'ar' },
] as const;
export type Look = (typeof looks)[number];

export type Laid = HTMLElement & { updateComplete: Promise<boolean> };

/** The page around the element: a phone page's padding (the hosted pages' 1.25rem), the theme's ground. */
export function dressPage(el: HTMLElement, look: Look): void {
  const wrapper = el.parentElement;
  if (!wrapper) throw new Error('no wrapper');
  wrapper.style.padding = '1.25rem';
  el.setAttribute('theme', look.theme);
  document.body.style.margin = '0';
  document.body.style.background = look.theme === 'dark' ? '#0f1216' : '#f6f7f9';
}

export async function settle(el: Laid): Promise<void> {
  await el.updateComplete;
  await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
}

/** What sticks out sideways: the page, the element, or any element inside it (by part or tag). */
export function overflows(el: HTMLElement): string[] {
  const found: string[] = [];
  const page = document.documentElement;
  if (page.scrollWidth > page.clientWidth) found.push(`page ${page.scrollWidth} > ${page.clientWidth}`);
  if (el.scrollWidth > el.clientWidth) found.push(`element ${el.scrollWidth} > ${el.clientWidth}`);
  const box = el.getBoundingClientRect();
  for (const inner of shadow(el).querySelectorAll<HTMLElement>('*')) {
    // text for assistive technology only (a narrow invoice's column headers among it)
    const hidden = inner.closest('.visually-hidden, thead');
    if ((hidden && hidden.getBoundingClientRect().height <= 1) || inner.localName === 'style') continue;
    const rect = inner.getBoundingClientRect();
    if (rect.width === 0 && rect.height === 0) continue;
    const name = inner.getAttribute('part') ?? inner.localName;
    if (rect.left < box.left - 0.5 || rect.right > box.right + 0.5)
      found.push(`${name} [${rect.left}, ${rect.right}] outside [${box.left}, ${box.right}]`);
    // a cell, a value or a field whose content is wider than itself is cut off or scrolls
    const clips = ['TD', 'TH', 'DD', 'P', 'H2', 'DT', 'SPAN', 'BUTTON', 'A', 'INPUT', 'LI'];
    if (clips.includes(inner.tagName) && inner.scrollWidth > inner.clientWidth + 1 && inner.clientWidth > 0)
      found.push(`${name} content ${inner.scrollWidth} > ${inner.clientWidth}`);
  }
  return found;
}

export function fontSize(element: Element): number {
  return parseFloat(getComputedStyle(element).fontSize);
}

/** Whether `element` lays out as one line box. */
export function oneLine(element: HTMLElement): boolean {
  const rects = element.getClientRects();
  const lineHeight = parseFloat(getComputedStyle(element).lineHeight);
  return rects.length === 1 && element.getBoundingClientRect().height < lineHeight * 1.5;
}

export async function shoot(name: string): Promise<void> {
  await executeServerCommand('save-screenshot', { name });
}

/** Runs `check` at each of `widths`, with a screenshot of each. */
export async function atEveryWidth(
  widths: Widths,
  name: string,
  look: Look,
  el: Laid,
  check: (width: number) => void,
): Promise<void> {
  for (const width of widths) {
    if (!(await setViewport({ width, height: 900 }))) throw new Error(`no viewport of ${width} px`);
    await settle(el);
    expect(overflows(el), `${name} ${width}px ${look.theme} ${look.lang}`).to.deep.equal([]);
    check(width);
    await shoot(`${name}-${width}-${look.theme}-${look.lang === 'ar' ? 'rtl' : 'ltr'}`);
  }
}
